import { privacyPolicy } from '../../../features/legal/content/privacy-policy';
import { PolicyPage } from '../../../features/legal/components/policy-page';

export default function Page() {
  return <PolicyPage doc={privacyPolicy} />;
}
