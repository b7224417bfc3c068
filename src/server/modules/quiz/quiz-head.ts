import type { FastifyBaseLogger } from 'fastify';
import { QUIZ_RESULT_ID_PATTERN } from '@/contract/quiz';
import type { HeadOverrides } from '@/server/lib/page-head';
import { oneLine } from '../mail';
import type { QuizContext } from './context';
import { findResult, resultUrls } from './quiz.service';

export const QUIZ_RESULT_PAGE = /^\/quiz\/results\/([^/]+)\/?$/;

const UNKNOWN: HeadOverrides = {
  title: 'Quiz Result Not Found',
  description: 'This quiz result does not exist. Take the quiz and find out which award you deserve.',
  noindex: true,
};

/**
 * Served HTML of /quiz/results/{id}: a shared link previews as the result (og:title, og:image = its 1200×630 share
 * PNG). Results are never indexed: they are people's own, found only through their link.
 */
export function quizResultHead(ctx: QuizContext, log: FastifyBaseLogger) {
  return async (match: RegExpExecArray): Promise<HeadOverrides | null> => {
    try {
      const id = match[1]!;
      const loaded = QUIZ_RESULT_ID_PATTERN.test(id) ? await findResult(ctx.db, id) : null;
      if (!loaded) return UNKNOWN;
      const { result, award } = loaded;
      const title = oneLine(award.title, 100);
      return {
        title: result.takerName ? `${oneLine(result.takerName, 60)} is officially: ${title}` : `The quiz has spoken: ${title}`,
        description: `${oneLine(award.tagline ?? award.description, 160)} Certificate ${result.certificateNumber}. Which award do you deserve? Take the quiz.`,
        // A path: the head tags make it absolute on PUBLIC_URL, as a link preview needs.
        image: resultUrls(result.publicId).share_png,
        noindex: true,
      };
    } catch (err) {
      // The page still works without its preview tags.
      log.warn({ err }, 'quiz result head tags failed');
      return { noindex: true };
    }
  };
}
