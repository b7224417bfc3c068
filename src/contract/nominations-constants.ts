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

/** Shown when a certificate reference is unknown, withdrawn or declined. */
export const ANONYMOUS_NOMINATOR = 'Anonymous';
