import { pageHead } from '@/contract/pages';
import { dmcaPolicy } from '@/web/features/legal/content/dmca-policy';
import { PolicyPage } from '@/web/features/legal/components/policy-page';
import { renderOnServer } from '../../server-render';

export const head = pageHead({
  title: 'DMCA Policy',
  description: 'How to report content you believe infringes your copyright, and how to respond to a notice.',
  indexable: true,
  priority: 0.2,
  changefreq: 'yearly',
});

export default function Page() {
  return <PolicyPage doc={dmcaPolicy} />;
}

/** Served as HTML: nothing to fetch first. */
export const serverRender = renderOnServer();
