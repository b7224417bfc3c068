/**
 * The nominations module's face (docs/decisions/108): nominations: creating one, the nominator's list, the admin's
 * list, claim links, visitor ids and the services' context. Other modules, the workflows and the rest of the server
 * import it only from here (eslint: local/module-boundaries); its route plugins are registered by src/server/app.ts.
 */
export { revokeClaimTokens } from './claim-links';
export { type NominationsContext, nominationsContext } from './context';
export { cleanNominationText, resolveAwardAndTemplate } from './create-nomination';
export { CLAIM_TOKEN_PATTERN, hashClaimToken, newVisitorId, userVoter, VISITOR_ID_PATTERN, visitorVoter } from './ids';
export { eraseAddressInNominations, exportNominationsOf, forgetUserInNominations } from './integration';
export {
  activeTemplates,
  certificatePageUrl,
  certificateUrls,
  findById,
  findByShareId,
  isListed,
  isWithdrawn,
  type LoadedNomination,
  onCommunityWall,
  reactionSummaries,
  type ReactionSummary,
  requireVisibleByShareId,
  selectLoaded,
  toCertificates,
} from './nominations.service';
export { enforceLimit } from './rate-limits';
export { normaliseLine } from './text';
