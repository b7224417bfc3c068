import { refundPolicy } from '@/web/features/legal/content/refund-policy';
import { PolicyPage } from '@/web/features/legal/components/policy-page';
import { renderOnServer } from '../../server-render';

export default function Page() {
  return <PolicyPage doc={refundPolicy} />;
}

/** Served as HTML: nothing to fetch first. */
export const serverRender = renderOnServer();
