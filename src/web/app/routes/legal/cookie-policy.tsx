import { cookiePolicy } from '../../../features/legal/content/cookie-policy';
import { PolicyPage } from '../../../features/legal/components/policy-page';

export default function Page() {
  return <PolicyPage doc={cookiePolicy} />;
}
