import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, primaryKey, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { awards } from './awards';
import { templates } from './templates';

/**
 * The "which award are you?" quiz (issue 13, docs/decisions/098). Questions and answers are content an admin
 * edits (switch off rather than delete; order by position); each answer leans towards 1–3 awards with a weight.
 * A result keeps the award it reached, so editing weights later never changes a result someone has shared.
 */
export const quizQuestions = pgTable(
  'quiz_questions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Stable name for the seed (and for admins' exports); never shown. */
    slug: text('slug').notNull().unique(),
    prompt: text('prompt').notNull(),
    /** A small line under the question, or null. */
    aside: text('aside'),
    position: integer('position').notNull().default(0),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('quiz_questions_position_idx').on(t.position)],
);

export const quizAnswers = pgTable(
  'quiz_answers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    questionId: uuid('question_id')
      .notNull()
      .references(() => quizQuestions.id, { onDelete: 'cascade' }),
    slug: text('slug').notNull().unique(),
    label: text('label').notNull(),
    position: integer('position').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('quiz_answers_question_id_idx').on(t.questionId, t.position)],
);

/** How far an answer leans towards an award. The result is the award with the highest sum over the answers given. */
export const quizAnswerWeights = pgTable(
  'quiz_answer_weights',
  {
    answerId: uuid('answer_id')
      .notNull()
      .references(() => quizAnswers.id, { onDelete: 'cascade' }),
    awardId: uuid('award_id')
      .notNull()
      .references(() => awards.id, { onDelete: 'cascade' }),
    weight: smallint('weight').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.answerId, t.awardId] }),
    index('quiz_answer_weights_award_id_idx').on(t.awardId),
    check('quiz_answer_weights_weight_check', sql`${t.weight} between 1 and 10`),
  ],
);

/**
 * One taken quiz. Anonymous by design: no account, no IP address. `public_id` is the unguessable reference
 * (/quiz/results/{public_id}); only a hash of the manage token is stored.
 */
export const quizResults = pgTable(
  'quiz_results',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** 16 random bytes, base64url (22 characters). */
    publicId: text('public_id').notNull().unique(),
    /** Printed on the certificate, e.g. QZ-7Q2K9. */
    certificateNumber: text('certificate_number').notNull().unique(),
    // Awards and templates with results cannot be deleted (deactivate them instead), as for nominations.
    awardId: uuid('award_id')
      .notNull()
      .references(() => awards.id, { onDelete: 'restrict' }),
    templateId: uuid('template_id')
      .notNull()
      .references(() => templates.id, { onDelete: 'restrict' }),
    /** What the taker typed ('' when nothing). */
    takerName: text('taker_name').notNull().default(''),
    /** The answer ids given, as sent (a record; answers may be edited or deleted later). */
    answerIds: jsonb('answer_ids').$type<string[]>().notNull(),
    /** In the public Hall of Fame: only when the taker ticked the box, and until they take it out. */
    inGallery: boolean('in_gallery').notNull().default(false),
    leftGalleryAt: timestamp('left_gallery_at', { withTimezone: true }),
    /** sha256 of the manage token (hex). */
    manageTokenHash: text('manage_token_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The Hall of Fame: newest first, all or one award.
    index('quiz_results_gallery_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()).where(sql`${t.inGallery}`),
    index('quiz_results_gallery_award_idx')
      .on(t.awardId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.inGallery}`),
  ],
);
