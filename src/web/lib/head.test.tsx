// @vitest-environment happy-dom
import { render, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';

// A page opened on another host name than the public one (an internal name, 127.0.0.1): addresses that leave the
// site still name PUBLIC_URL, as the server wrote it into #app-settings (docs/decisions/121).
const PUBLIC = 'https://shop.certifiable.example';

beforeAll(() => {
  const settings = document.createElement('script');
  settings.id = 'app-settings';
  settings.type = 'application/json';
  settings.textContent = JSON.stringify({
    brand_name: 'Certifiable',
    company_name: 'Dubious Enterprises Ltd.',
    support_email: 'hello@certifiable.example',
    social: { tiktok: '', x: '', instagram: '' },
    public_url: PUBLIC,
  });
  document.head.appendChild(settings);
});

describe('addresses that leave the site, in a page opened on another host', () => {
  it('share links are made whole on PUBLIC_URL', async () => {
    const { absoluteUrl, publicOrigin } = await import('./absolute-url');
    expect(window.location.origin).not.toBe(PUBLIC);
    expect(publicOrigin()).toBe(PUBLIC);
    expect(absoluteUrl('/certificate/AbC123')).toBe(`${PUBLIC}/certificate/AbC123`);
  });

  it('a page reached in the browser names PUBLIC_URL as canonical and in its preview tags', async () => {
    const { usePageHead } = await import('./head');
    const { lazyPage, registerPages } = await import('./lazy-page');
    const { pageHead } = await import('@/contract/pages');
    const page = (title: string) => lazyPage(async () => ({ default: () => null, head: pageHead({ title, description: `${title}.`, indexable: true }) }));
    registerPages([['/', page('Home')], ['/gallery', page('Award Gallery')]], page('Page Not Found'));
    function Head({ path }: { path: string }) {
      usePageHead(path);
      return null;
    }
    const view = render(<Head path="/" />);
    // The first page's head is the server's; a navigation (here: a client-side redirect) builds the next one.
    view.rerender(<Head path="/gallery" />);
    await waitFor(() => expect(document.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(`${PUBLIC}/gallery`));
    expect(document.querySelector('meta[property="og:url"]')?.getAttribute('content')).toBe(`${PUBLIC}/gallery`);
    expect(document.querySelector('meta[property="og:image"]')?.getAttribute('content')).toMatch(new RegExp(`^${PUBLIC}/`));
  });
});
