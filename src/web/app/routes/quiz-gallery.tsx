import { ComingSoon } from '@/web/components/layout/coming-soon';

export default function QuizGalleryPage() {
  return <ComingSoon title="Quiz Hall of Fame" lead="Every verdict the quiz can reach, and who earned it." />;
}
