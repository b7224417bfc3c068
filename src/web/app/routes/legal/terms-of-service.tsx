import { termsOfService } from '../../../features/legal/content/terms-of-service';
import { PolicyPage } from '../../../features/legal/components/policy-page';

export default function Page() {
  return <PolicyPage doc={termsOfService} />;
}
