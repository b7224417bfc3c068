import { ComingSoon } from '@/web/components/layout/coming-soon';

export default function StorePage() {
  return <ComingSoon title="Store" lead="Printed certificates and frames worth hanging, shipped worldwide in 7–14 business days with express options." />;
}
