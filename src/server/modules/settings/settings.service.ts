import { inArray } from 'drizzle-orm';
import { DEFAULT_SETTINGS, publicSettingsSchema, type PublicSettings } from '@/contract/settings';
import type { Db } from '@/server/db/client';
import { settings } from '@/server/db/schema/index';
import { readFunnelSettings, type FunnelSettings } from '../funnel/funnel-settings';
import { shopSettingsSchema, type ShopSettings } from './shop-settings';

const PUBLIC_KEYS = ['brand_name', 'company_name', 'support_email', 'social'] as const;
const CACHE_MS = 30_000;

/**
 * Site settings stored as key/value rows over built-in defaults. Each instance keeps
 * a short-lived copy (30 s) so the HTML shell does not query the database per request.
 */
export class SettingsService {
  private cached: { value: PublicSettings; at: number } | null = null;
  private cachedShop: { value: ShopSettings; at: number } | null = null;
  private cachedFunnel: { value: FunnelSettings; at: number } | null = null;

  constructor(private readonly db: Db) {}

  async getPublic(): Promise<PublicSettings> {
    if (this.cached && Date.now() - this.cached.at < CACHE_MS) return this.cached.value;
    const rows = await this.db.select().from(settings).where(inArray(settings.key, [...PUBLIC_KEYS]));
    const stored = Object.fromEntries(rows.map((r) => [r.key, r.value]));
    const merged = { ...DEFAULT_SETTINGS, ...stored };
    // A malformed stored value must never take the site down: fall back per key.
    const parsed = publicSettingsSchema.safeParse(merged);
    const value = parsed.success ? parsed.data : DEFAULT_SETTINGS;
    this.cached = { value, at: Date.now() };
    return value;
  }

  /** Currency, shipping methods and tax rates of the shop; a malformed stored field falls back to its default. */
  async getShop(): Promise<ShopSettings> {
    if (this.cachedShop && Date.now() - this.cachedShop.at < CACHE_MS) return this.cachedShop.value;
    const [row] = await this.db.select().from(settings).where(inArray(settings.key, ['shop']));
    const stored = row?.value && typeof row.value === 'object' ? row.value : {};
    const value = shopSettingsSchema.parse(stored);
    this.cachedShop = { value, at: Date.now() };
    return value;
  }

  /** The sales funnel's hero product and offers (docs/decisions/099); a malformed stored field falls back to its default. */
  async getFunnel(): Promise<FunnelSettings> {
    if (this.cachedFunnel && Date.now() - this.cachedFunnel.at < CACHE_MS) return this.cachedFunnel.value;
    const value = await readFunnelSettings(this.db);
    this.cachedFunnel = { value, at: Date.now() };
    return value;
  }

  invalidate() {
    this.cached = null;
    this.cachedShop = null;
    this.cachedFunnel = null;
  }
}
