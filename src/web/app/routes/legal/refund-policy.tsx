import { pageHead } from '@/contract/pages';
import { refundPolicy } from '@/web/features/legal/content/refund-policy';
import { PolicyPage } from '@/web/features/legal/components/policy-page';
import { renderOnServer } from '../../server-render';

export const head = pageHead({
  title: 'Refund Policy',
  description: 'Certificates are free to make, share and download, so there is nothing to refund. The store is not open yet.',
  indexable: true,
  priority: 0.3,
  changefreq: 'yearly',
});

export default function Page() {
  return <PolicyPage doc={refundPolicy} />;
}

/** Served as HTML: nothing to fetch first. */
export const serverRender = renderOnServer();
