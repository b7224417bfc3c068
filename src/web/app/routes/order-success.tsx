import { ComingSoon } from '@/web/components/layout/coming-soon';

export default function OrderSuccessPage() {
  return <ComingSoon title="Order Confirmed" lead="Your receipt and delivery estimate will appear here after checkout." />;
}
