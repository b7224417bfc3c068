import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { quizContext } from './context';
import { QUIZ_RESULT_PAGE, quizResultHead } from './quiz-head';
import { quizRoutes } from './quiz.routes';

/**
 * The "which award are you?" quiz on the server (issue 13, docs/decisions/098): questions, scoring, results with
 * their certificate and share image, the Hall of Fame, and the link-preview tags of /quiz/results/{id}.
 */
export const quizModule: FastifyPluginAsyncZod = async (app) => {
  const ctx = quizContext(app);
  app.shell.addHeadResolver(QUIZ_RESULT_PAGE, quizResultHead(ctx, app.log));
  await app.register(quizRoutes(ctx));
};
