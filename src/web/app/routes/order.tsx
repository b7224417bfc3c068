import { ComingSoon } from '@/web/components/layout/coming-soon';

export default function OrderPage() {
  return <ComingSoon title="Order Status" lead="Where your certificate is right now: printing, packed or on its way." />;
}
