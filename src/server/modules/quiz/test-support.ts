import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { CreateQuizResultBody, CreateQuizResultResponse, Quiz } from '@/contract/quiz';
import type { Db } from '@/server/db/client';
import { quizAnswers } from '@/server/db/schema/index';
import type { TestClient } from '@/server/test/auth-client';

/** The quiz as a visitor gets it. */
export async function getQuiz(app: FastifyInstance): Promise<Quiz> {
  return (await app.inject({ method: 'GET', url: '/api/quiz' })).json<Quiz>();
}

/** Answer ids by the seed's answer slugs (src/server/db/seed/quiz-data.ts). */
export async function answerIdsBySlug(db: Db, slugs: readonly string[]): Promise<string[]> {
  const ids: string[] = [];
  for (const slug of slugs) {
    const [row] = await db.select({ id: quizAnswers.id }).from(quizAnswers).where(eq(quizAnswers.slug, slug));
    if (!row) throw new Error(`no seeded answer ${slug}`);
    ids.push(row.id);
  }
  return ids;
}

/** The first answer of every question: a complete, valid submission. */
export const firstAnswers = (quiz: Quiz) => quiz.questions.map((q) => q.answers[0]!.id);

export async function takeQuiz(client: TestClient, body: CreateQuizResultBody): Promise<CreateQuizResultResponse> {
  const res = await client.post('/api/quiz/results', body);
  if (res.statusCode !== 201) throw new Error(`quiz result failed: ${res.statusCode} ${res.body}`);
  return res.json<CreateQuizResultResponse>();
}

/**
 * A cat person's answers: the cat on the legs, the yoga mat, the cat in charge; the rest lean elsewhere, each
 * towards a different award. Certified Cat Furniture wins by 8 to 5.
 */
export const CAT_PERSON = [
  'the-alarm-cat',
  'the-invitation-email',
  'the-desk-stapler',
  'the-dinner-photo',
  'the-recipe-freestyle',
  'the-password-caps',
  'the-evening-yoga',
  'the-train-platform',
  'the-search-sock',
  'the-household-cat',
];
