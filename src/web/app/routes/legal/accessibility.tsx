import { accessibilityStatement } from '../../../features/legal/content/accessibility';
import { PolicyPage } from '../../../features/legal/components/policy-page';

export default function Page() {
  return <PolicyPage doc={accessibilityStatement} />;
}
