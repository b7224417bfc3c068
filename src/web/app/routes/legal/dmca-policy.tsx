import { dmcaPolicy } from '../../../features/legal/content/dmca-policy';
import { PolicyPage } from '../../../features/legal/components/policy-page';

export default function Page() {
  return <PolicyPage doc={dmcaPolicy} />;
}
