import { QuizLanding } from '@/web/features/quiz/components/quiz-landing';

/** /quiz-landing: what the quiz is and the way in. */
export default function QuizLandingPage() {
  return <QuizLanding />;
}
