import { cookiePolicy } from '@/web/features/legal/content/cookie-policy';
import { PolicyPage } from '@/web/features/legal/components/policy-page';

export default function Page() {
  return <PolicyPage doc={cookiePolicy} />;
}
