import { termsOfService } from '@/web/features/legal/content/terms-of-service';
import { PolicyPage } from '@/web/features/legal/components/policy-page';
import { renderOnServer } from '../../server-render';

export default function Page() {
  return <PolicyPage doc={termsOfService} />;
}

/** Served as HTML: nothing to fetch first. */
export const serverRender = renderOnServer();
