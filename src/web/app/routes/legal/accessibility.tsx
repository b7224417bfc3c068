import { accessibilityStatement } from '@/web/features/legal/content/accessibility';
import { PolicyPage } from '@/web/features/legal/components/policy-page';

export default function Page() {
  return <PolicyPage doc={accessibilityStatement} />;
}
