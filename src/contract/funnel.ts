import { z } from 'zod';
import { shippingAddressSchema } from './address';
import { checkoutBodySchema, orderSchema, orderStatusSchema, shippingMethodIdSchema, shippingMethodSchema } from './shop';
import { SHOP_LIMITS } from './shop-constants';

/**
 * The sales funnel (issue 13, docs/decisions/099): one hero product bought on a focused checkout, then a timer
 * screen, one-time offer 1 and its downsell — each added to the same paid order with one click, charged to the card
 * of the first payment — and a thank-you page. Prices always come from the database; the browser sends choices.
 */

export const FUNNEL_OFFER_KINDS = ['oto1', 'downsell'] as const;
export const funnelOfferKindSchema = z.enum(FUNNEL_OFFER_KINDS, { message: 'kind must be oto1 or downsell' });
export type FunnelOfferKind = z.infer<typeof funnelOfferKindSchema>;

/** The funnel's screens, in order. `next_step` of a funnel order names the one the visitor belongs on. */
export const FUNNEL_STEPS = ['checkout', 'timer', 'oto1', 'downsell', 'thank_you'] as const;
export type FunnelStep = (typeof FUNNEL_STEPS)[number];

// ---------- GET /api/funnel: the hero product and what the offers will be ----------

export const funnelOfferPreviewSchema = z.object({
  kind: funnelOfferKindSchema,
  headline: z.string(),
  pitch: z.string(),
  product_name: z.string(),
  variant_name: z.string(),
  image_url: z.string().nullable(),
  /** The catalogue price and the offer's, before tax (minor units). */
  list_price: z.number().int(),
  price: z.number().int(),
  discount_percent: z.number().int(),
  requires_shipping: z.boolean(),
});
export type FunnelOfferPreview = z.infer<typeof funnelOfferPreviewSchema>;

export const funnelSchema = z.object({
  /** False when an admin switched the funnel off or its hero product is not for sale: the page says so. */
  available: z.boolean(),
  currency: z.string(),
  test_mode: z.boolean(),
  hero: z
    .object({
      product_id: z.uuid(),
      variant_id: z.uuid(),
      product_name: z.string(),
      variant_name: z.string(),
      description: z.string(),
      size: z.string(),
      finish: z.string(),
      image_url: z.string().nullable(),
      price: z.number().int(),
      requires_shipping: z.boolean(),
      headline: z.string(),
      pitch: z.string(),
      award: z.object({ id: z.uuid(), title: z.string(), tagline: z.string().nullable(), image_url: z.string().nullable() }),
      template_id: z.uuid().nullable(),
    })
    .nullable(),
  /** Minutes between the payment and the order going to print: the offers' honest deadline. */
  offer_minutes: z.number().int(),
  shipping_methods: z.array(shippingMethodSchema),
  offers: z.array(funnelOfferPreviewSchema),
});
export type Funnel = z.infer<typeof funnelSchema>;

export const funnelQuerySchema = z.object({ award: z.uuid({ message: 'award must be an award id' }).optional() }).strict();

// ---------- POST /api/funnel/checkout (header Idempotency-Key) ----------

export const funnelCheckoutBodySchema = z
  .object({
    email: checkoutBodySchema.shape.email,
    /** The name printed on the certificate. */
    recipient_name: z
      .string({ message: 'recipient_name must be text' })
      .trim()
      .min(1, { message: 'Please enter the name to print on the certificate' })
      .max(SHOP_LIMITS.recipientName, { message: `The name on the certificate must be at most ${SHOP_LIMITS.recipientName} characters` }),
    /** Another active award than the funnel's own (a link from a campaign); default: the funnel's. */
    award_id: z.uuid({ message: 'award_id must be an award id' }).optional(),
    shipping_address: shippingAddressSchema.nullable().optional(),
    shipping_method: shippingMethodIdSchema.nullable().optional(),
    /** Where the buyer lives, for a PDF (nothing ships): decides its tax (docs/decisions/133). */
    country: checkoutBodySchema.shape.country,
  })
  .strict();
export type FunnelCheckoutBody = z.input<typeof funnelCheckoutBodySchema>;
export type FunnelCheckoutInput = z.output<typeof funnelCheckoutBodySchema>;

// ---------- a funnel order: GET /api/funnel/orders/:orderId?token=, accept, decline ----------

export const FUNNEL_OFFER_STATUSES = ['waiting', 'offered', 'accepting', 'accepted', 'declined', 'failed', 'expired', 'skipped'] as const;

export const funnelOfferSchema = z.object({
  kind: funnelOfferKindSchema,
  status: z.enum(FUNNEL_OFFER_STATUSES),
  headline: z.string(),
  pitch: z.string(),
  product_name: z.string(),
  variant_name: z.string(),
  image_url: z.string().nullable(),
  list_price: z.number().int(),
  price: z.number().int(),
  tax: z.number().int(),
  /** The price holds the tax (a VAT-inclusive order, docs/decisions/133): the charge is the price. */
  tax_included: z.boolean(),
  /** What accepting charges: price + tax, or the price when it holds the tax. */
  amount: z.number().int(),
  requires_shipping: z.boolean(),
  /** Why the card refused it, when it did. */
  failure_message: z.string().nullable(),
});
export type FunnelOffer = z.infer<typeof funnelOfferSchema>;

export const funnelOrderSchema = z.object({
  order_id: z.uuid(),
  order_number: z.string(),
  status: orderStatusSchema,
  /** The server's clock, so the countdown is right whatever the visitor's clock says. */
  now: z.string(),
  /** When the offers end and the order goes to print (set once paid). */
  offers_close_at: z.string().nullable(),
  /** The offers are settled; the confirmation is sent and the order is on its way to print. */
  closed: z.boolean(),
  next_step: z.enum(FUNNEL_STEPS),
  /** The last four digits of the card an offer is charged to, when the provider says. */
  card_last4: z.string().nullable(),
  offers: z.array(funnelOfferSchema),
  /** Something the buyer must be told on the next page: "Your card was declined for the extra; your order is unchanged." */
  notice: z.string().nullable(),
  order: orderSchema,
});
export type FunnelOrder = z.infer<typeof funnelOrderSchema>;

export const funnelOrderParamsSchema = z.object({ orderId: z.uuid({ message: 'orderId must be an order id' }) });
export const funnelOfferParamsSchema = funnelOrderParamsSchema.extend({ kind: funnelOfferKindSchema });
export const funnelTokenQuerySchema = z.object({ token: z.string({ message: 'token is required' }).min(1, { message: 'token is required' }).max(200) }).strict();
export const funnelDecisionBodySchema = z
  .object({ token: z.string({ message: 'token is required' }).min(1, { message: 'token is required' }).max(200) })
  .strict();
