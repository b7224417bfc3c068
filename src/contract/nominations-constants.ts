// Zod-free so pages can use them without loading the validation library.

/** Lengths of what people type into a nomination (the certificate layout is designed for these). */
export const NOMINATION_LIMITS = {
  name: 80,
  reason: 280,
} as const;

/** One reaction per visitor per certificate; changing it replaces the old one. */
export const REACTION_KINDS = ['applause', 'laugh', 'salute'] as const;
export type ReactionKind = (typeof REACTION_KINDS)[number];

export const REACTION_LABELS: Record<ReactionKind, { emoji: string; label: string }> = {
  applause: { emoji: '👏', label: 'Applause' },
  laugh: { emoji: '😂', label: 'Laugh' },
  salute: { emoji: '🫡', label: 'Salute' },
};

/** Per-IP limit on new nominations (spam protection). */
export const NOMINATION_RATE_LIMIT = { max: 10, windowMinutes: 60 } as const;

/** What a certificate says when the nominator gave no name. */
export const ANONYMOUS_NOMINATOR = 'Anonymous';

/** Per-IP limit on live previews (POST /api/certificates/preview); debounce typing in the page. */
export const PREVIEW_RATE_LIMIT = { max: 300, windowMinutes: 5 } as const;

/** Per-IP limit on adding, changing and removing reactions. */
export const REACTION_RATE_LIMIT = { max: 60, windowMinutes: 10 } as const;

/**
 * httpOnly cookie naming an anonymous visitor, so they keep one reaction per certificate
 * (docs/decisions/033). Set only when a signed-out visitor reacts; 1 year; Path=/api.
 */
export const VISITOR_COOKIE = 'certifiable_visitor';

/** Errors of the claim endpoints: 404 unknown/replaced/hidden, 410 already answered. */
export const CLAIM_ERROR_CODES = { notFound: 'CLAIM_NOT_FOUND', used: 'CLAIM_USED' } as const;

/** Errors of GET /api/certificates/:share_id and its files. */
export const CERTIFICATE_ERROR_CODES = {
  /** 404: no such certificate (or deleted). */
  notFound: 'CERTIFICATE_NOT_FOUND',
  /** 410: declined by the nominee or hidden by moderators; the message does not say which. */
  withdrawn: 'CERTIFICATE_WITHDRAWN',
} as const;
