import type { FeatureToggles } from '@/contract/settings-defaults';
import { pages, hrefs, type PageDef } from '@/contract/pages';

const xmlEscape = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');

/**
 * Indexable routes without parameters: the static part of the sitemap. A page still "under
 * construction" is never listed (docs/decisions/038); nor are certificates (docs/decisions/031).
 */
export function sitemapPages(features?: FeatureToggles): PageDef[] {
  return Object.values(pages as Record<string, PageDef>).filter(
    (p) => p.indexable && !p.underConstruction && !p.path.includes(':') && !p.path.includes('*') && !(p.feature && features && !features[p.feature]),
  );
}

/** `features`: the site's switches; pages of a part switched off are left out (docs/decisions/104). */
export function buildSitemap(
  origin: string,
  awards: { id: string; updatedAt: Date }[],
  landingPages: { slug: string; updatedAt: Date }[] = [],
  features?: FeatureToggles,
): string {
  const urls: string[] = [];
  for (const p of sitemapPages(features)) {
    urls.push(
      `  <url><loc>${xmlEscape(origin + p.path)}</loc>` +
        (p.changefreq ? `<changefreq>${p.changefreq}</changefreq>` : '') +
        (p.priority !== undefined ? `<priority>${p.priority.toFixed(1)}</priority>` : '') +
        `</url>`,
    );
  }
  for (const a of awards) {
    urls.push(
      `  <url><loc>${xmlEscape(origin + hrefs.nominateAward(a.id))}</loc>` +
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

export function buildRobots(origin: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    'Disallow: /admin',
    // Link-preview crawlers must be able to fetch certificate share images.
    'Allow: /api/certificates/',
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
