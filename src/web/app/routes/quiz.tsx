import { QuizRunner } from '@/web/features/quiz/components/quiz-runner';

/** /quiz: the questions. */
export default function QuizPage() {
  return <QuizRunner />;
}
