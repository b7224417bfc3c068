import { z } from 'zod';
import { DEFAULT_SETTINGS, type PublicSettings } from '@/contract/settings';
import { shopCurrencies, type ShopSettings } from './shop-settings';

/**
 * The public settings as stored: one row per key (brand_name, company_name, support_email, social, home,
 * features), each read on its own over its default, so one malformed row never takes the others down.
 * The delivery promise comes from the shop's shipping settings.
 */
export const PUBLIC_SETTING_KEYS = ['brand_name', 'company_name', 'support_email', 'social', 'home', 'features'] as const;

const social = z.object({ tiktok: z.string(), x: z.string(), instagram: z.string() });
const home = z.object({ stats: z.array(z.object({ value: z.string(), label: z.string() })).min(1).max(6) });
const features = z.object({ quiz: z.boolean().catch(true), community: z.boolean().catch(true), bug_reports: z.boolean().catch(true) });

function read<T>(schema: z.ZodType<T>, value: unknown, fallback: T): T {
  const parsed = schema.safeParse(value);
  return parsed.success ? parsed.data : fallback;
}

export function publicSettingsOf(stored: ReadonlyMap<string, unknown>, shop: ShopSettings): PublicSettings {
  const d = DEFAULT_SETTINGS;
  const days = (m: ShopSettings['shipping']['standard']) => ({ min_days: m.min_days, max_days: m.max_days });
  return {
    brand_name: read(z.string().min(1), stored.get('brand_name'), d.brand_name),
    company_name: read(z.string().min(1), stored.get('company_name'), d.company_name),
    support_email: read(z.string().min(3), stored.get('support_email'), d.support_email),
    social: read(social, stored.get('social'), d.social),
    home_stats: read(home, stored.get('home'), { stats: d.home_stats }).stats,
    features: stored.has('features') ? read(features, stored.get('features'), d.features) : d.features,
    delivery: { standard: days(shop.shipping.standard), express: days(shop.shipping.express) },
    currencies: shopCurrencies(shop),
  };
}
