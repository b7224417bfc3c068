import { z } from 'zod';
import type { PublicSettings } from './settings-defaults';

export { DEFAULT_SETTINGS, type PublicSettings } from './settings-defaults';

const delivery = z.object({ min_days: z.number().int(), max_days: z.number().int() });

export const publicSettingsSchema = z.object({
  brand_name: z.string().min(1),
  company_name: z.string().min(1),
  support_email: z.string().min(3),
  social: z.object({
    tiktok: z.string(),
    x: z.string(),
    instagram: z.string(),
  }),
  home_stats: z.array(z.object({ value: z.string(), label: z.string() })),
  features: z.object({ quiz: z.boolean(), community: z.boolean(), bug_reports: z.boolean() }),
  delivery: z.object({ standard: delivery, express: delivery }),
  currencies: z.array(z.string()),
}) satisfies z.ZodType<PublicSettings>;
