import type { QuizResult } from '@/contract/quiz';
import type { HeadOverrides } from '@/contract/seo';
import { oneLine } from '@/contract/text';

/**
 * The head of /quiz/results/{id} from the API's answer, served and in the browser alike: a shared link previews as
 * the result (og:image = its 1200×630 share PNG). Never indexed: results are people's own, found through their link
 * only (docs/decisions/098). `answered` false: no answer yet.
 */
export function quizResultHead(r: QuizResult | undefined, answered: boolean): HeadOverrides | null {
  if (r) {
    const title = oneLine(r.award.title, 100);
    return {
      title: r.name ? `${oneLine(r.name, 60)} is officially: ${title}` : `The quiz has spoken: ${title}`,
      description: `${oneLine(r.award.tagline ?? r.award.description, 160)} Certificate ${r.certificate_number}. Which award do you deserve? Take the quiz.`,
      image: r.urls.share_png,
      noindex: true,
    };
  }
  return answered
    ? { title: 'Quiz Result Not Found', description: 'This quiz result does not exist. Take the quiz and find out which award you deserve.', noindex: true }
    : null;
}
