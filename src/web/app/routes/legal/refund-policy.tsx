import { refundPolicy } from '@/web/features/legal/content/refund-policy';
import { PolicyPage } from '@/web/features/legal/components/policy-page';

export default function Page() {
  return <PolicyPage doc={refundPolicy} />;
}
