import { pageHead } from '@/contract/pages';
import { termsOfService } from '@/web/features/legal/content/terms-of-service';
import { PolicyPage } from '@/web/features/legal/components/policy-page';
import { renderOnServer } from '../../server-render';

export const head = pageHead({
  title: 'Terms of Service',
  description: 'The rules for using the site, nominating people and sharing certificates.',
  indexable: true,
  priority: 0.3,
  changefreq: 'yearly',
});

export default function Page() {
  return <PolicyPage doc={termsOfService} />;
}

/** Served as HTML: nothing to fetch first. */
export const serverRender = renderOnServer();
