import { dmcaPolicy } from '@/web/features/legal/content/dmca-policy';
import { PolicyPage } from '@/web/features/legal/components/policy-page';

export default function Page() {
  return <PolicyPage doc={dmcaPolicy} />;
}
