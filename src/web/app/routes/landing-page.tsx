import { pageHead } from '@/contract/pages';
import { useParams } from 'react-router';
import { LandingPage } from '@/web/features/landing-pages/components/landing-page';
import type { LandingPageView } from '@/contract/landing-pages';
import { landingPageQueryOptions } from '@/web/features/landing-pages/api/get-landing-page';
import { queryKeys } from '@/web/lib/query-keys';
import { landingPageHead } from '@/web/features/landing-pages/lib/landing-page-head';
import { answerOf, clientErrorOf, renderOnServer } from '../server-render';

export const head = pageHead({
  // Each page's own title, description and picture come from the page itself (its head resolver, docs/decisions/102).
  title: 'Campaign',
  description: 'Official recognition for gloriously unofficial achievements. Nominate someone, or get it printed.',
  indexable: true,
  // Public and accepted, or published: the certificate's or page's own head says (served noindex without it).
  describedByData: true,
  priority: 0.6,
  changefreq: 'weekly',
});

/** /l/:slug — keyed by the address so moving between landing pages starts fresh. */
export default function LandingPageRoute() {
  const { slug = '' } = useParams();
  return <LandingPage key={slug} slug={slug} />;
}

/** Served with the page; a draft or an unknown address: 404, with the page's "not on display" (docs/decisions/102). */
export const serverRender = renderOnServer(
  async (p) => {
    const slug = p.params.slug ?? '';
    await p.queryClient
      .fetchQuery({ ...landingPageQueryOptions(slug), retry: false, queryFn: () => p.fetchJson<LandingPageView>(`/api/landing-pages/${encodeURIComponent(slug)}`) })
      .catch(() => null);
    if (clientErrorOf(p, queryKeys.landingPages.detail(slug)) !== null) return 404;
  },
  {
    head: (p) => {
      const { data, answered } = answerOf<LandingPageView>(p, queryKeys.landingPages.detail(p.params.slug ?? ''));
      return landingPageHead(data, answered);
    },
  },
);
