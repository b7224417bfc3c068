import { pageHead } from '@/contract/pages';
import { cookiePolicy } from '@/web/features/legal/content/cookie-policy';
import { PolicyPage } from '@/web/features/legal/components/policy-page';
import { renderOnServer } from '../../server-render';

export const head = pageHead({
  title: 'Cookie Policy',
  description: 'The cookies and local storage we use, and how to change your choices.',
  indexable: true,
  priority: 0.3,
  changefreq: 'yearly',
});

export default function Page() {
  return <PolicyPage doc={cookiePolicy} />;
}

/** Served as HTML: nothing to fetch first. */
export const serverRender = renderOnServer();
