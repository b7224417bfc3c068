import { faq } from './faq';
import { matchPage } from './match-page';
import type { PageDef } from './pages';
import { paths } from './paths';
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
  /**
   * The page's own address when its query names what it shows (the store of one award: `/store?award={slug}`);
   * default: the pathname. The canonical link, og:url and the breadcrumb's last step (docs/decisions/121).
   */
  canonicalPath?: string;
  /** A product on sale on this page: Product and Offer structured data (docs/decisions/121). */
  product?: ProductHead;
  /** The pages the breadcrumb may pass through (Home › Quiz › this result): their paths and titles. */
  pages?: readonly PageDef[];
}

/**
 * What a page's data says about its head (a certificate's title and picture, a draft's noindex): computed from the
 * same API answers by the page in the browser and by its route module's server render (docs/decisions/126).
 */
export type HeadOverrides = Partial<Pick<HeadContext, 'title' | 'description' | 'image' | 'noindex' | 'canonicalPath' | 'product'>>;

/** What a product page sells, for its Product / Offer structured data. Prices in minor units. */
export interface ProductHead {
  name: string;
  description: string;
  /** Absolute or root-relative; the first is the main picture. */
  images: string[];
  brand: string;
  offers: { name: string; sku: string; price: number; currency: string; image?: string | null }[];
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
  const url = `${ctx.origin}${ctx.canonicalPath ?? ctx.pathname}`;
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

  const structured: object[] = [
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
  ];
  // Markup describes what the page shows (Google's structured data guidelines): the FAQ is on the home page only.
  if (page.path === paths.home) {
    structured.push({
      '@context': 'https://schema.org',
      '@type': 'FAQPage',
      mainEntity: faq.map((item) => ({
        '@type': 'Question',
        name: item.question,
        acceptedAnswer: { '@type': 'Answer', text: item.answer },
      })),
    });
  }
  const trail = breadcrumbs(page, ctx, ctx.title ?? page.title, url);
  if (trail) structured.push(trail);
  if (ctx.product) structured.push(productData(ctx.product, ctx.origin, url));
  tags.push({
    tag: 'script',
    attrs: { type: 'application/ld+json' },
    text: jsonInScript(structured),
  });
  return tags;
}

/**
 * Home › … › this page, for every page below the home page: the pages the path passes through (`/quiz/gallery`
 * passes /quiz), and for a page whose query names what it shows (`/store?award=…`) the page of its path.
 * null on the home page and on a path that is no page (404).
 */
function breadcrumbs(page: PageDef, ctx: HeadContext, name: string, url: string): object | null {
  if (page.path === paths.home || page.path === '*') return null;
  const steps: { name: string; url: string }[] = [{ name: 'Home', url: `${ctx.origin}/` }];
  const segments = ctx.pathname.split('/').filter(Boolean);
  for (let i = 1; i < segments.length; i++) {
    const prefix = `/${segments.slice(0, i).join('/')}`;
    const parent = ctx.pages ? matchPage(ctx.pages, prefix) : null;
    if (parent && parent !== page && parent.indexable) steps.push({ name: parent.title, url: `${ctx.origin}${prefix}` });
  }
  if (ctx.canonicalPath && ctx.canonicalPath !== ctx.pathname) steps.push({ name: page.title, url: `${ctx.origin}${ctx.pathname}` });
  steps.push({ name, url });
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: steps.map((step, i) => ({ '@type': 'ListItem', position: i + 1, name: step.name, item: step.url })),
  };
}

/** A price in minor units as schema.org writes it: "24.00" (the currency's own number of decimals). */
export function schemaPrice(minor: number, currency: string): string {
  const digits = new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
  return (minor / 10 ** digits).toFixed(digits);
}

/**
 * Product with one Offer per variant on sale (Google's merchant listing: name, image, offers with price and
 * priceCurrency; availability, url, description, brand and sku as recommended). Printed on demand: always in stock.
 */
function productData(product: ProductHead, origin: string, url: string): object {
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: product.name,
    description: product.description,
    image: product.images.map((image) => absolute(origin, image)),
    brand: { '@type': 'Brand', name: product.brand },
    url,
    offers: product.offers.map((offer) => ({
      '@type': 'Offer',
      name: offer.name,
      sku: offer.sku,
      price: schemaPrice(offer.price, offer.currency),
      priceCurrency: offer.currency,
      availability: 'https://schema.org/InStock',
      itemCondition: 'https://schema.org/NewCondition',
      url,
      ...(offer.image ? { image: absolute(origin, offer.image) } : {}),
    })),
  };
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
