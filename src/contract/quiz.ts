import { z } from 'zod';
import { QUIZ_LIMITS, QUIZ_MANAGE_TOKEN_PATTERN, QUIZ_RESULT_ID_PATTERN } from './quiz-constants';

export * from './quiz-constants';

/**
 * The "which award are you?" quiz (issue 13, docs/decisions/098).
 *
 *   GET  /api/quiz                                  the active questions and the awards they can lead to (no weights)
 *   POST /api/quiz/results                          answers → a result (201, with its manage token, shown once)
 *   GET  /api/quiz/results/:result_id               a result, for anyone with its link
 *   GET  /api/quiz/results/:result_id/certificate.svg   its certificate
 *   GET  /api/quiz/results/:result_id/share.png     its 1200×630 link-preview image
 *   POST /api/quiz/results/:result_id/leave-gallery take it out of the Hall of Fame (body: manage_token)
 *   GET  /api/quiz/gallery                          the Hall of Fame: opted-in results, newest first, by award, cursor-paged
 *
 * The browser sends only answer ids; weights and scores never leave the server.
 */

/** An award as the quiz shows it: a possible verdict, a result's verdict, a Hall of Fame entry's. */
export const quizAwardSchema = z.object({
  id: z.uuid(),
  slug: z.string(),
  title: z.string(),
  tagline: z.string().nullable(),
  description: z.string(),
  image_url: z.string().nullable(),
  category: z.object({ name: z.string(), color: z.string().nullable() }).nullable(),
});
export type QuizAward = z.infer<typeof quizAwardSchema>;

export const quizAnswerSchema = z.object({ id: z.uuid(), label: z.string() });
export type QuizAnswer = z.infer<typeof quizAnswerSchema>;

export const quizQuestionSchema = z.object({
  id: z.uuid(),
  prompt: z.string(),
  /** A line under the question, or null. */
  aside: z.string().nullable(),
  answers: z.array(quizAnswerSchema),
});
export type QuizQuestion = z.infer<typeof quizQuestionSchema>;

/** GET /api/quiz: the questions in order, each answer in order, and every award an answer can lead to. */
export const quizSchema = z.object({
  questions: z.array(quizQuestionSchema),
  /** Active awards with a weight on an active answer, by title. */
  outcomes: z.array(quizAwardSchema),
});
export type Quiz = z.infer<typeof quizSchema>;

/** POST /api/quiz/results */
export const createQuizResultBodySchema = z
  .object({
    /** One answer id per active question, in any order. */
    answers: z
      .array(z.uuid({ message: 'answers must hold answer ids' }), { message: 'answers must be a list of answer ids' })
      .min(1, { message: 'answers must hold one answer for every question' })
      .max(QUIZ_LIMITS.answers, { message: `answers may hold at most ${QUIZ_LIMITS.answers} ids` }),
    /** The name on the certificate; empty → "The Bearer of This Certificate". */
    name: z
      .string({ message: 'name must be text' })
      .trim()
      .max(QUIZ_LIMITS.name, { message: `name must be at most ${QUIZ_LIMITS.name} characters` })
      .default(''),
    /** Shown in the public Hall of Fame (with the name). Off unless the taker ticks the box. */
    in_gallery: z.boolean({ message: 'in_gallery must be true or false' }).default(false),
  })
  .strict();
export type CreateQuizResultBody = z.input<typeof createQuizResultBodySchema>;

export const quizResultSchema = z.object({
  /** 22 base64url characters (128 random bits): /quiz/results/{id}. */
  id: z.string(),
  certificate_number: z.string(),
  award: quizAwardSchema,
  /** What the taker typed, or null. */
  name: z.string().nullable(),
  in_gallery: z.boolean(),
  created_at: z.string(),
  /** Same-origin paths (docs/decisions/037). */
  urls: z.object({ page: z.string(), svg: z.string(), share_png: z.string() }),
});
export type QuizResult = z.infer<typeof quizResultSchema>;

/** 201 answer to POST /api/quiz/results. manage_token is shown once: only its hash is stored. */
export const createQuizResultResponseSchema = z.object({
  result: quizResultSchema,
  manage_token: z.string(),
});
export type CreateQuizResultResponse = z.infer<typeof createQuizResultResponseSchema>;

export const quizResultParamsSchema = z.object({
  result_id: z.string().regex(QUIZ_RESULT_ID_PATTERN, { message: 'result_id is not a quiz result link' }),
});

/** POST /api/quiz/results/:result_id/leave-gallery */
export const leaveQuizGalleryBodySchema = z
  .object({
    manage_token: z
      .string({ message: 'manage_token is required' })
      .regex(QUIZ_MANAGE_TOKEN_PATTERN, { message: 'manage_token is not a token this site gave out' }),
  })
  .strict();
export type LeaveQuizGalleryBody = z.input<typeof leaveQuizGalleryBodySchema>;

const pageSize = `limit must be a whole number from 1 to ${QUIZ_LIMITS.galleryPageMax}`;

/** GET /api/quiz/gallery */
export const quizGalleryQuerySchema = z
  .object({
    award_id: z.uuid({ message: 'award_id must be an award id (UUID)' }).optional(),
    /** Opaque cursor from the previous page's next_cursor. */
    cursor: z.string().max(200, { message: 'cursor is not valid: start again from the first page' }).optional(),
    limit: z.coerce
      .number({ message: pageSize })
      .int({ message: pageSize })
      .min(1, { message: pageSize })
      .max(QUIZ_LIMITS.galleryPageMax, { message: pageSize })
      .default(QUIZ_LIMITS.galleryPage),
  })
  .strict();
export type QuizGalleryQuery = z.input<typeof quizGalleryQuerySchema>;

export const quizGalleryItemSchema = z.object({
  id: z.string(),
  /** The name the taker typed and opted in with, or null. */
  name: z.string().nullable(),
  award: quizAwardSchema,
  created_at: z.string(),
  urls: z.object({ page: z.string() }),
});
export type QuizGalleryItem = z.infer<typeof quizGalleryItemSchema>;

export const quizGalleryPageSchema = z.object({
  items: z.array(quizGalleryItemSchema),
  next_cursor: z.string().nullable(),
});
export type QuizGalleryPage = z.infer<typeof quizGalleryPageSchema>;
