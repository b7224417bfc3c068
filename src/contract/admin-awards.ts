import { z } from 'zod';
import { awardSchema } from './awards';
import { categorySchema } from './categories';
import { pageNumber } from './fields';
import { normaliseLine } from './text';

/**
 * /admin/awards and /admin/categories (issue 14, docs/decisions/101): the admin's award and category lists,
 * their bodies, the award history (awards_audit) and the CSV import.
 */

export const AWARD_LIMITS = {
  title: 120,
  slug: 80,
  description: 2000,
  tagline: 200,
  statsPairs: 12,
  statKey: 40,
  statValue: 80,
  /** Awards on one page of the admin list. */
  pageSize: 50,
  /** Awards one bulk action changes. */
  bulk: 500,
  /** An uploaded image. */
  imageMaxBytes: 2 * 1024 * 1024,
  /** A CSV import: characters and rows. */
  csvMaxChars: 1_000_000,
  csvMaxRows: 2000,
} as const;

export const CATEGORY_LIMITS = { name: 80, slug: 80, description: 500, keywords: 40, keyword: 30 } as const;

/** Slugs: lower-case letters, digits and single hyphens. */
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

const line = (field: string, max: number) =>
  z
    .string({ message: `${field} must be text` })
    .transform(normaliseLine)
    .pipe(z.string().max(max, { message: `${field} must be at most ${max} characters` }));

const slug = (field: string, max: number) =>
  z
    .string({ message: `${field} must be text` })
    .trim()
    .toLowerCase()
    .max(max, { message: `${field} must be at most ${max} characters` })
    .regex(SLUG_PATTERN, { message: `${field} may contain lower-case letters, digits and single hyphens` });

/** A picture an admin typed: a path on this site or an https address (never javascript: or data:). */
const imageUrl = z
  .string({ message: 'image_url must be text' })
  .trim()
  .max(500, { message: 'image_url must be at most 500 characters' })
  .refine((v) => v === '' || (v.startsWith('/') && !v.startsWith('//')) || v.startsWith('https://'), {
    message: 'image_url must be a path on this site (/…) or an https:// address',
  })
  .transform((v) => v || null)
  .nullable();

const sortOrder = (field: string) =>
  z
    .number({ message: `${field} must be a whole number` })
    .int({ message: `${field} must be a whole number` })
    .min(-1_000_000_000, { message: `${field} is out of range` })
    .max(1_000_000_000, { message: `${field} is out of range` });

/** One stat: a short label and a short text or a number (spec §3: stats is an object). */
export const statsBodySchema = z
  .record(
    z.string(),
    z.union([
      z.number({ message: 'stats values must be text or numbers' }).finite({ message: 'stats values must be finite numbers' }),
      z.string({ message: 'stats values must be text or numbers' }),
    ]),
    { message: 'stats must be an object of labels and values' },
  )
  .transform((stats, ctx) => {
    const out: Record<string, string | number> = {};
    for (const [rawKey, rawValue] of Object.entries(stats)) {
      const key = normaliseLine(rawKey);
      const value = typeof rawValue === 'string' ? normaliseLine(rawValue) : rawValue;
      if (!key) ctx.addIssue({ code: 'custom', message: 'Every stat needs a label', path: [rawKey] });
      else if (key.length > AWARD_LIMITS.statKey) ctx.addIssue({ code: 'custom', message: `Stat labels must be at most ${AWARD_LIMITS.statKey} characters`, path: [rawKey] });
      else if (Object.hasOwn(out, key)) ctx.addIssue({ code: 'custom', message: `The stat '${key}' appears twice`, path: [rawKey] });
      else if (typeof value === 'string' && value.length > AWARD_LIMITS.statValue) ctx.addIssue({ code: 'custom', message: `Stat values must be at most ${AWARD_LIMITS.statValue} characters`, path: [rawKey] });
      else out[key] = value;
    }
    if (Object.keys(out).length > AWARD_LIMITS.statsPairs) ctx.addIssue({ code: 'custom', message: `At most ${AWARD_LIMITS.statsPairs} stats` });
    return out;
  });

export const awardBodySchema = z
  .object({
    title: line('title', AWARD_LIMITS.title).pipe(z.string().min(1, { message: 'Title is required' })),
    /** Made from the title when not given (and made unique). */
    slug: slug('slug', AWARD_LIMITS.slug).optional(),
    description: line('description', AWARD_LIMITS.description).default(''),
    tagline: line('tagline', AWARD_LIMITS.tagline)
      .transform((v) => v || null)
      .nullable()
      .default(null),
    stats: statsBodySchema.default({}),
    /** Omitted or null when creating: auto_assign_category picks one from the slug (spec §7). */
    category_id: z.uuid({ message: 'category_id must be a category id' }).nullable().optional(),
    image_url: imageUrl.optional(),
    is_active: z.boolean({ message: 'is_active must be true or false' }).default(true),
    sort_order: sortOrder('sort_order').default(0),
  })
  .strict();
export type AwardBody = z.input<typeof awardBodySchema>;
export type AwardBodyOutput = z.output<typeof awardBodySchema>;

export const awardPatchSchema = z
  .object({
    title: line('title', AWARD_LIMITS.title).pipe(z.string().min(1, { message: 'Title is required' })),
    slug: slug('slug', AWARD_LIMITS.slug),
    description: line('description', AWARD_LIMITS.description),
    tagline: line('tagline', AWARD_LIMITS.tagline)
      .transform((v) => v || null)
      .nullable(),
    stats: statsBodySchema,
    /** null: no category (the gallery's 'Other Awards'). */
    category_id: z.uuid({ message: 'category_id must be a category id' }).nullable(),
    image_url: imageUrl,
    is_active: z.boolean({ message: 'is_active must be true or false' }),
    sort_order: sortOrder('sort_order'),
  })
  .partial()
  .strict();
export type AwardPatch = z.input<typeof awardPatchSchema>;

/** An award as the admin sees it: any category joined (active or not), and when it last changed. */
export const adminAwardSchema = awardSchema.extend({
  created_at: z.iso.datetime(),
  updated_at: z.iso.datetime(),
});
export type AdminAward = z.infer<typeof adminAwardSchema>;

export const ADMIN_AWARD_SORTS = ['sort_order', 'title', 'category', 'updated'] as const;
export type AdminAwardSort = (typeof ADMIN_AWARD_SORTS)[number];

const wholeNumberQuery = (field: string) =>
  z.coerce
    .number({ message: `${field} must be a whole number` })
    .int({ message: `${field} must be a whole number` })
    .min(-1_000_000_000, { message: `${field} is out of range` })
    .max(1_000_000_000, { message: `${field} is out of range` });

/** The filters of the list and of the export (spec §7: search, category_id, is_active, min/max sort_order). */
export const adminAwardFilterSchema = z.object({
  search: z.string().trim().max(100, { message: 'search must be at most 100 characters' }).optional(),
  /** A category id, or `none` for awards without one. */
  category_id: z.union([z.uuid(), z.literal('none')], { message: "category_id must be a category id or 'none'" }).optional(),
  is_active: z
    .enum(['true', 'false'], { message: "is_active must be 'true' or 'false'" })
    .transform((v) => v === 'true')
    .optional(),
  min_sort_order: wholeNumberQuery('min_sort_order').optional(),
  max_sort_order: wholeNumberQuery('max_sort_order').optional(),
  sort: z.enum(ADMIN_AWARD_SORTS, { message: `sort must be one of ${ADMIN_AWARD_SORTS.join(', ')}` }).optional(),
  dir: z.enum(['asc', 'desc'], { message: "dir must be 'asc' or 'desc'" }).optional(),
});

const minNotAboveMax = (q: { min_sort_order?: number | undefined; max_sort_order?: number | undefined }) =>
  q.min_sort_order === undefined || q.max_sort_order === undefined || q.min_sort_order <= q.max_sort_order;
const minMaxIssue = { message: 'max_sort_order must not be below min_sort_order', path: ['max_sort_order'] };

export const adminAwardExportQuerySchema = adminAwardFilterSchema.strict().refine(minNotAboveMax, minMaxIssue);
export const adminAwardListQuerySchema = adminAwardFilterSchema
  .extend({ page: pageNumber() })
  .strict()
  .refine(minNotAboveMax, minMaxIssue);
/** The list's query as the browser sends it. */
export interface AdminAwardListQuery {
  search?: string | undefined;
  category_id?: string | undefined;
  is_active?: 'true' | 'false' | undefined;
  min_sort_order?: number | undefined;
  max_sort_order?: number | undefined;
  sort?: AdminAwardSort | undefined;
  dir?: 'asc' | 'desc' | undefined;
  page?: number | undefined;
}

export const adminAwardListSchema = z.object({
  awards: z.array(adminAwardSchema),
  total: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
});
export type AdminAwardList = z.infer<typeof adminAwardListSchema>;

export const bulkAwardsBodySchema = z
  .object({
    ids: z
      .array(z.uuid({ message: 'ids must be award ids' }), { message: 'ids must be a list of award ids' })
      .min(1, { message: 'Choose at least one award' })
      .max(AWARD_LIMITS.bulk, { message: `At most ${AWARD_LIMITS.bulk} awards at once` }),
    is_active: z.boolean({ message: 'is_active must be true or false' }),
  })
  .strict();
export type BulkAwardsBody = z.input<typeof bulkAwardsBodySchema>;

export const moveAwardBodySchema = z.object({ direction: z.enum(['up', 'down'], { message: "direction must be 'up' or 'down'" }) }).strict();

/** One row of awards_audit (spec §3 "Award audit entry"), with who made the change. */
export const awardAuditEntrySchema = z.object({
  id: z.uuid(),
  award_id: z.uuid(),
  action: z.enum(['create', 'update', 'delete']),
  source: z.enum(['form', 'bulk', 'reorder', 'image', 'import', 'category']),
  changed_at: z.iso.datetime(),
  changed_by: z.object({ id: z.uuid(), name: z.string().nullable(), email: z.string() }).nullable(),
  /** The award's title after the change (before it, for a deletion). */
  title: z.string(),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
});
export type AwardAuditEntry = z.infer<typeof awardAuditEntrySchema>;

export const awardAuditQuerySchema = z
  .object({
    award_id: z.uuid({ message: 'award_id must be an award id' }).optional(),
    page: pageNumber(),
  })
  .strict();
export const awardAuditListSchema = z.object({
  entries: z.array(awardAuditEntrySchema),
  total: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
});
export type AwardAuditList = z.infer<typeof awardAuditListSchema>;

// ---- CSV import / export (spec §3 "Award import/export row", §9 import defaults) ----

/** The export's columns, in order (spec §3). */
export const AWARD_CSV_COLUMNS = ['title', 'description', 'stats', 'tagline', 'category_slug', 'is_active', 'sort_order'] as const;
/** Columns an import also understands: the rest of the spec's import row, and the slug to match by. */
export const AWARD_CSV_EXTRA_COLUMNS = ['category_id', 'image_url', 'slug'] as const;

export const importBodySchema = z
  .object({
    csv: z
      .string({ message: 'csv must be the text of a CSV file' })
      .min(1, { message: 'The file is empty' })
      .max(AWARD_LIMITS.csvMaxChars, { message: `The file is too large: at most ${AWARD_LIMITS.csvMaxChars / 1_000_000} MB of text` }),
  })
  .strict();
export type ImportBody = z.input<typeof importBodySchema>;

export const importRowSchema = z.object({
  /** The line of the file where the row starts (the header is line 1). */
  line: z.number().int(),
  /** create, update (an award with this title or slug exists), unchanged (exists and is the same), or invalid. */
  action: z.enum(['create', 'update', 'unchanged', 'invalid']),
  award_id: z.uuid().nullable(),
  title: z.string(),
  description: z.string().nullable(),
  tagline: z.string().nullable(),
  stats: z.record(z.string(), z.union([z.string(), z.number()])).nullable(),
  category: z.object({ id: z.uuid(), name: z.string(), slug: z.string() }).nullable(),
  /** The category was chosen by auto_assign_category. */
  category_auto: z.boolean(),
  is_active: z.boolean().nullable(),
  sort_order: z.number().int().nullable(),
  /** The fields that would change, for an update. */
  changes: z.array(z.string()),
  errors: z.array(z.object({ field: z.string(), message: z.string() })),
});
export type ImportRow = z.infer<typeof importRowSchema>;

export const importPreviewSchema = z.object({
  rows: z.array(importRowSchema),
  /** Problems with the file itself (not one row): a bad header, a broken quote, too many rows. */
  errors: z.array(z.object({ line: z.number().int().nullable(), message: z.string() })),
  summary: z.object({ rows: z.number().int(), create: z.number().int(), update: z.number().int(), unchanged: z.number().int(), invalid: z.number().int() }),
});
export type ImportPreview = z.infer<typeof importPreviewSchema>;

export const importResultSchema = z.object({ created: z.number().int(), updated: z.number().int(), unchanged: z.number().int() });
export type ImportResult = z.infer<typeof importResultSchema>;

// ---- categories ----

/** #rrggbb; empty or null for none (the badge then shows the fallback #6366f1). */
const color = z
  .string({ message: 'color must be text' })
  .trim()
  .toLowerCase()
  .refine((v) => v === '' || /^#[0-9a-f]{6}$/.test(v), { message: 'color must be a colour such as #6366f1' })
  .transform((v) => v || null)
  .nullable();

const keywords = z
  .array(
    z
      .string({ message: 'keywords must be words' })
      .trim()
      .toLowerCase()
      .max(CATEGORY_LIMITS.keyword, { message: `Each keyword must be at most ${CATEGORY_LIMITS.keyword} characters` })
      .regex(/^[\p{L}\p{N}]*$/u, { message: 'Keywords are single words (letters and digits)' }),
    { message: 'keywords must be a list of words' },
  )
  .max(CATEGORY_LIMITS.keywords, { message: `At most ${CATEGORY_LIMITS.keywords} keywords` })
  .transform((list) => [...new Set(list.filter(Boolean))]);

export const categoryBodySchema = z
  .object({
    name: line('name', CATEGORY_LIMITS.name).pipe(z.string().min(1, { message: 'Name is required' })),
    /** Made from the name when not given. */
    slug: slug('slug', CATEGORY_LIMITS.slug).optional(),
    description: line('description', CATEGORY_LIMITS.description)
      .transform((v) => v || null)
      .nullable()
      .default(null),
    color: color.default(null),
    is_active: z.boolean({ message: 'is_active must be true or false' }).default(true),
    sort_order: sortOrder('sort_order').default(0),
    keywords: keywords.default([]),
  })
  .strict();
export type CategoryBody = z.input<typeof categoryBodySchema>;

export const categoryPatchSchema = z
  .object({
    name: line('name', CATEGORY_LIMITS.name).pipe(z.string().min(1, { message: 'Name is required' })),
    slug: slug('slug', CATEGORY_LIMITS.slug),
    description: line('description', CATEGORY_LIMITS.description)
      .transform((v) => v || null)
      .nullable(),
    color,
    is_active: z.boolean({ message: 'is_active must be true or false' }),
    sort_order: sortOrder('sort_order'),
    keywords,
  })
  .partial()
  .strict();
export type CategoryPatch = z.input<typeof categoryPatchSchema>;

export const adminCategorySchema = categorySchema.extend({
  keywords: z.array(z.string()),
  /** Awards filed under it, active or not. */
  award_count: z.number().int(),
});
export type AdminCategory = z.infer<typeof adminCategorySchema>;

export const ADMIN_CATEGORY_SORTS = ['sort_order', 'name', 'awards'] as const;
export const adminCategoryListQuerySchema = z
  .object({
    search: z.string().trim().max(100, { message: 'search must be at most 100 characters' }).optional(),
    is_active: z
      .enum(['true', 'false'], { message: "is_active must be 'true' or 'false'" })
      .transform((v) => v === 'true')
      .optional(),
    sort: z.enum(ADMIN_CATEGORY_SORTS, { message: `sort must be one of ${ADMIN_CATEGORY_SORTS.join(', ')}` }).optional(),
    dir: z.enum(['asc', 'desc'], { message: "dir must be 'asc' or 'desc'" }).optional(),
  })
  .strict();
export type AdminCategoryListQuery = z.input<typeof adminCategoryListQuerySchema>;
export const adminCategoryListSchema = z.object({ categories: z.array(adminCategorySchema) });

/** Where a deleted category's awards go: another category's id, or `none` (the gallery's 'Other Awards'). */
export const deleteCategoryQuerySchema = z
  .object({ awards_to: z.union([z.uuid(), z.literal('none')], { message: "awards_to must be a category id or 'none'" }).optional() })
  .strict();

export const idParamsSchema = z.object({ id: z.uuid({ message: 'id must be a UUID' }) });
