/**
 * The funnel module's face (docs/decisions/099, 108): a funnel order's window for one-time offers and the offers.
 * Its tables are written nowhere else.
 */
export {
  acceptedOffer,
  chargesUnderWay,
  claimOffer,
  closeOffers,
  DECLINED_EXTRA_NOTICE,
  declineOfferRow,
  failOffer,
  funnelOrderView,
  funnelSessionOf,
  getFunnel,
  lockClaimedOffer,
  offerPrice,
  offersClosed,
  offerAmount,
  openOffers,
  reopenOffer,
  requireFunnelOrder,
  type FunnelReadDeps,
  type FunnelSessionRow,
  type OfferRow,
} from './funnel.service';
export { closeFunnelJob } from './funnel.job-defs';
