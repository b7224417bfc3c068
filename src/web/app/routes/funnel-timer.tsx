import { ComingSoon } from '@/web/components/layout/coming-soon';

export default function FunnelTimerPage() {
  return <ComingSoon title="One Moment" lead="A short pause while we prepare your order." />;
}
