import { describe, expect, it } from 'vitest';
import { hrefs, matchPage, pages } from './pages';
import { buildHeadTags, renderHeadTags } from './seo';

describe('route table', () => {
  it.each([
    ['/', pages.home],
    ['/gallery', pages.gallery],
    ['/gallery/', pages.gallery],
    ['/claim/abc123', pages.claim],
    ['/quiz/results/r1', pages.quizResult],
    ['/order/success', pages.orderSuccess],
    ['/order/42', pages.order],
    ['/admin', pages.admin],
    ['/admin/crm/contact/7', pages.admin],
    ['/funnel/oto1-downsell', pages.funnelOto1Downsell],
  ])('matches %s', (path, page) => {
    expect(matchPage(path)).toBe(page);
  });

  it.each(['/nope', '/gallery/extra', '/claim', '/claim/a/b', '/administrator'])('does not match %s', (path) => {
    expect(matchPage(path)).toBeNull();
  });

  it('builds links without string-gluing', () => {
    expect(hrefs.nominateAward('a b')).toBe('/nominate?award=a%20b');
    expect(hrefs.gallerySearch('tea & cake')).toBe('/gallery?search=tea%20%26%20cake');
  });
});

describe('head tags', () => {
  const ctx = {
    origin: 'https://c.example',
    pathname: '/gallery',
    brand: 'Certifiable',
    company: 'Dubious Enterprises Ltd.',
    social: ['https://x.com/c'],
  };

  it('titles pages "{page} | brand" and points canonical and og:url at the page', () => {
    const html = renderHeadTags(buildHeadTags(pages.gallery, ctx));
    expect(html).toContain('<title data-head>Award Gallery | Certifiable</title>');
    expect(html).toContain('<link rel="canonical" href="https://c.example/gallery" data-head>');
    expect(html).toContain('<meta property="og:url" content="https://c.example/gallery" data-head>');
    expect(html).toContain('<meta property="og:image" content="https://c.example/og-image.png" data-head>');
  });

  it('marks private pages noindex', () => {
    const html = renderHeadTags(buildHeadTags(pages.account, { ...ctx, pathname: '/account' }));
    expect(html).toContain('content="noindex, nofollow"');
  });

  it('escapes data-driven titles and keeps JSON-LD from closing its script early', () => {
    const html = renderHeadTags(
      buildHeadTags(pages.claim, { ...ctx, title: '"><script>alert(1)</script>', brand: '</script><b>' }),
    );
    expect(html).not.toContain('<script>alert(1)');
    expect(html).toContain('&quot;&gt;&lt;script&gt;');
    const jsonLd = /<script type="application\/ld\+json" data-head>([\s\S]*?)<\/script>/.exec(html)![1]!;
    expect(jsonLd).not.toContain('</script>');
    expect(JSON.parse(jsonLd)[0].name).toBe('</script><b>');
  });
});
