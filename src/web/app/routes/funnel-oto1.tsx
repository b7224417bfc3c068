import { ComingSoon } from '@/web/components/layout/coming-soon';

export default function FunnelOto1Page() {
  return <ComingSoon title="A One-Time Offer" lead="A genuine one-time addition to your order. No thanks is always an option." />;
}
