// @vitest-environment happy-dom
import { render, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { matchPage } from '@/contract/match-page';
import { paths } from '@/contract/paths';
import { usePageHead } from '@/web/lib/head';
import { PAGE_TABLE } from './page-heads';
// Registers every route module with lib/lazy-page.tsx, as the app does.
import './router';

describe("each page's head, from its route module (docs/decisions/126)", () => {
  it('is in the server’s table for every path, with the 404 page’s for any other', () => {
    expect(PAGE_TABLE.pages.map((p) => p.path).sort()).toEqual(Object.values(paths).sort());
    expect(matchPage(PAGE_TABLE.pages, '/quiz/results/r_1')).toMatchObject({ title: 'Your Quiz Result', indexable: false });
    expect(matchPage(PAGE_TABLE.pages, '/order/success')?.title).toBe('Order Confirmed');
    expect(matchPage(PAGE_TABLE.pages, '/admin/orders')?.title).toBe('Admin');
    expect(matchPage(PAGE_TABLE.pages, '/gallery')).toMatchObject({ title: 'Award Gallery', indexable: true, priority: 0.9 });
    expect(PAGE_TABLE.notFound).toMatchObject({ path: '*', title: 'Page Not Found', indexable: false });
  });

  it('is what the browser writes on navigation, breadcrumb included', async () => {
    function Head({ path }: { path: string }) {
      usePageHead(path);
      return null;
    }
    const view = render(<Head path="/" />);
    view.rerender(<Head path="/quiz/results/r_1" />);
    // The route modules load on demand, as in the browser: the first takes a moment to transform here.
    await waitFor(() => expect(document.querySelector('title[data-head]')?.textContent).toBe('Your Quiz Result | Certifiable'), { timeout: 20_000 });
    expect(document.querySelector('meta[name="robots"]')?.getAttribute('content')).toBe('noindex, nofollow');
    const structured = JSON.parse(document.querySelector('script[type="application/ld+json"]')!.textContent!) as { '@type': string; itemListElement?: { name: string }[] }[];
    const crumbs = structured.find((d) => d['@type'] === 'BreadcrumbList')!;
    expect(crumbs.itemListElement!.map((s) => s.name)).toEqual(['Home', 'The Quiz', 'Your Quiz Result']);

    view.rerender(<Head path="/no/such/page" />);
    await waitFor(() => expect(document.querySelector('title[data-head]')?.textContent).toBe('Page Not Found | Certifiable'), { timeout: 20_000 });
  });
});
