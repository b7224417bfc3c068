import { cookiePolicy } from '@/web/features/legal/content/cookie-policy';
import { PolicyPage } from '@/web/features/legal/components/policy-page';
import { renderOnServer } from '../../server-render';

export default function Page() {
  return <PolicyPage doc={cookiePolicy} />;
}

/** Served as HTML: nothing to fetch first. */
export const serverRender = renderOnServer();
