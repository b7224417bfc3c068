import { ComingSoon } from '@/web/components/layout/coming-soon';

export default function CheckoutPage() {
  return <ComingSoon title="Checkout" lead="Where your certificates go and how you pay for them." />;
}
