import { FeaturePaused, featureOn } from '@/web/components/layout/feature-paused';
import { QuizHallOfFame } from '@/web/features/quiz/components/quiz-hall-of-fame';

/** /quiz/gallery: the Hall of Fame of results their takers made public. */
export default function QuizGalleryPage() {
  if (!featureOn('quiz')) return <FeaturePaused feature="quiz" />;
  return <QuizHallOfFame />;
}
