import { privacyPolicy } from '@/web/features/legal/content/privacy-policy';
import { PolicyPage } from '@/web/features/legal/components/policy-page';

export default function Page() {
  return <PolicyPage doc={privacyPolicy} />;
}
