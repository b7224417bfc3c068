import { z } from 'zod';
import type { PublicSettings } from './settings-defaults';

export { DEFAULT_SETTINGS, type PublicSettings } from './settings-defaults';

export const publicSettingsSchema = z.object({
  brand_name: z.string().min(1),
  company_name: z.string().min(1),
  support_email: z.string().min(3),
  social: z.object({
    tiktok: z.string(),
    x: z.string(),
    instagram: z.string(),
  }),
}) satisfies z.ZodType<PublicSettings>;
