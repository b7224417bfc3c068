import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { utcTimestamp } from '@/contract/fields';
import { hrefs } from '@/contract/paths';
import {
  QUIZ_ERROR_CODES,
  QUIZ_LIMITS,
  type createQuizResultBodySchema,
  type Quiz,
  type QuizAward,
  type QuizGalleryPage,
  type quizGalleryQuerySchema,
  type QuizResult,
} from '@/contract/quiz';
import { normaliseLine } from '@/contract/text';
import type { Db } from '@/server/db/client';
import { awards, categories, quizAnswers, quizAnswerWeights, quizQuestions, quizResults, templates } from '@/server/db/schema/index';
import { badRequest, HttpError, notFound } from '@/server/lib/http-errors';
import { isUniqueViolation } from '@/server/lib/sql-text';
import { activeTemplates } from '../nominations';
import type { QuizContext } from './context';
import { hashManageToken, manageTokenMatches, newManageToken, newQuizCertificateNumber, newResultId } from './quiz-ids';
import { pickAward } from './scoring';

type AwardRow = typeof awards.$inferSelect;
type CategoryRow = typeof categories.$inferSelect;
export type QuizResultRow = typeof quizResults.$inferSelect;

/** A result with what its page and certificate show. */
export interface LoadedResult {
  result: QuizResultRow;
  award: AwardRow;
  category: CategoryRow | null;
  template: typeof templates.$inferSelect;
}

export function toQuizAward(award: AwardRow, category: Pick<CategoryRow, 'name' | 'color'> | null): QuizAward {
  return {
    id: award.id,
    slug: award.slug,
    title: award.title,
    tagline: award.tagline,
    description: award.description,
    image_url: award.imageUrl,
    category: category ? { name: category.name, color: category.color } : null,
  };
}

/** A result's page and files as same-origin paths (docs/decisions/037). */
export function resultUrls(publicId: string): QuizResult['urls'] {
  const api = `/api/quiz/results/${encodeURIComponent(publicId)}`;
  return { page: hrefs.quizResult(publicId), svg: `${api}/certificate.svg`, share_png: `${api}/share.png` };
}

export function toQuizResult({ result: r, award, category }: LoadedResult): QuizResult {
  return {
    id: r.publicId,
    certificate_number: r.certificateNumber,
    award: toQuizAward(award, category),
    name: r.takerName || null,
    in_gallery: r.inGallery,
    created_at: r.createdAt.toISOString(),
    urls: resultUrls(r.publicId),
  };
}

// ---- The questions ----

/** The active questions in order, with their answers in order. */
async function activeQuestions(db: Db) {
  const rows = await db
    .select({ question: quizQuestions, answer: quizAnswers })
    .from(quizQuestions)
    .innerJoin(quizAnswers, eq(quizAnswers.questionId, quizQuestions.id))
    .where(eq(quizQuestions.isActive, true))
    .orderBy(asc(quizQuestions.position), asc(quizQuestions.slug), asc(quizAnswers.position), asc(quizAnswers.slug));
  const questions = new Map<string, { question: typeof quizQuestions.$inferSelect; answers: (typeof quizAnswers.$inferSelect)[] }>();
  for (const { question, answer } of rows) {
    const q = questions.get(question.id) ?? { question, answers: [] };
    q.answers.push(answer);
    questions.set(question.id, q);
  }
  return [...questions.values()];
}

/** Active awards joined with their active category. */
const activeAwardsJoined = (db: Pick<Db, 'select'>) =>
  db
    .select({ award: awards, category: categories })
    .from(awards)
    .leftJoin(categories, and(eq(categories.id, awards.categoryId), eq(categories.isActive, true)))
    .where(eq(awards.isActive, true))
    .$dynamic();

/** GET /api/quiz: what a visitor needs to take the quiz, and the verdicts it can reach. Never the weights. */
export async function quizForVisitors(db: Db): Promise<Quiz> {
  const questions = await activeQuestions(db);
  const answerIds = questions.flatMap((q) => q.answers.map((a) => a.id));
  const outcomes = answerIds.length
    ? await activeAwardsJoined(db)
        .where(
          and(
            eq(awards.isActive, true),
            inArray(awards.id, db.selectDistinct({ id: quizAnswerWeights.awardId }).from(quizAnswerWeights).where(inArray(quizAnswerWeights.answerId, answerIds))),
          ),
        )
        .orderBy(asc(awards.title))
    : [];
  return {
    questions: questions.map(({ question, answers }) => ({
      id: question.id,
      prompt: question.prompt,
      aside: question.aside,
      answers: answers.map((a) => ({ id: a.id, label: a.label })),
    })),
    outcomes: outcomes.map((o) => toQuizAward(o.award, o.category)),
  };
}

// ---- Results ----

export type CreateQuizResultInput = z.output<typeof createQuizResultBodySchema>;

const quote = (s: string) => `“${s.length > 60 ? `${s.slice(0, 57)}…` : s}”`;

/**
 * Checks the answers against the active questions: one known answer per question, every question answered once.
 * Refusals name the field (`answers`, or `answers.{i}` for an id that answers nothing).
 */
function checkAnswers(questions: Awaited<ReturnType<typeof activeQuestions>>, answerIds: readonly string[]) {
  const questionOf = new Map<string, number>();
  questions.forEach((q, i) => q.answers.forEach((a) => questionOf.set(a.id, i)));
  const answered = new Map<number, string>();
  answerIds.forEach((id, i) => {
    const q = questionOf.get(id);
    if (q === undefined) {
      throw badRequest(`answers.${i} is not an answer to a question of this quiz. The quiz may have changed: please start again.`, `answers.${i}`);
    }
    if (answered.has(q)) throw badRequest(`answers holds two answers to question ${q + 1}: give one answer per question`, 'answers');
    answered.set(q, id);
  });
  const missing = questions.findIndex((_, i) => !answered.has(i));
  if (missing >= 0) {
    throw badRequest(`answers has no answer to question ${missing + 1} (${quote(questions[missing]!.question.prompt)}): answer every question once`, 'answers');
  }
}

/** The award the answers lead to, by the weights in the database (scoring.ts). */
async function verdict(db: Db, answerIds: readonly string[]) {
  const [weights, candidates] = await Promise.all([
    db
      .select({ answerId: quizAnswerWeights.answerId, awardId: quizAnswerWeights.awardId, weight: quizAnswerWeights.weight })
      .from(quizAnswerWeights)
      .where(inArray(quizAnswerWeights.answerId, [...answerIds])),
    db.select({ id: awards.id, slug: awards.slug, sortOrder: awards.sortOrder }).from(awards).where(eq(awards.isActive, true)),
  ]);
  return pickAward(answerIds, weights, candidates);
}

const unavailable = () =>
  new HttpError(503, QUIZ_ERROR_CODES.unavailable, 'The quiz is closed for a moment while the Committee rearranges its questions. Please try again later.');

/**
 * Scores the answers and stores the result with a new public id, certificate number and manage token (only its hash
 * is kept). On the rare collision of an id or number the insert is tried again with new ones.
 */
export async function createQuizResult(ctx: QuizContext, input: CreateQuizResultInput): Promise<{ result: QuizResult; manageToken: string }> {
  const questions = await activeQuestions(ctx.db);
  if (!questions.length) throw unavailable();
  checkAnswers(questions, input.answers);
  const award = await verdict(ctx.db, input.answers);
  const [template] = await activeTemplates(ctx.db);
  if (!award || !template) throw unavailable();
  const name = normaliseLine(input.name).slice(0, QUIZ_LIMITS.name);
  const manageToken = newManageToken();

  let publicId: string | null = null;
  for (let attempt = 0; publicId === null; attempt++) {
    try {
      const [row] = await ctx.db
        .insert(quizResults)
        .values({
          publicId: newResultId(),
          certificateNumber: newQuizCertificateNumber(attempt < 3 ? 5 : 7),
          awardId: award.id,
          templateId: template.id,
          takerName: name,
          answerIds: [...input.answers],
          inGallery: input.in_gallery,
          manageTokenHash: hashManageToken(manageToken),
        })
        .returning({ publicId: quizResults.publicId });
      publicId = row!.publicId;
    } catch (err) {
      if (!isUniqueViolation(err) || attempt >= 5) throw err;
    }
  }
  return { result: toQuizResult((await findResult(ctx.db, publicId))!), manageToken };
}

const selectLoaded = (db: Pick<Db, 'select'>) =>
  db
    .select({ result: quizResults, award: awards, category: categories, template: templates })
    .from(quizResults)
    .innerJoin(awards, eq(awards.id, quizResults.awardId))
    .leftJoin(categories, and(eq(categories.id, awards.categoryId), eq(categories.isActive, true)))
    .innerJoin(templates, eq(templates.id, quizResults.templateId))
    .$dynamic();

export async function findResult(db: Db, publicId: string): Promise<LoadedResult | null> {
  const [row] = await selectLoaded(db).where(eq(quizResults.publicId, publicId)).limit(1);
  return row ?? null;
}

export async function requireResult(db: Db, publicId: string): Promise<LoadedResult> {
  const loaded = await findResult(db, publicId);
  if (!loaded) throw notFound('We could not find this quiz result. Check the link and try again.', QUIZ_ERROR_CODES.resultNotFound);
  return loaded;
}

/** Takes a result out of the Hall of Fame, for the browser holding its manage token. Taking it out twice is fine. */
export async function leaveGallery(db: Db, publicId: string, manageToken: string): Promise<QuizResult> {
  const loaded = await requireResult(db, publicId);
  if (!manageTokenMatches(manageToken, loaded.result.manageTokenHash)) {
    throw new HttpError(403, QUIZ_ERROR_CODES.wrongToken, 'Only the browser that took this quiz can change where its result is shown.', 'manage_token');
  }
  if (loaded.result.inGallery) {
    await db.update(quizResults).set({ inGallery: false, leftGalleryAt: sql`now()` }).where(eq(quizResults.id, loaded.result.id));
  }
  return toQuizResult((await findResult(db, publicId))!);
}

// ---- The Hall of Fame ----

type GalleryQuery = z.output<typeof quizGalleryQuerySchema>;

/** Keyset cursor: the last item's created_at (PostgreSQL's microsecond text, so no item is skipped) and id. */
const cursorSchema = z.object({ t: utcTimestamp('t'), i: z.uuid() });
type Cursor = z.infer<typeof cursorSchema>;

const encodeCursor = (c: Cursor) => Buffer.from(JSON.stringify(c), 'utf8').toString('base64url');

function decodeCursor(raw: string): Cursor {
  const bad = () => badRequest('cursor is not valid: start again from the first page', 'cursor');
  let json: unknown;
  try {
    json = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8'));
  } catch {
    throw bad();
  }
  const c = cursorSchema.safeParse(json);
  if (!c.success) throw bad();
  return c.data;
}

const createdAtText = sql<string>`to_char(${quizResults.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/** Results whose takers opted in and have not taken them out, newest first, optionally one award; keyset-paged. */
export async function galleryPage(db: Db, q: GalleryQuery): Promise<QuizGalleryPage> {
  const where: SQL[] = [eq(quizResults.inGallery, true)];
  if (q.award_id) where.push(eq(quizResults.awardId, q.award_id));
  if (q.cursor) {
    const c = decodeCursor(q.cursor);
    where.push(sql`(${quizResults.createdAt}, ${quizResults.id}) < (${c.t}::timestamptz, ${c.i}::uuid)`);
  }
  const rows = await db
    .select({ result: quizResults, award: awards, category: categories, t: createdAtText })
    .from(quizResults)
    .innerJoin(awards, eq(awards.id, quizResults.awardId))
    .leftJoin(categories, and(eq(categories.id, awards.categoryId), eq(categories.isActive, true)))
    .where(and(...where))
    .orderBy(desc(quizResults.createdAt), desc(quizResults.id))
    .limit(q.limit + 1);
  const page = rows.slice(0, q.limit);
  const last = page[page.length - 1];
  const next_cursor = rows.length > q.limit && last ? encodeCursor({ t: last.t, i: last.result.id }) : null;
  return {
    items: page.map((l) => ({
      id: l.result.publicId,
      // Only what the taker typed and opted in with: a result in the gallery was opted in.
      name: l.result.takerName || null,
      award: toQuizAward(l.award, l.category),
      created_at: l.result.createdAt.toISOString(),
      urls: { page: hrefs.quizResult(l.result.publicId) },
    })),
    next_cursor,
  };
}
