import type { FeatureToggles } from '@/contract/settings-defaults';
import type { PageDef } from '@/contract/pages';
import { hrefs } from '@/contract/paths';

const xmlEscape = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');

/**
 * Indexable routes without parameters: the static part of the sitemap. A page still "under
 * construction" is never listed (docs/decisions/038); nor are certificates (docs/decisions/031).
 */
export function sitemapPages(pages: readonly PageDef[], features?: FeatureToggles): PageDef[] {
  return pages.filter(
    (p) => p.indexable && !p.underConstruction && !p.path.includes(':') && !p.path.includes('*') && !(p.feature && features && !features[p.feature]),
  );
}

/**
 * Only canonical addresses (each page names itself as canonical): an award is listed by its product page,
 * `/store?award={slug}` — `/nominate?award=…` is the nomination form, whose canonical is /nominate (decision 121).
 * `features`: the site's switches; pages of a part switched off are left out (docs/decisions/104).
 */
export function buildSitemap(
  origin: string,
  pages: readonly PageDef[],
  awards: { slug: string; updatedAt: Date }[],
  landingPages: { slug: string; updatedAt: Date }[] = [],
  features?: FeatureToggles,
): string {
  const urls: string[] = [];
  for (const p of sitemapPages(pages, features)) {
    urls.push(
      `  <url><loc>${xmlEscape(origin + p.path)}</loc>` +
        (p.changefreq ? `<changefreq>${p.changefreq}</changefreq>` : '') +
        (p.priority !== undefined ? `<priority>${p.priority.toFixed(1)}</priority>` : '') +
        `</url>`,
    );
  }
  for (const a of awards) {
    urls.push(
      `  <url><loc>${xmlEscape(origin + hrefs.storeAward(a.slug))}</loc>` +
        `<lastmod>${a.updatedAt.toISOString().slice(0, 10)}</lastmod>` +
        `<changefreq>monthly</changefreq><priority>0.6</priority></url>`,
    );
  }
  // Published landing pages (docs/decisions/102); drafts are never listed.
  for (const l of landingPages) {
    urls.push(
      `  <url><loc>${xmlEscape(origin + hrefs.landingPage(l.slug))}</loc>` +
        `<lastmod>${l.updatedAt.toISOString().slice(0, 10)}</lastmod>` +
        `<changefreq>weekly</changefreq><priority>0.6</priority></url>`,
    );
  }
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
}

/** The API's public images, as robots.txt patterns (`*`: any share or result id). */
export const PUBLIC_API_IMAGES = [
  '/api/certificates/*/share.png$',
  '/api/certificates/*/certificate.svg$',
  '/api/certificates/preview.svg',
  '/api/quiz/results/*/share.png$',
  '/api/quiz/results/*/certificate.svg$',
];

export function buildRobots(origin: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    'Disallow: /admin',
    // The pictures pages name, and nothing else of the API (decision 121): link previews (og:image) of
    // certificates and quiz results, the drawings their pages show, and the product pages' certificate picture.
    // The longest matching rule wins, so these beat "Disallow: /api/"; "$" ends a path (no print files, no PDFs).
    ...PUBLIC_API_IMAGES.map((path) => `Allow: ${path}`),
    'Disallow: /api/',
    'Disallow: /account',
    'Disallow: /auth',
    'Disallow: /cart',
    'Disallow: /claim/',
    'Disallow: /funnel/',
    'Disallow: /order/',
    '',
    `Sitemap: ${origin}/sitemap.xml`,
    '',
  ].join('\n');
}
