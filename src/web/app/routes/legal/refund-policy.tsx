import { refundPolicy } from '../../../features/legal/content/refund-policy';
import { PolicyPage } from '../../../features/legal/components/policy-page';

export default function Page() {
  return <PolicyPage doc={refundPolicy} />;
}
