import { z } from 'zod';
import { shippingAddressSchema } from './address';
import { calendarDate, int4 } from './fields';
import { FULFILMENT_STATUSES, LIFECYCLE_STATUSES, ORDER_STATUS_VALUES, PAYMENT_STATUSES } from './order-status';
import { SHOP_LIMITS } from './shop-constants';

export { ORDER_STATUS_LABELS, ORDER_STATUS_VALUES, SHOP_LIMITS } from './shop-constants';

/**
 * The shop (issue 9): catalogue, cart pricing, checkout and orders. Money is always an integer number
 * of minor units (cents) with an ISO 4217 currency code, and the server computes every amount.
 * Decisions: docs/decisions/070–078.
 */

export const orderStatusSchema = z.enum(ORDER_STATUS_VALUES);

export type OrderStatus = z.infer<typeof orderStatusSchema>;

export const SHIPPING_METHOD_IDS = ['standard', 'express'] as const;
export const shippingMethodIdSchema = z.enum(SHIPPING_METHOD_IDS, { message: 'Please choose standard or express shipping' });
export type ShippingMethodId = z.infer<typeof shippingMethodIdSchema>;

// ---------- catalogue ----------

export const productKindSchema = z.enum(['print', 'framed', 'digital']);

export const variantSchema = z.object({
  id: z.uuid(),
  sku: z.string(),
  name: z.string(),
  size: z.string(),
  finish: z.string(),
  price: z.number().int(),
  currency: z.string(),
  weight_grams: z.number().int(),
  image_url: z.string().nullable(),
  requires_shipping: z.boolean(),
});
export type Variant = z.infer<typeof variantSchema>;

export const productSchema = z.object({
  id: z.uuid(),
  slug: z.string(),
  name: z.string(),
  description: z.string(),
  kind: productKindSchema,
  thumbnail_url: z.string().nullable(),
  variants: z.array(variantSchema),
});
export type Product = z.infer<typeof productSchema>;

export const shippingMethodSchema = z.object({
  id: shippingMethodIdSchema,
  label: z.string(),
  price: z.number().int(),
  min_days: z.number().int(),
  max_days: z.number().int(),
});
export type ShippingMethod = z.infer<typeof shippingMethodSchema>;

/**
 * One tax of an order (docs/decisions/133): "VAT" at 19 %, Canada's "GST" and "PST", or a US state's sales tax. The
 * rate is in basis points and may have one decimal (Quebec's QST is 997.5).
 */
export const taxLineSchema = z.object({ name: z.string(), rate_bps: z.number(), amount: z.number().int() });
export type TaxLine = z.infer<typeof taxLineSchema>;

/** GET /api/store/products?currency= — the catalogue in one of the shop's currencies (default: its own). */
export const storeCatalogueQuerySchema = z.object({ currency: z.string().trim().toUpperCase().regex(/^[A-Z]{3}$/, { message: 'currency must be a three-letter code such as EUR' }).optional() }).strict();

/** GET /api/store/products */
export const storeCatalogueSchema = z.object({
  /** The currency of these prices. */
  currency: z.string(),
  /** Every currency the shop sells in, its own first (docs/decisions/134). */
  currencies: z.array(z.string()),
  /** True while the built-in test card processor takes the payments: every payment screen says so. */
  test_mode: z.boolean(),
  products: z.array(productSchema),
  shipping_methods: z.array(shippingMethodSchema),
});
export type StoreCatalogue = z.infer<typeof storeCatalogueSchema>;

/**
 * GET /api/store/mockups?award= — photos of an award on the printed products (the admin's award → product mappings,
 * spec §3 award_product_templates): only active mappings with a mockup, of an active award and an active product.
 * Public and cacheable like the catalogue. docs/decisions/087.
 */
export const awardMockupsQuerySchema = z.object({ award: z.uuid({ message: 'award must be an award id' }) }).strict();
export const awardMockupSchema = z.object({
  product_id: z.uuid(),
  /** Set when the mockup shows one variant (a size or frame); null for the whole product. */
  variant_id: z.uuid().nullable(),
  url: z.string(),
  /** The image's own size in pixels when the server can read it (our own files); null for other hosts. */
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  alt: z.string(),
});
export type AwardMockup = z.infer<typeof awardMockupSchema>;
export const awardMockupsSchema = z.object({ award_id: z.uuid(), mockups: z.array(awardMockupSchema) });
export type AwardMockups = z.infer<typeof awardMockupsSchema>;

// ---------- what a line prints ----------

/**
 * What is printed on a line: an award from the gallery with a recipient's name (and a design template),
 * or an existing certificate by its share id (a nomination; its award, names and template are its own).
 */
export const printDesignSchema = z
  .object({
    award_id: z.uuid({ message: 'design.award_id must be an award id' }),
    template_id: z.uuid({ message: 'design.template_id must be a design template id' }).nullable().optional(),
    recipient_name: z
      .string({ message: 'design.recipient_name must be text' })
      .trim()
      .max(SHOP_LIMITS.recipientName, { message: `The name on the certificate must be at most ${SHOP_LIMITS.recipientName} characters` })
      .default(''),
    share_id: z
      .string()
      .regex(/^[0-9A-Za-z]{16}$/, { message: 'design.share_id must be a certificate share id' })
      .nullable()
      .optional(),
  })
  .strip();
export type PrintDesignInput = z.input<typeof printDesignSchema>;
export type PrintDesign = z.output<typeof printDesignSchema>;

export const cartLineInputSchema = z
  .object({
    variant_id: z.uuid({ message: 'variant_id must be a product variant id' }),
    quantity: int4('quantity', 1).max(SHOP_LIMITS.quantity, { message: `quantity must be at most ${SHOP_LIMITS.quantity}` }),
    design: printDesignSchema,
  })
  // Not strict: a cart line passes its own display fields through (spec §3), and a price sent along is
  // simply not read (every amount comes from the database).
  .strip();
export type CartLineInput = z.input<typeof cartLineInputSchema>;

const linesSchema = z
  .array(cartLineInputSchema, { message: 'lines must be a list' })
  .max(SHOP_LIMITS.lines, { message: `A cart holds at most ${SHOP_LIMITS.lines} lines` });

const discountCodeField = z
  .string({ message: 'discount_code must be text' })
  .trim()
  .max(SHOP_LIMITS.discountCode, { message: 'That discount code is too long' })
  .transform((c) => c.toUpperCase())
  .optional();

/** The currency to price in: one the shop sells in (docs/decisions/134); default: the shop's own. */
const currencyField = z.string({ message: 'currency must be text' }).trim().toUpperCase().regex(/^[A-Z]{3}$/, { message: 'currency must be a three-letter code such as EUR' }).optional();

const countryField = z.string({ message: 'country must be text' }).trim().toUpperCase().regex(/^[A-Z]{2}$/, { message: 'country must be a two-letter country code' }).optional();

// ---------- quote (cart and checkout summary) ----------

/** POST /api/store/quote: current prices of a cart, and the order summary once shipping is known. */
export const quoteBodySchema = z
  .object({
    lines: linesSchema,
    shipping_method: shippingMethodIdSchema.optional(),
    /** ISO country code of the shipping address (or, with nothing to ship, where the buyer lives): decides the tax. */
    country: countryField,
    currency: currencyField,
    /** State or province and postal code of the shipping address: the print provider's live rates need them in some countries. */
    state: z.string({ message: 'state must be text' }).trim().max(100, { message: 'state must be at most 100 characters' }).optional(),
    postal_code: z.string({ message: 'postal_code must be text' }).trim().max(20, { message: 'postal_code must be at most 20 characters' }).optional(),
    discount_code: discountCodeField,
  })
  .strict();
export type QuoteBody = z.input<typeof quoteBodySchema>;

export const designSummarySchema = z.object({
  award_id: z.uuid(),
  award_title: z.string(),
  template_id: z.uuid().nullable(),
  recipient_name: z.string(),
  share_id: z.string().nullable(),
  certificate_number: z.string().nullable(),
});
export type DesignSummary = z.infer<typeof designSummarySchema>;

export const quotedLineSchema = z.object({
  variant_id: z.uuid(),
  product_id: z.uuid().nullable(),
  product_name: z.string(),
  variant_name: z.string(),
  image_url: z.string().nullable(),
  unit_price: z.number().int(),
  quantity: z.number().int(),
  line_total: z.number().int(),
  requires_shipping: z.boolean(),
  /** False when the product, variant, award or certificate can no longer be bought: it is never charged. */
  available: z.boolean(),
  unavailable_reason: z.string().nullable(),
  design: designSummarySchema.nullable(),
});
export type QuotedLine = z.infer<typeof quotedLineSchema>;

export const quoteSchema = z.object({
  currency: z.string(),
  test_mode: z.boolean(),
  lines: z.array(quotedLineSchema),
  subtotal: z.number().int(),
  discount: z.object({ code: z.string(), amount: z.number().int(), description: z.string() }).nullable(),
  /** Why the discount code given was not applied (null when none was given or it applies). */
  discount_error: z.string().nullable(),
  requires_shipping: z.boolean(),
  shipping_methods: z.array(shippingMethodSchema),
  shipping_method: shippingMethodIdSchema.nullable(),
  /**
   * Where the shipping prices come from: the print provider's live rates for this cart and address (Printful), or
   * the shop settings (the built-in print shop, no address yet, or the provider did not answer in time).
   */
  shipping_source: z.enum(['provider', 'settings']),
  /**
   * False when the cart has prints and the shop does not ship to the quoted country (no zone holds it and the shop
   * ships nowhere else, docs/decisions/131): no methods are offered and the checkout refuses the address.
   */
  ships_to_country: z.boolean(),
  shipping_total: z.number().int(),
  /** All the taxes' rates together (basis points). */
  tax_rate_bps: z.number(),
  /**
   * True where the destination's prices include its taxes (the EU, the UK, Switzerland, Norway, Australia, New
   * Zealand): the total is the shelf price and `tax_lines` say what of it is tax. False: the taxes are added.
   */
  prices_include_tax: z.boolean(),
  tax_lines: z.array(taxLineSchema),
  tax_total: z.number().int(),
  total: z.number().int(),
});
export type Quote = z.infer<typeof quoteSchema>;

// ---------- checkout ----------

/** POST /api/checkout (header Idempotency-Key: one per attempt; a retry with the same key returns the same order). */
export const checkoutBodySchema = z
  .object({
    email: z
      .string({ message: 'email must be text' })
      .trim()
      .max(254, { message: 'Email must be at most 254 characters' })
      .pipe(z.email({ message: 'Please enter a valid email address' }))
      .transform((e) => e.toLowerCase()),
    lines: linesSchema.min(1, { message: 'Your cart is empty' }),
    /** Required when any line is shipped (digital-only orders have no address). */
    shipping_address: shippingAddressSchema.nullable().optional(),
    shipping_method: shippingMethodIdSchema.nullable().optional(),
    /**
     * Where the buyer lives, for an order with nothing to ship (a PDF): its VAT or GST is the buyer's country's
     * (docs/decisions/133). An order that ships is taxed where it goes.
     */
    country: countryField,
    /** The currency the shopper sees, and pays in (docs/decisions/134). */
    currency: currencyField,
    discount_code: discountCodeField,
  })
  .strict();
export type CheckoutBody = z.input<typeof checkoutBodySchema>;

export const checkoutResultSchema = z.object({
  order_id: z.uuid(),
  order_number: z.string(),
  /** Where to pay: the test processor's page on this site, or the provider's hosted checkout. */
  payment_url: z.string(),
  /** Opens the order without signing in (the success page and the mail link use it). */
  access_token: z.string(),
});
export type CheckoutResult = z.infer<typeof checkoutResultSchema>;

// ---------- orders ----------

export const orderLineSchema = z.object({
  id: z.uuid(),
  product_name: z.string(),
  variant_name: z.string(),
  sku: z.string(),
  unit_price: z.number().int(),
  quantity: z.number().int(),
  line_total: z.number().int(),
  requires_shipping: z.boolean(),
  design: designSummarySchema,
  /** An image of what is printed (the certificate renderer's preview). */
  preview_url: z.string(),
  /** A digital line of a paid order: its print-ready PDF (the link opens it without signing in). */
  download_url: z.string().nullable(),
});

export const orderAddressSchema = z.object({
  name: z.string(),
  line1: z.string(),
  line2: z.string(),
  city: z.string(),
  state: z.string(),
  postal_code: z.string(),
  country: z.string(),
  country_name: z.string(),
  phone: z.string(),
});

/** The three machines' statuses of an order (src/contract/order-status.ts). */
export const orderStatesSchema = z.object({
  lifecycle: z.enum(LIFECYCLE_STATUSES),
  payment: z.enum(PAYMENT_STATUSES),
  fulfilment: z.enum(FULFILMENT_STATUSES),
});

/** One entry of an order's history: a change of one of its three machines, or a note (from = to). */
export const orderEventSchema = z.object({
  machine: z.enum(['order', 'payment', 'fulfilment']),
  from_status: z.string().nullable(),
  to_status: z.string(),
  /** What the entry reads as: the new status's words ("Being printed"). */
  label: z.string(),
  actor: z.string(),
  reason: z.string(),
  at: z.string(),
});

export const refundSchema = z.object({ id: z.uuid(), amount: z.number().int(), reason: z.string(), at: z.string() });

export const shipmentSchema = z.object({
  number: z.string(),
  url: z.string().nullable(),
  carrier: z.string().nullable(),
  shipped_at: z.string().nullable(),
  /** Made up by the built-in print shop in test mode (no real parcel, no carrier's page); false when an admin entered it. */
  simulated: z.boolean(),
});

export const orderSchema = z.object({
  id: z.uuid(),
  number: z.string(),
  /** The one word for the order, derived from its three machines (describeOrder). */
  status: orderStatusSchema,
  /** What it reads as: "On its way · partly refunded". */
  status_label: z.string(),
  states: orderStatesSchema,
  email: z.string(),
  currency: z.string(),
  subtotal: z.number().int(),
  discount_code: z.string().nullable(),
  discount_total: z.number().int(),
  shipping_method: z.string().nullable(),
  shipping_label: z.string().nullable(),
  shipping_total: z.number().int(),
  tax_rate_bps: z.number(),
  /** As the order was sold: its total holds its taxes (docs/decisions/133). */
  prices_include_tax: z.boolean(),
  tax_lines: z.array(taxLineSchema),
  tax_total: z.number().int(),
  total: z.number().int(),
  refunded_total: z.number().int(),
  lines: z.array(orderLineSchema),
  shipping_address: orderAddressSchema.nullable(),
  payment: z.object({
    provider: z.string(),
    test_mode: z.boolean(),
    failure_message: z.string().nullable(),
    paid_at: z.string().nullable(),
  }),
  /** The latest shipment's tracking; `shipments` lists every parcel when an order ships in parts. */
  tracking: shipmentSchema.nullable(),
  /** The order's invoice and credit notes (docs/decisions/132), as PDFs for whoever may see the order. */
  documents: z.array(
    z.object({
      kind: z.enum(['invoice', 'credit_note']),
      number: z.string(),
      issued_at: z.string(),
      total: z.number().int(),
      url: z.string(),
    }),
  ),
  shipments: z.array(shipmentSchema),
  timeline: z.array(orderEventSchema),
  refunds: z.array(refundSchema),
  /** Where to pay while the order still waits for payment. */
  payment_url: z.string().nullable(),
  created_at: z.string(),
});
export type Order = z.infer<typeof orderSchema>;

export const orderSummarySchema = z.object({
  id: z.uuid(),
  number: z.string(),
  status: orderStatusSchema,
  status_label: z.string(),
  email: z.string(),
  currency: z.string(),
  total: z.number().int(),
  item_count: z.number().int(),
  created_at: z.string(),
});
export type OrderSummary = z.infer<typeof orderSummarySchema>;

/** One of my orders (the account page). */
export const myOrderSchema = orderSummarySchema.extend({
  /** Paid (or to be paid) with the built-in test card processor: printing and shipping are simulated (docs/decisions/119). */
  test_mode: z.boolean(),
});
export type MyOrder = z.infer<typeof myOrderSchema>;

export const myOrdersSchema = z.object({ orders: z.array(myOrderSchema) });

/** GET /api/orders/:orderId?token=… */
export const orderParamsSchema = z.object({ orderId: z.uuid({ message: 'orderId must be an order id' }) });
export const orderQuerySchema = z.object({ token: z.string().max(200).optional() });

// ---------- admin ----------

export const adminOrdersQuerySchema = z.object({
  q: z.string().trim().max(200).optional(),
  status: orderStatusSchema.optional(),
  from: calendarDate('from').optional(),
  to: calendarDate('to').optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
});

export const adminOrderSummarySchema = orderSummarySchema.extend({
  customer_name: z.string().nullable(),
  refunded_total: z.number().int(),
  states: orderStatesSchema,
});
export type AdminOrderSummary = z.infer<typeof adminOrderSummarySchema>;
export const adminOrderListSchema = z.object({
  orders: z.array(adminOrderSummarySchema),
  total: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
});

export const adminOrderSchema = orderSchema.extend({
  user_id: z.uuid().nullable(),
  /** Where it was bought: the shop's checkout or the sales funnel (docs/decisions/099). */
  channel: z.enum(['shop', 'funnel']),
  /** Every charge of the order, oldest first: the checkout's, and each one-time offer taken in the funnel. */
  payments: z.array(
    z.object({
      kind: z.enum(['checkout', 'offer']),
      provider_payment_id: z.string(),
      amount: z.number().int(),
      refunded_amount: z.number().int(),
      at: z.string(),
    }),
  ),
  provider_session_id: z.string().nullable(),
  provider_payment_id: z.string().nullable(),
  /** What may still be refunded. */
  refundable: z.number().int(),
  can_cancel: z.boolean(),
  /** Refunds asked of the provider that have not answered yet (finished by a job). */
  refunds_pending: z.number().int(),
  /** The hand-off to the printer (docs/decisions/083, 108): the order's first (or least advanced) one. */
  fulfilment: z.object({
    /**
     * none: nothing to print (or not paid yet); pending: waiting to be sent; submitted: at the printer; in_production,
     * shipped, delivered; problem: an admin must look; cancelled: refunded before it reached the printer.
     */
    status: z.enum(FULFILMENT_STATUSES),
    provider: z.string().nullable(),
    /** The provider's order id. */
    id: z.string().nullable(),
    error: z.string().nullable(),
    submitted_at: z.string().nullable(),
    can_resubmit: z.boolean(),
    can_mark_shipped: z.boolean(),
    /** Built-in print shop only: whether "next step" can move it on. */
    can_advance: z.boolean(),
  }),
});
export type AdminOrder = z.infer<typeof adminOrderSchema>;

export const refundBodySchema = z
  .object({
    /** Minor units; omit for everything still refundable. */
    amount: int4('amount', 1).optional(),
    reason: z.string().trim().max(500).default(''),
  })
  .strict();
export const cancelBodySchema = z.object({ reason: z.string().trim().max(500).default('') }).strict();

