import { termsOfService } from '@/web/features/legal/content/terms-of-service';
import { PolicyPage } from '@/web/features/legal/components/policy-page';

export default function Page() {
  return <PolicyPage doc={termsOfService} />;
}
