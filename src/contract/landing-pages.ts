import { z } from 'zod';
import { pageNumber } from './fields';
import { normaliseLine } from './text';

/**
 * Landing pages (issue 14, docs/decisions/102): marketing pages an admin writes at /admin/landing-pages and the
 * public reads at /l/{slug} once published. Sections are Markdown, turned into sanitised HTML by the server only.
 */

export const LANDING_PAGE_STATUSES = ['draft', 'published'] as const;
export type LandingPageStatus = (typeof LANDING_PAGE_STATUSES)[number];
export const LANDING_PAGE_STATUS_LABELS: Record<LandingPageStatus, string> = { draft: 'Draft', published: 'Published' };

export const LANDING_CTA_KINDS = ['award_nominate', 'award_store', 'product'] as const;
export type LandingCtaKind = (typeof LANDING_CTA_KINDS)[number];
export const LANDING_CTA_KIND_LABELS: Record<LandingCtaKind, string> = {
  award_nominate: 'Nominate someone for an award',
  award_store: 'Print an award (the store)',
  product: 'A product in the store',
};

export const LANDING_LIMITS = {
  slug: 80,
  title: 120,
  metaDescription: 300,
  /** What search engines show; longer is allowed but the editor warns. */
  metaDescriptionAdvised: 160,
  heroHeading: 140,
  heroSubheading: 300,
  imageUrl: 500,
  imageAlt: 200,
  sections: 20,
  sectionHeading: 120,
  markdown: 20_000,
  ctaLabel: 60,
  /** Hero picture uploads. */
  imageMaxBytes: 5 * 1024 * 1024,
} as const;

export const LANDING_PAGE_SIZE = 25;

export const LANDING_SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/**
 * Slugs refused although they fit the pattern: the first segments of the site's own routes and words that would
 * read as the site's own pages, so a campaign can never pose as /l/checkout or /l/admin, and the pages could one
 * day move to the root without clashing.
 */
export const RESERVED_LANDING_SLUGS: readonly string[] = [
  'accessibility', 'account', 'admin', 'api', 'assets', 'auth', 'cart', 'certificate', 'checkout', 'claim',
  'community', 'cookie-policy', 'dmca-policy', 'drafts', 'dynamic-templates', 'edit', 'files', 'funnel', 'gallery',
  'healthz', 'home', 'index', 'l', 'login', 'logout', 'new', 'nominate', 'order', 'orders', 'pages', 'pay',
  'preview', 'privacy-policy', 'quiz', 'quiz-landing', 'readyz', 'refund-policy', 'robots', 'signin', 'signup',
  'sitemap', 'static', 'store', 'sw', 'terms-of-service', 'www',
];

/** A title as a slug: lower case, accents dropped, anything else a single hyphen, at most 80 characters. */
export function slugFromTitle(title: string): string {
  return title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, LANDING_LIMITS.slug)
    .replace(/-+$/g, '');
}

const text = (field: string, max: number) =>
  z
    .string({ message: `${field} must be text` })
    .transform(normaliseLine)
    .pipe(z.string().max(max, { message: `${field} must be at most ${max} characters` }));
const required = (field: string, max: number, message: string) =>
  z
    .string({ message: `${field} must be text` })
    .transform(normaliseLine)
    .pipe(z.string().min(1, { message }).max(max, { message: `${field} must be at most ${max} characters` }));

/** Line breaks kept (Markdown needs them), CRLF made LF, invisible and direction-changing characters removed. */
// eslint-disable-next-line no-control-regex -- removing control characters is the point
const INVISIBLE_BUT_LINES = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u061C\u200B\u200E\u200F\u202A-\u202E\u2060-\u2064\u2066-\u2069\uFEFF]/g;
export const cleanMarkdown = (s: string) => s.normalize('NFC').replace(/\r\n?/g, '\n').replace(INVISIBLE_BUT_LINES, '').replace(/\s+$/, '');

const markdown = z
  .string({ message: 'markdown must be text' })
  .transform(cleanMarkdown)
  .pipe(z.string().max(LANDING_LIMITS.markdown, { message: `A section may hold at most ${LANDING_LIMITS.markdown} characters` }));

/** A path on this site (/…, not //…) or an https:// address; '' or null for none. */
const imageUrl = (field: string) =>
  z
    .string({ message: `${field} must be text` })
    .trim()
    .max(LANDING_LIMITS.imageUrl, { message: `${field} must be at most ${LANDING_LIMITS.imageUrl} characters` })
    .refine((v) => v === '' || (/^\/(?![/\\])\S*$/.test(v) && !v.includes('\\')) || /^https:\/\/[^\s/\\]+(\/\S*)?$/.test(v), {
      message: `${field} must be a path on this site (/…) or an https:// address`,
    })
    .transform((v) => v || null)
    .nullable();

const uuidOrNull = (field: string) =>
  z
    .union([z.uuid({ message: `${field} must be an id` }), z.literal(''), z.null()], { message: `${field} must be an id` })
    .transform((v) => v || null);

export const landingSlugSchema = z
  .string({ message: 'slug must be text' })
  .trim()
  .min(2, { message: 'The address needs at least 2 characters' })
  .max(LANDING_LIMITS.slug, { message: `The address may have at most ${LANDING_LIMITS.slug} characters` })
  .regex(LANDING_SLUG_PATTERN, { message: 'Use lower-case letters, digits and single hyphens, such as office-olympics' })
  .refine((v) => !RESERVED_LANDING_SLUGS.includes(v), { message: 'That address is reserved for the site’s own pages: choose another' });

export const landingSectionSchema = z
  .object({
    heading: text('heading', LANDING_LIMITS.sectionHeading).default(''),
    markdown,
  })
  .strict();
export type LandingSectionInput = z.input<typeof landingSectionSchema>;

/** The fields as they are, without defaults: a PATCH must leave out what it does not change (zod applies a default inside .partial()). */
const landingFieldRules = {
  slug: landingSlugSchema,
  title: required('title', LANDING_LIMITS.title, 'Give the page a title'),
  meta_description: required('meta_description', LANDING_LIMITS.metaDescription, 'Write the line search engines and link previews show'),
  hero_heading: required('hero_heading', LANDING_LIMITS.heroHeading, 'Write the headline'),
  hero_subheading: text('hero_subheading', LANDING_LIMITS.heroSubheading),
  hero_image_url: imageUrl('hero_image_url'),
  hero_image_alt: text('hero_image_alt', LANDING_LIMITS.imageAlt),
  sections: z
    .array(landingSectionSchema, { message: 'sections must be a list' })
    .max(LANDING_LIMITS.sections, { message: `A page may have at most ${LANDING_LIMITS.sections} sections` }),
  cta_label: required('cta_label', LANDING_LIMITS.ctaLabel, 'Write what the button says'),
  cta_kind: z.enum(LANDING_CTA_KINDS, { message: "cta_kind must be 'award_nominate', 'award_store' or 'product'" }),
  cta_award_id: uuidOrNull('cta_award_id'),
  cta_product_id: uuidOrNull('cta_product_id'),
  og_image_url: imageUrl('og_image_url'),
};

/** A new page: the optional fields may be left out. */
const landingFields = {
  ...landingFieldRules,
  hero_subheading: landingFieldRules.hero_subheading.default(''),
  hero_image_url: landingFieldRules.hero_image_url.default(null),
  hero_image_alt: landingFieldRules.hero_image_alt.default(''),
  sections: landingFieldRules.sections.default([]),
  cta_award_id: landingFieldRules.cta_award_id.default(null),
  cta_product_id: landingFieldRules.cta_product_id.default(null),
  og_image_url: landingFieldRules.og_image_url.default(null),
};

/** The button needs its target: an award for the award kinds, a product for 'product'. */
export function ctaTargetIssue(v: { cta_kind?: LandingCtaKind | undefined; cta_award_id?: string | null | undefined; cta_product_id?: string | null | undefined }) {
  if (v.cta_kind === 'product') return v.cta_product_id ? null : { field: 'cta_product_id' as const, message: 'Choose the product the button leads to' };
  if (v.cta_kind) return v.cta_award_id ? null : { field: 'cta_award_id' as const, message: 'Choose the award the button leads to' };
  return null;
}

const landingObject = z.object(landingFields).strict();

/** POST /api/admin/landing-pages: a new page, always a draft. */
export const landingPageBodySchema = landingObject.superRefine((v, ctx) => {
  const issue = ctaTargetIssue(v);
  if (issue) ctx.addIssue({ code: 'custom', path: [issue.field], message: issue.message });
});
export type LandingPageBody = z.input<typeof landingPageBodySchema>;
export type LandingPageValues = z.output<typeof landingPageBodySchema>;

/** PATCH /api/admin/landing-pages/:id: any of the fields; the button's target is checked against the stored page. */
export const landingPagePatchSchema = z.object(landingFieldRules).partial().strict();
export type LandingPagePatch = z.input<typeof landingPagePatchSchema>;

/**
 * POST /api/admin/landing-pages/preview: the editor's values as they are, unfinished ones included (no field is
 * required, the address is not needed), with the same limits; the answer is the page as the public would get it.
 */
const lax = (field: string, max: number) => text(field, max).optional();
export const landingPagePreviewBodySchema = z
  .object({
    title: lax('title', LANDING_LIMITS.title),
    meta_description: lax('meta_description', LANDING_LIMITS.metaDescription),
    hero_heading: lax('hero_heading', LANDING_LIMITS.heroHeading),
    hero_subheading: lax('hero_subheading', LANDING_LIMITS.heroSubheading),
    hero_image_url: imageUrl('hero_image_url').optional(),
    hero_image_alt: lax('hero_image_alt', LANDING_LIMITS.imageAlt),
    sections: landingFieldRules.sections.optional(),
    cta_label: lax('cta_label', LANDING_LIMITS.ctaLabel),
    cta_kind: landingFieldRules.cta_kind.optional(),
    cta_award_id: uuidOrNull('cta_award_id').optional(),
    cta_product_id: uuidOrNull('cta_product_id').optional(),
    og_image_url: imageUrl('og_image_url').optional(),
  })
  .strict();
export type LandingPagePreviewBody = z.input<typeof landingPagePreviewBodySchema>;

/** The page as the public sees it (and the admin preview): sections as sanitised HTML, the button resolved to a link. */
export const landingPageViewSchema = z.object({
  slug: z.string(),
  title: z.string(),
  meta_description: z.string(),
  hero: z.object({ heading: z.string(), subheading: z.string(), image_url: z.string().nullable(), image_alt: z.string() }),
  /** `html` is the server's sanitised rendering of the section's Markdown: safe to put in the page as is. */
  sections: z.array(z.object({ heading: z.string(), html: z.string() })),
  cta: z.object({
    label: z.string(),
    kind: z.enum(LANDING_CTA_KINDS),
    /** A path on this site: /nominate?award=…, /store?award=…, /store; the gallery or the store when the target is gone. */
    href: z.string(),
    /** The award or product the button leads to; null when it no longer exists or is inactive. */
    target: z.object({ title: z.string(), image_url: z.string().nullable() }).nullable(),
  }),
  /** The link-preview picture: og_image_url, else the hero picture, else null (the site's card). */
  og_image_url: z.string().nullable(),
  published_at: z.string().nullable(),
  updated_at: z.string().nullable(),
});
export type LandingPageView = z.infer<typeof landingPageViewSchema>;

export const landingSlugParamsSchema = z.object({
  slug: z
    .string()
    .max(LANDING_LIMITS.slug, { message: `slug may have at most ${LANDING_LIMITS.slug} characters` })
    .regex(LANDING_SLUG_PATTERN, { message: 'slug may contain lower-case letters, digits and single hyphens' }),
});

/** A landing page as the admin edits it. */
export const adminLandingPageSchema = z.object({
  id: z.uuid(),
  slug: z.string(),
  title: z.string(),
  meta_description: z.string(),
  hero_heading: z.string(),
  hero_subheading: z.string(),
  hero_image_url: z.string().nullable(),
  hero_image_alt: z.string(),
  sections: z.array(z.object({ heading: z.string(), markdown: z.string() })),
  cta_label: z.string(),
  cta_kind: z.enum(LANDING_CTA_KINDS),
  cta_award_id: z.uuid().nullable(),
  cta_product_id: z.uuid().nullable(),
  og_image_url: z.string().nullable(),
  status: z.enum(LANDING_PAGE_STATUSES),
  published_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  /** Who made the last change (name, or email), null when unknown or the account is gone. */
  updated_by: z.string().nullable(),
  /** The public address: /l/{slug}. */
  path: z.string(),
});
export type AdminLandingPage = z.infer<typeof adminLandingPageSchema>;

export const adminLandingPageSummarySchema = adminLandingPageSchema
  .pick({ id: true, slug: true, title: true, status: true, published_at: true, updated_at: true, updated_by: true, cta_kind: true, cta_label: true, path: true })
  .extend({
    /** The title of the award or the name of the product the button leads to; null when it is gone. */
    cta_target: z.string().nullable(),
  });
export type AdminLandingPageSummary = z.infer<typeof adminLandingPageSummarySchema>;

export const LANDING_SORTS = ['updated', 'title', 'slug', 'published'] as const;
export type LandingSort = (typeof LANDING_SORTS)[number];

export const adminLandingPageListQuerySchema = z
  .object({
    q: z.string().trim().max(100, { message: 'q must be at most 100 characters' }).optional(),
    status: z.enum(LANDING_PAGE_STATUSES, { message: "status must be 'draft' or 'published'" }).optional(),
    sort: z.enum(LANDING_SORTS, { message: `sort must be one of ${LANDING_SORTS.join(', ')}` }).default('updated'),
    dir: z.enum(['asc', 'desc'], { message: "dir must be 'asc' or 'desc'" }).optional(),
    page: pageNumber(),
  })
  .strict();
export type AdminLandingPageListQuery = z.input<typeof adminLandingPageListQuerySchema>;

export const adminLandingPageListSchema = z.object({
  landing_pages: z.array(adminLandingPageSummarySchema),
  total: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
});
export type AdminLandingPageList = z.infer<typeof adminLandingPageListSchema>;

/** What the button may lead to: active awards and products (inactive ones listed too, marked, so a stored choice shows). */
export const landingCtaTargetsSchema = z.object({
  awards: z.array(z.object({ id: z.uuid(), title: z.string(), is_active: z.boolean() })),
  products: z.array(z.object({ id: z.uuid(), name: z.string(), is_active: z.boolean() })),
});
export type LandingCtaTargets = z.infer<typeof landingCtaTargetsSchema>;

export const landingImageUploadSchema = z.object({ url: z.string() });

export const landingIdParamsSchema = z.object({ id: z.uuid({ message: 'id must be a uuid' }) });
