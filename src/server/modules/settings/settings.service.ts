import { inArray } from 'drizzle-orm';
import type { PublicSettings } from '@/contract/settings';
import type { Db } from '@/server/db/client';
import { settings } from '@/server/db/schema/index';
import { readFunnelSettings, type FunnelSettings } from './funnel-settings';
import { HttpError } from '@/server/lib/http-errors';
import type { FeatureToggles } from '@/contract/settings-defaults';
import { shopSettingsSchema, type ShopSettings } from './shop-settings';
import { publicSettingsOf, PUBLIC_SETTING_KEYS } from './public-settings';

/** How long an instance keeps its copy; another instance's change shows within this (docs/decisions/104). */
export const SETTINGS_CACHE_MS = 30_000;
const CACHE_MS = SETTINGS_CACHE_MS;

export const FEATURE_OFF_MESSAGES: Record<keyof FeatureToggles, string> = {
  quiz: 'The quiz is taking a break. The gallery has every award in the meantime.',
  community: 'The community wall is closed for now. Certificates still open at their own links.',
  bug_reports: 'Bug reports are switched off for now. Write to us at the contact address instead.',
};

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
    const [rows, shop] = await Promise.all([this.db.select().from(settings).where(inArray(settings.key, [...PUBLIC_SETTING_KEYS])), this.getShop()]);
    // A malformed stored value must never take the site down: each key falls back to its default on its own.
    const value = publicSettingsOf(new Map(rows.map((r) => [r.key, r.value])), shop);
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

  /**
   * Refuses a request to a part of the site an admin switched off (docs/decisions/104): 404 FEATURE_OFF with a
   * sentence a visitor understands.
   */
  async requireFeature(feature: keyof FeatureToggles): Promise<void> {
    if (!(await this.getPublic()).features[feature]) throw new HttpError(404, 'FEATURE_OFF', FEATURE_OFF_MESSAGES[feature]);
  }

  invalidate() {
    this.cached = null;
    this.cachedShop = null;
    this.cachedFunnel = null;
  }
}
