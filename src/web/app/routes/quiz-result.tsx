import { useParams } from 'react-router';
import { QuizResultPage } from '@/web/features/quiz/components/quiz-result-page';

/** /quiz/results/:resultId — keyed by the id so moving between results starts fresh. */
export default function QuizResultRoute() {
  const { resultId = '' } = useParams();
  return <QuizResultPage key={resultId} resultId={resultId} />;
}
