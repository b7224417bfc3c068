import { ComingSoon } from '@/web/components/layout/coming-soon';

export default function TestPaymentPage() {
  return <ComingSoon title="Test Payment" lead="The built-in test card processor." />;
}
