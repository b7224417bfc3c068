import { ComingSoon } from '@/web/components/layout/coming-soon';

export default function FunnelCheckoutPage() {
  return <ComingSoon title="Checkout" lead="Secure checkout with the full price, shipping included, before you pay." />;
}
