import { z } from 'zod';
import { categorySchema } from './categories';

export const awardStatsSchema = z.record(z.string(), z.union([z.string(), z.number()]));

export const awardSchema = z.object({
  id: z.uuid(),
  slug: z.string(),
  title: z.string(),
  description: z.string(),
  tagline: z.string().nullable(),
  /** Always an object; {} when the stored value is not one (spec §3). */
  stats: awardStatsSchema,
  category_id: z.uuid().nullable(),
  category_slug: z.string().nullable(),
  image_url: z.string().nullable(),
  is_active: z.boolean(),
  sort_order: z.number().int(),
  /** The joined category; null when the award has no known (active) category. */
  category: categorySchema.nullable(),
});
export type Award = z.infer<typeof awardSchema>;

const sortOrder = (name: string) =>
  z.coerce
    .number({ message: `${name} must be a whole number` })
    .int({ message: `${name} must be a whole number` })
    .min(-1_000_000_000, { message: `${name} is out of range` })
    .max(1_000_000_000, { message: `${name} is out of range` });

export const SEARCH_MAX_LENGTH = 100;

/** GET /api/awards query (spec §7: search, category_id, is_active, min/max sort_order). */
export const awardListQuerySchema = z
  .object({
    search: z
      .string()
      .trim()
      .max(SEARCH_MAX_LENGTH, { message: `search must be at most ${SEARCH_MAX_LENGTH} characters` })
      .optional(),
    category_id: z.uuid({ message: 'category_id must be a category id (UUID)' }).optional(),
    is_active: z
      .enum(['true', 'false'], { message: "is_active must be 'true' or 'false'" })
      .transform((v) => v === 'true')
      .optional(),
    min_sort_order: sortOrder('min_sort_order').optional(),
    max_sort_order: sortOrder('max_sort_order').optional(),
    limit: z.coerce
      .number({ message: 'limit must be a whole number from 1 to 200' })
      .int({ message: 'limit must be a whole number from 1 to 200' })
      .min(1, { message: 'limit must be a whole number from 1 to 200' })
      .max(200, { message: 'limit must be a whole number from 1 to 200' })
      .optional(),
  })
  .strict()
  .refine(
    (q) =>
      q.min_sort_order === undefined ||
      q.max_sort_order === undefined ||
      q.min_sort_order <= q.max_sort_order,
    { message: 'max_sort_order must not be below min_sort_order', path: ['max_sort_order'] },
  );
export type AwardListQuery = z.input<typeof awardListQuerySchema>;

export const awardListSchema = z.array(awardSchema);
