import { ComingSoon } from '@/web/components/layout/coming-soon';

export default function FunnelOto1DownsellPage() {
  return <ComingSoon title="A Smaller Offer" lead="A smaller one-time addition to your order. No thanks is always an option." />;
}
