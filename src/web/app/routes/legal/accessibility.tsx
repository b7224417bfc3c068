import { accessibilityStatement } from '@/web/features/legal/content/accessibility';
import { PolicyPage } from '@/web/features/legal/components/policy-page';
import { renderOnServer } from '../../server-render';

export default function Page() {
  return <PolicyPage doc={accessibilityStatement} />;
}

/** Served as HTML: nothing to fetch first. */
export const serverRender = renderOnServer();
