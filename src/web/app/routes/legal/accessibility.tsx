import { pageHead } from '@/contract/pages';
import { accessibilityStatement } from '@/web/features/legal/content/accessibility';
import { PolicyPage } from '@/web/features/legal/components/policy-page';
import { renderOnServer } from '../../server-render';

export const head = pageHead({
  title: 'Accessibility Statement',
  description: 'How we make the site usable for everyone, what is not perfect yet and how to tell us.',
  indexable: true,
  priority: 0.3,
  changefreq: 'yearly',
});

export default function Page() {
  return <PolicyPage doc={accessibilityStatement} />;
}

/** Served as HTML: nothing to fetch first. */
export const serverRender = renderOnServer();
