import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { quizContext } from './context';
import { quizRoutes } from './quiz.routes';

/**
 * The "which award are you?" quiz on the server (issue 13, docs/decisions/098): questions, scoring, results with
 * their certificate and share image, and the Hall of Fame (the link-preview tags of /quiz/results/{id} come with
 * the page's server render: web/features/quiz/lib/quiz-result-head.ts).
 */
export const quizModule: FastifyPluginAsyncZod = async (app) => {
  const ctx = quizContext(app);
  await app.register(quizRoutes(ctx));
};
