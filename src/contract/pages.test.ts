import { describe, expect, it } from 'vitest';
import { matchPage } from './match-page';
import { BARE_PAGE_TABLE, pageHead, type PageDef } from './pages';
import { hrefs, paths } from './paths';
import { buildHeadTags, renderHeadTags } from './seo';

const def = (path: string, title: string, indexable = true): PageDef => ({ path, ...pageHead({ title, description: `${title}.`, indexable }) });
// In the order a glob of the route files gives them: a pattern before the static path it would swallow.
const PAGES = [
  def(paths.home, 'Home'),
  def(paths.gallery, 'Gallery'),
  def(paths.claim, 'Claim', false),
  def(paths.order, 'Order', false),
  def(paths.orderSuccess, 'Order Confirmed', false),
  def(paths.quiz, 'Quiz'),
  def(paths.quizResult, 'Result', false),
  def(paths.admin, 'Admin', false),
  def(paths.funnelOto1Downsell, 'Smaller Offer', false),
];
const titled = (title: string) => PAGES.find((p) => p.title === title);

describe('route table', () => {
  it.each([
    ['/', 'Home'],
    ['/gallery', 'Gallery'],
    ['/gallery/', 'Gallery'],
    ['/claim/abc123', 'Claim'],
    ['/quiz/results/r1', 'Result'],
    ['/order/success', 'Order Confirmed'],
    ['/order/42', 'Order'],
    ['/admin', 'Admin'],
    ['/admin/crm/contact/7', 'Admin'],
    ['/funnel/oto1-downsell', 'Smaller Offer'],
  ])('matches %s', (path, title) => {
    expect(matchPage(PAGES, path)).toBe(titled(title));
  });

  it.each(['/nope', '/gallery/extra', '/claim', '/claim/a/b', '/administrator'])('does not match %s', (path) => {
    expect(matchPage(PAGES, path)).toBeNull();
  });

  it('knows every path of an unbuilt web app, kept out of search engines', () => {
    expect(matchPage(BARE_PAGE_TABLE.pages, '/certificate/abc')?.indexable).toBe(false);
    expect(matchPage(BARE_PAGE_TABLE.pages, '/nope')).toBeNull();
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
    pages: PAGES,
  };

  it('titles pages "{page} | brand" and points canonical and og:url at the page', () => {
    const html = renderHeadTags(buildHeadTags(titled('Gallery')!, ctx));
    expect(html).toContain('<title data-head>Gallery | Certifiable</title>');
    expect(html).toContain('<link rel="canonical" href="https://c.example/gallery" data-head>');
    expect(html).toContain('<meta property="og:url" content="https://c.example/gallery" data-head>');
    expect(html).toContain('<meta property="og:image" content="https://c.example/og-image.png" data-head>');
  });

  it('marks private pages noindex', () => {
    const html = renderHeadTags(buildHeadTags(titled('Claim')!, { ...ctx, pathname: '/claim/x' }));
    expect(html).toContain('content="noindex, nofollow"');
  });

  it('leads the breadcrumb through the indexable pages above', () => {
    const html = renderHeadTags(buildHeadTags(titled('Result')!, { ...ctx, pathname: '/quiz/results/r1' }));
    const crumbs = JSON.parse(/<script type="application\/ld\+json" data-head>([\s\S]*?)<\/script>/.exec(html)![1]!).find(
      (d: { '@type': string }) => d['@type'] === 'BreadcrumbList',
    );
    expect(crumbs.itemListElement.map((s: { name: string }) => s.name)).toEqual(['Home', 'Quiz', 'Result']);
  });

  it('escapes data-driven titles and keeps JSON-LD from closing its script early', () => {
    const html = renderHeadTags(
      buildHeadTags(titled('Claim')!, { ...ctx, title: '"><script>alert(1)</script>', brand: '</script><b>' }),
    );
    expect(html).not.toContain('<script>alert(1)');
    expect(html).toContain('&quot;&gt;&lt;script&gt;');
    const jsonLd = /<script type="application\/ld\+json" data-head>([\s\S]*?)<\/script>/.exec(html)![1]!;
    expect(jsonLd).not.toContain('</script>');
    expect(JSON.parse(jsonLd)[0].name).toBe('</script><b>');
  });
});
