import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '@/server/db/client';
import { settings } from '@/server/db/schema/index';

/**
 * The sales funnel's settings (settings key 'funnel', docs/decisions/099): the hero product sold on
 * /funnel/checkout, the two one-time offers and how long they stay open. Every field falls back to its default on
 * its own, so a bad stored value never takes the funnel down; admins edit them in /admin/settings (issue 14).
 * Prices are never here: an offer names a catalogue variant and a discount, and the price is the variant's.
 */
const offerSchema = z.object({
  /** A catalogue variant by SKU. */
  variant_sku: z.string().min(1).max(100),
  /** Off the variant's catalogue price, 0–90 %. */
  discount_percent: z.number().int().min(0).max(90),
  headline: z.string().min(1).max(120),
  pitch: z.string().min(1).max(600),
});
export type FunnelOfferSettings = z.infer<typeof offerSchema>;

const DEFAULT_OTO1: FunnelOfferSettings = {
  variant_sku: 'FRAME-A4-BLACK',
  discount_percent: 40,
  headline: 'Frame it while the ink is wet',
  pitch:
    'The same certificate again, framed in matte black and ready for the wall, packed in the same parcel at no extra shipping. One for the wall, one for the drawer of evidence.',
};

const DEFAULT_DOWNSELL: FunnelOfferSettings = {
  variant_sku: 'PDF',
  discount_percent: 50,
  headline: 'Not a frame person? Keep a digital copy',
  pitch:
    'The print-ready PDF of the same certificate, to email, print again or project at the next team meeting. Yours to download the moment you say yes.',
};

export const funnelSettingsSchema = z.object({
  enabled: z.boolean().catch(true),
  hero: z
    .object({
      variant_sku: z.string().min(1).max(100).catch('PRINT-A4'),
      /** The award printed by default; null: the gallery's first active award. */
      award_id: z.uuid().nullable().catch(null),
      /** A design template by slug; null: the award's default design. */
      template_slug: z.string().max(100).nullable().catch(null),
      headline: z.string().min(1).max(120).catch('One certificate. Printed, posted, impossible to ignore.'),
      pitch: z
        .string()
        .min(1)
        .max(600)
        .catch('An official-looking award for an unofficial achievement, printed on heavy matte card with their name on it and shipped worldwide.'),
    })
    .catch({
      variant_sku: 'PRINT-A4',
      award_id: null,
      template_slug: null,
      headline: 'One certificate. Printed, posted, impossible to ignore.',
      pitch: 'An official-looking award for an unofficial achievement, printed on heavy matte card with their name on it and shipped worldwide.',
    }),
  /** Minutes from payment until the order goes to print: the offers end then. */
  offer_minutes: z.number().int().min(1).max(120).catch(15),
  oto1: offerSchema.catch(DEFAULT_OTO1),
  downsell: offerSchema.catch(DEFAULT_DOWNSELL),
});
export type FunnelSettings = z.infer<typeof funnelSettingsSchema>;

export const DEFAULT_FUNNEL_SETTINGS: FunnelSettings = funnelSettingsSchema.parse({});

/**
 * Reads the funnel settings through `db` — inside a transaction, that transaction: the embedded database has one
 * connection, so a read beside an open transaction would wait for it forever. SettingsService.getFunnel() keeps a
 * short-lived copy of the same for everything else.
 */
export async function readFunnelSettings(db: Pick<Db, 'select'>): Promise<FunnelSettings> {
  const [row] = await db.select().from(settings).where(eq(settings.key, 'funnel'));
  return funnelSettingsSchema.parse(row?.value && typeof row.value === 'object' ? row.value : {});
}
