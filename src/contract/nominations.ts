import { z } from 'zod';
import { calendarDate, pageNumber } from './fields';
import { NOMINATION_LIMITS, REACTION_KINDS } from './nominations-constants';

export * from './nominations-constants';

/**
 * Nominations, certificates, claims and the community wall (issue 4).
 *
 * Identifiers a visitor sees:
 *  - share_id: 16 random base62 characters; the public certificate lives at /certificate/{share_id}
 *    (and its QR code points there). Unguessable, so private certificates stay private to link holders.
 *  - certificate_number: short human reference printed on the certificate (e.g. CF-7Q2K9).
 *  - claim token: 43 base64url characters (32 random bytes), only its SHA-256 is stored; the claim link
 *    /claim/{token} is shown once to the nominator and mailed to the nominee.
 */

const trimmed = (field: string, max: number) =>
  z
    .string({ message: `${field} must be text` })
    .trim()
    .max(max, { message: `${field} must be at most ${max} characters` });

const requiredText = (field: string, label: string, max: number) =>
  trimmed(field, max).min(1, { message: `${label} is required` });

const optionalEmail = (field: string) =>
  z
    .string({ message: `${field} must be text` })
    .trim()
    .max(254, { message: `${field} must be at most 254 characters` })
    .pipe(z.union([z.literal(''), z.email({ message: `${field} must be a valid email address` })]))
    .optional()
    .transform((v) => (v ? v.toLowerCase() : null));

export const nominationStatusSchema = z.enum(['pending', 'claimed', 'declined']);
export type NominationStatus = z.infer<typeof nominationStatusSchema>;

/** POST /api/nominations */
export const createNominationBodySchema = z
  .object({
    award_id: z.uuid({ message: 'Please choose an award' }),
    /** Design template id; the first active template when omitted. */
    template_id: z.uuid({ message: 'template_id must be a design template id' }).optional(),
    nominee_name: requiredText('nominee_name', "The nominee's name", NOMINATION_LIMITS.name),
    nominee_email: optionalEmail('nominee_email'),
    reason: trimmed('reason', NOMINATION_LIMITS.reason).default(''),
    /** Empty → the certificate says 'Anonymous'. */
    nominator_name: trimmed('nominator_name', NOMINATION_LIMITS.name).default(''),
    nominator_email: optionalEmail('nominator_email'),
    is_public: z.boolean({ message: 'is_public must be true or false' }).default(true),
    /** Honeypot: a hidden field people never fill in. Anything here → the request is refused as spam. */
    website: z.string().max(500).optional(),
  })
  .strict();
export type CreateNominationBody = z.input<typeof createNominationBodySchema>;

/** POST /api/certificates/preview: the same fields as a nomination, all optional; answers image/svg+xml. */
export const certificatePreviewBodySchema = z
  .object({
    award_id: z.uuid({ message: 'Please choose an award' }),
    template_id: z.uuid({ message: 'template_id must be a design template id' }).optional(),
    nominee_name: trimmed('nominee_name', NOMINATION_LIMITS.name).default(''),
    reason: trimmed('reason', NOMINATION_LIMITS.reason).default(''),
    nominator_name: trimmed('nominator_name', NOMINATION_LIMITS.name).default(''),
  })
  .strict();
export type CertificatePreviewBody = z.input<typeof certificatePreviewBodySchema>;

/** GET /api/certificates/preview.svg: an award (and a design) with the placeholder name. */
export const certificatePreviewQuerySchema = certificatePreviewBodySchema.pick({ award_id: true, template_id: true }).strict();

const reactionCountsSchema = z.record(z.enum(REACTION_KINDS), z.number().int());

/** What anyone with the link may see of a certificate (its public page, the community wall). */
export const certificateSchema = z.object({
  share_id: z.string(),
  certificate_number: z.string(),
  award: z.object({
    id: z.uuid(),
    title: z.string(),
    tagline: z.string().nullable(),
    description: z.string(),
    image_url: z.string().nullable(),
    category: z.object({ id: z.uuid(), name: z.string(), color: z.string().nullable() }).nullable(),
  }),
  template: z.object({ id: z.uuid(), slug: z.string(), name: z.string() }),
  nominee_name: z.string(),
  reason: z.string(),
  /** 'Anonymous' when the nominator gave no name. */
  nominator_name: z.string(),
  is_public: z.boolean(),
  status: nominationStatusSchema,
  issued_at: z.string(),
  /**
   * Same-origin paths (`/certificate/{share_id}`, `/api/certificates/{share_id}/…`), so they work on
   * whatever host name the page was opened with; resolve them against the page's origin to share
   * them (docs/decisions/037).
   */
  urls: z.object({
    page: z.string(),
    svg: z.string(),
    share_png: z.string(),
    print_png: z.string(),
    pdf: z.string(),
  }),
  reactions: reactionCountsSchema,
  /** This visitor's reaction, if any. */
  my_reaction: z.enum(REACTION_KINDS).nullable(),
});
export type Certificate = z.infer<typeof certificateSchema>;

/** 201 answer to POST /api/nominations. claim_url is shown once: only its hash is stored. */
export const createNominationResultSchema = z.object({
  certificate: certificateSchema,
  /** The path `/claim/{token}`; the mail to the nominee carries it on PUBLIC_URL. */
  claim_url: z.string(),
  /** Whether a claim mail went to the nominee (an email was given). */
  claim_mail_sent: z.boolean(),
});
export type CreateNominationResult = z.infer<typeof createNominationResultSchema>;

export const shareIdParamsSchema = z.object({
  share_id: z.string().regex(/^[0-9A-Za-z]{16}$/, { message: 'share_id is not a certificate link' }),
});

export const claimTokenParamsSchema = z.object({
  token: z.string().regex(/^[\w-]{43}$/, { message: 'This claim link is not valid' }),
});

/**
 * GET /api/claims/:token — 404 CLAIM_NOT_FOUND for unknown or replaced tokens (and while moderators have
 * hidden the certificate), 410 CLAIM_USED once the nominee has declined. After an accept the link keeps
 * answering 200 with status 'claimed', so the nominee can still download it or change their mind and
 * decline (docs/decisions/031).
 */
export const claimSchema = z.object({
  certificate: certificateSchema,
  status: nominationStatusSchema,
});
export type Claim = z.infer<typeof claimSchema>;


/** POST /api/claims/:token/accept — signed-in nominees see it on /account afterwards. 410 CLAIM_USED when already accepted or declined. */
export const acceptClaimResultSchema = z.object({ certificate: certificateSchema, linked_to_account: z.boolean() });
/** POST /api/claims/:token/decline — final (also after an accept); the certificate leaves public view at once. */
export const declineClaimResultSchema = z.object({ status: z.literal('declined') });

/** GET /api/community */
export const communityQuerySchema = z
  .object({
    sort: z.enum(['newest', 'most_liked'], { message: "sort must be 'newest' or 'most_liked'" }).default('newest'),
    category_id: z.uuid({ message: 'category_id must be a category id (UUID)' }).optional(),
    /** Opaque cursor from the previous page's next_cursor. */
    cursor: z.string().max(200).optional(),
    limit: z.coerce
      .number({ message: 'limit must be a whole number from 1 to 48' })
      .int({ message: 'limit must be a whole number from 1 to 48' })
      .min(1, { message: 'limit must be a whole number from 1 to 48' })
      .max(48, { message: 'limit must be a whole number from 1 to 48' })
      .default(12),
  })
  .strict();
export type CommunityQuery = z.input<typeof communityQuerySchema>;

export const communityPageSchema = z.object({
  items: z.array(certificateSchema),
  next_cursor: z.string().nullable(),
});
export type CommunityPage = z.infer<typeof communityPageSchema>;

/** POST /api/certificates/:share_id/reaction — one reaction per visitor (signed in: per account). */
export const reactionBodySchema = z
  .object({ kind: z.enum(REACTION_KINDS, { message: `kind must be one of ${REACTION_KINDS.join(', ')}` }) })
  .strict();
export const reactionResultSchema = z.object({ reactions: reactionCountsSchema, my_reaction: z.enum(REACTION_KINDS).nullable() });

/** GET /api/account/nominations */
export const myNominationsSchema = z.object({
  /** Newest first, declined and hidden ones included (their files answer 410). */
  made: z.array(
    certificateSchema.extend({
      nominee_email: z.string().nullable(),
      /** Hidden by moderators: out of public view. */
      hidden: z.boolean(),
    }),
  ),
  /** Certificates I accepted while signed in, newest first. */
  received: z.array(certificateSchema.extend({ hidden: z.boolean() })),
});
export type MyNominations = z.infer<typeof myNominationsSchema>;

/**
 * POST /api/account/nominations/:share_id/claim-link — a fresh claim link (the old one stops working).
 * Only the signed-in nominator, only while pending (409 NOT_PENDING otherwise; 404 for anyone else).
 * When the nominee has an email they get the new link too, so the mailed link never goes dead.
 */
export const newClaimLinkSchema = z.object({
  /** The path `/claim/{token}`, like createNominationResultSchema's. */
  claim_url: z.string(),
  claim_mail_sent: z.boolean(),
});


// ---- Admin (/api/admin/nominations) ----
//  GET    /api/admin/nominations                    list (adminNominationListQuerySchema → adminNominationListSchema)
//  GET    /api/admin/nominations/:id                detail (adminNominationSchema)
//  POST   /api/admin/nominations/:id/hide           body adminHideBodySchema → adminNominationSchema
//  POST   /api/admin/nominations/:id/unhide         → adminNominationSchema
//  POST   /api/admin/nominations/:id/resend-claim   new claim link mailed to the nominee (old one revoked)
//                                                    → adminResendClaimResultSchema; 409 NO_NOMINEE_EMAIL / NOT_PENDING
//  DELETE /api/admin/nominations/:id                → { ok: true }
// Every action writes an audit row; unknown ids answer 404.

export const adminNominationSchema = certificateSchema.extend({
  id: z.uuid(),
  nominee_email: z.string().nullable(),
  nominator_email: z.string().nullable(),
  nominator_user_id: z.string().nullable(),
  claimed_by_user_id: z.string().nullable(),
  hidden: z.boolean(),
  hidden_reason: z.string().nullable(),
  created_at: z.string(),
  claimed_at: z.string().nullable(),
  declined_at: z.string().nullable(),
});
export type AdminNomination = z.infer<typeof adminNominationSchema>;

export const adminNominationListQuerySchema = z
  .object({
    search: z.string().trim().max(100, { message: 'search must be at most 100 characters' }).optional(),
    /** pending/claimed/declined: that status and not hidden; hidden: hidden by moderators, whatever the status. */
    status: z.enum(['pending', 'claimed', 'declined', 'hidden'], { message: 'status must be pending, claimed, declined or hidden' }).optional(),
    award_id: z.uuid({ message: 'award_id must be an award id (UUID)' }).optional(),
    visibility: z.enum(['public', 'private'], { message: "visibility must be 'public' or 'private'" }).optional(),
    from: calendarDate('from').optional(),
    to: calendarDate('to').optional(),
    page: pageNumber(),
    page_size: z.coerce
      .number({ message: 'page_size must be a whole number from 1 to 100' })
      .int()
      .min(1, { message: 'page_size must be a whole number from 1 to 100' })
      .max(100, { message: 'page_size must be a whole number from 1 to 100' })
      .default(25),
  })
  .strict();
export type AdminNominationListQuery = z.input<typeof adminNominationListQuerySchema>;

export const adminNominationListSchema = z.object({
  nominations: z.array(adminNominationSchema),
  total: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
});

export const adminNominationParamsSchema = z.object({ id: z.uuid({ message: 'id must be a nomination id (UUID)' }) });
export const adminHideBodySchema = z
  .object({ reason: trimmed('reason', 500).min(1, { message: 'Please give a reason for hiding it' }) })
  .strict();

export const adminResendClaimResultSchema = z.object({ nomination: adminNominationSchema, claim_mail_sent: z.boolean() });
