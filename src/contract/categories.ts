import { z } from 'zod';

export { FALLBACK_CATEGORY_COLOR } from './catalog-constants';

export const categorySchema = z.object({
  id: z.uuid(),
  slug: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  color: z.string().nullable(),
  is_active: z.boolean(),
  sort_order: z.number().int(),
});
export type Category = z.infer<typeof categorySchema>;

export const categoryListSchema = z.array(categorySchema);
