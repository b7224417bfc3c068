import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { SETTINGS_GROUPS, type AdminSettings, type SettingsGroup, type SettingsValues } from '@/contract/admin-settings';
import type { Db } from '@/server/db/client';
import { auditLog, awards, products, settings, templates, users, variants } from '@/server/db/schema/index';
import { badRequest } from '@/server/lib/http-errors';
import { audited, type Actor } from '../audit';
import { funnelSettingsSchema } from './funnel-settings';
import { publicSettingsOf, PUBLIC_SETTING_KEYS } from './public-settings';
import { SETTINGS_CACHE_MS } from './settings.service';
import { shopSettingsSchema } from './shop-settings';

/**
 * /admin/settings (issue 14, docs/decisions/104): every group read straight from the database (never the
 * instance's cached copy), and one group saved at a time — checked against the catalogue, written with its audit
 * row (before → after) in one transaction.
 */

type Tx = Pick<Db, 'select' | 'insert' | 'update'>;

/** The stored rows each group writes. The public keys stay one row each, as the site has always read them. */
const ROWS: { [G in SettingsGroup]: (v: SettingsValues[G]) => Record<string, unknown> } = {
  brand: (v) => ({ brand_name: v.brand_name, company_name: v.company_name }),
  contact: (v) => ({ support_email: v.support_email, social: v.social }),
  home: (v) => ({ home: v }),
  shop: (v) => ({ shop: v }),
  funnel: (v) => ({ funnel: v }),
  features: (v) => ({ features: v }),
};

const ALL_KEYS = [...PUBLIC_SETTING_KEYS, 'shop', 'funnel'];

/** Every group as the site uses it now: stored values over the defaults, field by field. */
export async function readSettingsValues(db: Pick<Db, 'select'>): Promise<SettingsValues> {
  const rows = await db.select().from(settings).where(inArray(settings.key, ALL_KEYS));
  const stored = new Map(rows.map((r) => [r.key, r.value]));
  const object = (v: unknown) => (v && typeof v === 'object' ? v : {});
  const shop = shopSettingsSchema.parse(object(stored.get('shop')));
  const funnel = funnelSettingsSchema.parse(object(stored.get('funnel')));
  const pub = publicSettingsOf(stored, shop);
  return {
    brand: { brand_name: pub.brand_name, company_name: pub.company_name },
    contact: { support_email: pub.support_email, social: pub.social },
    home: { stats: pub.home_stats },
    shop,
    funnel,
    features: pub.features,
  };
}

export async function getAdminSettings(db: Db): Promise<AdminSettings> {
  const values = await readSettingsValues(db);
  const last = (await db.execute(sql`
    select distinct on (a.entity_id) a.entity_id as "group", a.created_at as "at", u.email as "by"
    from ${auditLog} a left join ${users} u on u.id = a.actor_user_id
    where a.entity_type = 'settings'
    order by a.entity_id, a.created_at desc`)) as unknown as { rows: { group: string; at: string | Date; by: string | null }[] };
  const changed = Object.fromEntries(SETTINGS_GROUPS.map((g) => [g, null])) as AdminSettings['changed'];
  for (const r of last.rows) {
    if ((SETTINGS_GROUPS as readonly string[]).includes(r.group)) {
      changed[r.group as SettingsGroup] = { at: new Date(r.at).toISOString(), by: r.by };
    }
  }
  const rows = await db
    .select({ sku: variants.sku, name: variants.name, productName: products.name, price: variants.price, currency: variants.currency, active: variants.isActive, productActive: products.isActive })
    .from(variants)
    .innerJoin(products, eq(products.id, variants.productId))
    .orderBy(asc(products.sortOrder), asc(products.name), asc(variants.sortOrder), asc(variants.name));
  const currencies = [...new Set(rows.filter((r) => r.active && r.productActive).map((r) => r.currency))].sort();
  return {
    values,
    changed,
    choices: {
      variants: rows.map((r) => ({ sku: r.sku, name: r.name, product_name: r.productName, price: r.price, currency: r.currency, is_active: r.active && r.productActive })),
      currencies,
    },
    cache_seconds: SETTINGS_CACHE_MS / 1000,
  };
}

/** A variant the shop sells: active, of an active product, priced in the shop's currency. */
async function sellable(tx: Pick<Db, 'select'>, sku: string, currency: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: variants.id })
    .from(variants)
    .innerJoin(products, eq(products.id, variants.productId))
    .where(and(eq(variants.sku, sku), eq(variants.isActive, true), eq(products.isActive, true), eq(variants.currency, currency)));
  return Boolean(row);
}

/** What the schema cannot know: the catalogue the settings point at. Refusals name the field. */
async function checkReferences<G extends SettingsGroup>(tx: Pick<Db, 'select'>, group: G, value: SettingsValues[G], current: SettingsValues) {
  if (group === 'shop') {
    const shop = value as SettingsValues['shop'];
    // The own currency is priced by `price` everywhere; listed again it would be a second, unused price list.
    if (shop.currencies.includes(shop.currency)) {
      throw badRequest(`${shop.currency} is the shop’s own currency: list only the others it sells in.`, 'currencies', 'OWN_CURRENCY_LISTED');
    }
    if (shop.currency !== current.shop.currency) {
      const [priced] = await tx
        .select({ id: variants.id })
        .from(variants)
        .innerJoin(products, eq(products.id, variants.productId))
        .where(and(eq(variants.currency, shop.currency), eq(variants.isActive, true), eq(products.isActive, true)))
        .limit(1);
      if (!priced) {
        throw badRequest(
          `No active product is priced in ${shop.currency}, so the store would be empty. Give the products ${shop.currency} prices first; orders already placed keep their own currency.`,
          'currency',
          'CURRENCY_NOT_PRICED',
        );
      }
    }
    const unpriced = unpricedShipping(shop);
    if (unpriced) {
      throw badRequest(`Give ${unpriced.method} a price in ${unpriced.currency}, or stop selling in ${unpriced.currency}.`, unpriced.field, 'SHIPPING_NOT_PRICED');
    }
    // A shop that ships to no zone and nowhere else would refuse every print at checkout: never by one switch.
    if (!shop.ships_elsewhere && shop.shipping_zones.length === 0) {
      throw badRequest('Add a shipping zone first: with none, turning this off would stop every print from shipping.', 'ships_elsewhere', 'NO_SHIPPING_ZONE');
    }
  }
  if (group === 'funnel') {
    const funnel = value as SettingsValues['funnel'];
    const currency = current.shop.currency;
    for (const [field, sku] of [
      ['hero.variant_sku', funnel.hero.variant_sku],
      ['oto1.variant_sku', funnel.oto1.variant_sku],
      ['downsell.variant_sku', funnel.downsell.variant_sku],
    ] as const) {
      if (!(await sellable(tx, sku, currency))) {
        throw badRequest(`${sku} is not an active variant priced in ${currency}: choose one the store sells.`, field, 'UNKNOWN_VARIANT');
      }
    }
    if (funnel.hero.award_id) {
      const [award] = await tx.select({ id: awards.id }).from(awards).where(and(eq(awards.id, funnel.hero.award_id), eq(awards.isActive, true)));
      if (!award) throw badRequest('That award is not active: choose an award from the gallery.', 'hero.award_id', 'UNKNOWN_AWARD');
    }
    if (funnel.hero.template_slug) {
      const [template] = await tx.select({ id: templates.id }).from(templates).where(and(eq(templates.slug, funnel.hero.template_slug), eq(templates.isActive, true)));
      if (!template) throw badRequest('That design is not active: choose another or the award’s own.', 'hero.template_slug', 'UNKNOWN_TEMPLATE');
    }
  }
}

const METHOD_NAMES = { standard: 'Standard shipping', express: 'Express shipping' } as const;

/**
 * The first shipping method (the shop's own, then each zone's) without a price in a currency the shop sells in, or
 * null. The quote leaves such a method out in that currency (docs/decisions/134), so a buyer paying in it could find
 * no way to ship at all: a currency is enabled fully priced or not at all. Prices in currencies not enabled are the
 * admin's to prepare and are not checked here.
 */
function unpricedShipping(shop: SettingsValues['shop']): { field: string; method: string; currency: string } | null {
  for (const currency of shop.currencies) {
    for (const id of ['standard', 'express'] as const) {
      if (shop.shipping[id].prices[currency] === undefined) return { field: `shipping.${id}.prices.${currency}`, method: METHOD_NAMES[id], currency };
    }
    for (const [i, zone] of shop.shipping_zones.entries()) {
      for (const id of ['standard', 'express'] as const) {
        const method = zone[id];
        if (method && method.prices[currency] === undefined) {
          return { field: `shipping_zones.${i}.${id}.prices.${currency}`, method: `${METHOD_NAMES[id]} to ${zone.name}`, currency };
        }
      }
    }
  }
  return null;
}

/** A price list in one order (its currencies sorted), so the same prices in another order are no change. */
const sortedPrices = (prices: Record<string, number>) => Object.fromEntries(Object.entries(prices).sort(([a], [b]) => (a < b ? -1 : 1)));

/** The shop group with its tables in one order: tax rates and every method's price list by key. */
function normaliseShop(shop: SettingsValues['shop']) {
  shop.tax_rates = Object.fromEntries(Object.entries(shop.tax_rates).sort(([a], [b]) => (a < b ? -1 : 1)));
  for (const method of [shop.shipping.standard, shop.shipping.express, ...shop.shipping_zones.flatMap((z) => [z.standard, z.express])]) {
    if (method) method.prices = sortedPrices(method.prices);
  }
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Saves one group (validated by its contract schema already). Nothing is written when it equals what is stored;
 * otherwise the rows and an audit row `settings.updated` (entity settings/{group}, before and after the whole
 * group) go in one transaction. Returns whether anything changed.
 */
export async function saveSettingsGroup<G extends SettingsGroup>(db: Db, actor: Actor, group: G, value: SettingsValues[G]): Promise<boolean> {
  return db.transaction(async (tx) => {
    // Under a lock on the group's key, so two admins saving at once write one after the other, each audited
    // against what the other stored.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`settings:${group}`}))`);
    const current = await readSettingsValues(tx);
    const before = current[group];
    if (group === 'shop') {
      // One order for the tax table and the price lists, so the same rates or prices in another order are no change.
      normaliseShop(value as SettingsValues['shop']);
      normaliseShop(current.shop);
    }
    await checkReferences(tx, group, value, current);
    if (same(before, value)) return false;
    await audited(tx, actor, { action: 'settings.updated', entityType: 'settings', entityId: group, before, after: value }, () => writeRows(tx, ROWS[group](value)));
    return true;
  });
}

async function writeRows(tx: Tx, rows: Record<string, unknown>) {
  const now = new Date();
  for (const [key, value] of Object.entries(rows)) {
    await tx.insert(settings).values({ key, value, updatedAt: now }).onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: now } });
  }
}
