import { z } from 'zod';

export const designTemplateSchema = z.object({
  id: z.uuid(),
  slug: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  css_classes: z.string(),
  sort_order: z.number().int(),
  is_active: z.boolean(),
});
export type DesignTemplate = z.infer<typeof designTemplateSchema>;
export const designTemplateListSchema = z.array(designTemplateSchema);
