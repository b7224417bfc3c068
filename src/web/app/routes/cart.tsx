import { ComingSoon } from '@/web/components/layout/coming-soon';

export default function CartPage() {
  return <ComingSoon title="Your Cart" lead="Your printed certificates will wait here before checkout. Nothing in it yet." />;
}
