import { dmcaPolicy } from '@/web/features/legal/content/dmca-policy';
import { PolicyPage } from '@/web/features/legal/components/policy-page';
import { renderOnServer } from '../../server-render';

export default function Page() {
  return <PolicyPage doc={dmcaPolicy} />;
}

/** Served as HTML: nothing to fetch first. */
export const serverRender = renderOnServer();
