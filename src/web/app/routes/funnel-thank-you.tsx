import { ComingSoon } from '@/web/components/layout/coming-soon';

export default function FunnelThankYouPage() {
  return <ComingSoon title="Thank You" lead="Your order confirmation will appear here." />;
}
