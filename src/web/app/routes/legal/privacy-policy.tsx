import { pageHead } from '@/contract/pages';
import { privacyPolicy } from '@/web/features/legal/content/privacy-policy';
import { PolicyPage } from '@/web/features/legal/components/policy-page';
import { renderOnServer } from '../../server-render';

export const head = pageHead({
  title: 'Privacy Policy',
  description: 'What we collect, why, who we share it with, how long we keep it and the rights you have.',
  indexable: true,
  priority: 0.3,
  changefreq: 'yearly',
});

export default function Page() {
  return <PolicyPage doc={privacyPolicy} />;
}

/** Served as HTML: nothing to fetch first. */
export const serverRender = renderOnServer();
