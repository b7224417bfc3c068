import { faq } from './faq';
import type { PageDef } from './pages';
import { jsonInScript } from './json-in-script';
import type { FeatureToggles } from './settings-defaults';

/** The red theme colour (BRAND.md), also the browser UI colour on phones. */
export const THEME_COLOR = '#c8102e';

export interface HeadTag {
  tag: 'title' | 'meta' | 'link' | 'script';
  attrs: Record<string, string>;
  text?: string;
}

export interface HeadContext {
  /** Absolute origin, no trailing slash, e.g. https://certifiable.example */
  origin: string;
  /** Pathname of the page (no query string). */
  pathname: string;
  brand: string;
  company: string;
  social: string[];
  /** Absolute or root-relative image for link previews; defaults to the site card. */
  image?: string;
  /** Overrides for pages whose title/description depend on data (e.g. a certificate). */
  title?: string;
  description?: string;
  /** Force noindex regardless of the page definition (e.g. 404). */
  noindex?: boolean;
  /** The site's switches: a page of a part switched off is noindex (docs/decisions/104). */
  features?: FeatureToggles;
}

export const DEFAULT_SHARE_IMAGE = '/og-image.png';

export function documentTitle(page: PageDef, brand: string, override?: string): string {
  return `${override ?? page.title} | ${brand}`;
}

function absolute(origin: string, urlOrPath: string): string {
  return /^https?:\/\//.test(urlOrPath) ? urlOrPath : `${origin}${urlOrPath.startsWith('/') ? '' : '/'}${urlOrPath}`;
}

/**
 * The head tags of a page: title, description, keywords, robots, canonical,
 * Open Graph, Twitter card, theme colour and JSON-LD. One function for the
 * server (written into served HTML) and the browser (applied on navigation).
 */
export function buildHeadTags(page: PageDef, ctx: HeadContext): HeadTag[] {
  const title = documentTitle(page, ctx.brand, ctx.title);
  const description = ctx.description ?? page.description;
  const url = `${ctx.origin}${ctx.pathname}`;
  const image = absolute(ctx.origin, ctx.image ?? DEFAULT_SHARE_IMAGE);
  const switchedOff = page.feature !== undefined && ctx.features !== undefined && !ctx.features[page.feature];
  const indexable = page.indexable && !ctx.noindex && !switchedOff;

  const meta = (attrs: Record<string, string>): HeadTag => ({ tag: 'meta', attrs });
  const tags: HeadTag[] = [
    { tag: 'title', attrs: {}, text: title },
    meta({ name: 'description', content: description }),
    meta({ name: 'keywords', content: (page.keywords ?? []).join(', ') }),
    meta({ name: 'robots', content: indexable ? 'index, follow' : 'noindex, nofollow' }),
    { tag: 'link', attrs: { rel: 'canonical', href: url } },
    meta({ name: 'theme-color', content: THEME_COLOR }),
    meta({ property: 'og:type', content: 'website' }),
    meta({ property: 'og:site_name', content: ctx.brand }),
    meta({ property: 'og:title', content: title }),
    meta({ property: 'og:description', content: description }),
    meta({ property: 'og:url', content: url }),
    meta({ property: 'og:image', content: image }),
    meta({ property: 'og:image:width', content: '1200' }),
    meta({ property: 'og:image:height', content: '630' }),
    meta({ name: 'twitter:card', content: 'summary_large_image' }),
    meta({ name: 'twitter:title', content: title }),
    meta({ name: 'twitter:description', content: description }),
    meta({ name: 'twitter:image', content: image }),
  ];

  const structured = [
    {
      '@context': 'https://schema.org',
      '@type': 'Organization',
      name: ctx.brand,
      url: ctx.origin,
      logo: `${ctx.origin}/icons/icon-512.png`,
      sameAs: ctx.social.filter(Boolean),
      parentOrganization: { '@type': 'Organization', name: ctx.company },
    },
    {
      '@context': 'https://schema.org',
      '@type': 'WebSite',
      name: ctx.brand,
      url: ctx.origin,
      potentialAction: {
        '@type': 'SearchAction',
        target: { '@type': 'EntryPoint', urlTemplate: `${ctx.origin}/gallery?search={search_term_string}` },
        'query-input': 'required name=search_term_string',
      },
    },
    {
      '@context': 'https://schema.org',
      '@type': 'FAQPage',
      mainEntity: faq.map((item) => ({
        '@type': 'Question',
        name: item.question,
        acceptedAnswer: { '@type': 'Answer', text: item.answer },
      })),
    },
  ];
  tags.push({
    tag: 'script',
    attrs: { type: 'application/ld+json' },
    text: jsonInScript(structured),
  });
  return tags;
}

const escapeAttr = (v: string) =>
  v.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const escapeText = (v: string) => v.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** Serialises head tags to HTML; every tag is marked data-head so the browser can replace them. */
export function renderHeadTags(tags: HeadTag[]): string {
  return tags
    .map((t) => {
      const attrs = Object.entries({ ...t.attrs, 'data-head': '' })
        .map(([k, v]) => (v === '' ? ` ${k}` : ` ${k}="${escapeAttr(v)}"`))
        .join('');
      if (t.tag === 'meta' || t.tag === 'link') return `<${t.tag}${attrs}>`;
      const text = t.tag === 'script' ? (t.text ?? '') : escapeText(t.text ?? '');
      return `<${t.tag}${attrs}>${text}</${t.tag}>`;
    })
    .join('\n    ');
}
