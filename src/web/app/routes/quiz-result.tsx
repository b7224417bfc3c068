import { pageHead } from '@/contract/pages';
import { useParams } from 'react-router';
import { QuizResultPage } from '@/web/features/quiz/components/quiz-result-page';
import type { QuizResult } from '@/contract/quiz';
import { quizResultQueryOptions } from '@/web/features/quiz/api/get-quiz-result';
import { queryKeys } from '@/web/lib/query-keys';
import { quizResultHead } from '@/web/features/quiz/lib/quiz-result-head';
import { answerOf, clientErrorOf, renderOnServer } from '../server-render';

export const head = pageHead({
  title: 'Your Quiz Result',
  description: 'The Committee has reviewed the answers and reached a verdict.',
  // A person's own result, found through its link only (docs/decisions/098).
  indexable: false,
});

/** /quiz/results/:resultId — keyed by the id so moving between results starts fresh. */
export default function QuizResultRoute() {
  const { resultId = '' } = useParams();
  return <QuizResultPage key={resultId} resultId={resultId} />;
}

/** Served with the result; unknown or malformed: 404 with the page's "not in the register". */
export const serverRender = renderOnServer(
  async (p) => {
    const resultId = p.params.resultId ?? '';
    await p.queryClient
      .fetchQuery({
        ...quizResultQueryOptions(resultId),
        retry: false,
        queryFn: () => p.fetchJson<QuizResult>(`/api/quiz/results/${encodeURIComponent(resultId)}`),
      })
      .catch(() => null);
    if (clientErrorOf(p, queryKeys.quiz.result(resultId)) !== null) return 404;
  },
  {
    head: (p) => {
      const { data, answered } = answerOf<QuizResult>(p, queryKeys.quiz.result(p.params.resultId ?? ''));
      return quizResultHead(data, answered);
    },
  },
);
