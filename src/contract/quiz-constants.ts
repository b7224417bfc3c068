// Zod-free so pages can use them without loading the validation library.

/** What a quiz taker may type or send (docs/decisions/098). */
export const QUIZ_LIMITS = {
  /** The taker's name on the certificate, trimmed. */
  name: 60,
  /** Answer ids in one submission: a bound far above any quiz, so a body can never be huge. */
  answers: 50,
  /** Hall of Fame page size: the default and the cap. */
  galleryPage: 12,
  galleryPageMax: 48,
} as const;

/** Per-IP limit on new quiz results (anonymous, so counted by address in the database). */
export const QUIZ_RESULT_RATE_LIMIT = { max: 20, windowMinutes: 60 } as const;

/** A result's public id: 16 random bytes as base64url (128 bits), the path of /quiz/results/{id}. */
export const QUIZ_RESULT_ID_PATTERN = /^[A-Za-z0-9_-]{22}$/;
/** The token that lets the browser that made a result take it out of the Hall of Fame: 32 random bytes, base64url. */
export const QUIZ_MANAGE_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** Errors the quiz answers with, besides validation. */
export const QUIZ_ERROR_CODES = {
  /** 404: no result with this id. */
  resultNotFound: 'QUIZ_RESULT_NOT_FOUND',
  /** 403: the manage token does not belong to this result. */
  wrongToken: 'QUIZ_TOKEN_INVALID',
  /** 503: no active question or award to score against (an admin switched everything off). */
  unavailable: 'QUIZ_UNAVAILABLE',
} as const;

/** Who signs a quiz certificate, in place of a nominator. */
export const QUIZ_SIGNATORY = 'The Quiz Committee';
/** The name on a certificate whose taker gave none. */
export const QUIZ_ANONYMOUS_NAME = 'The Bearer of This Certificate';
