/**
 * Order statuses and how they read, and the shop's limits, apart from shop.ts so a page that only shows an
 * order's status or caps a quantity (the store, the cart line) does not load the shop's schemas and every
 * country's address rules with them.
 */
export const ORDER_STATUS_VALUES = [
  'pending_payment',
  'payment_failed',
  'paid',
  'in_production',
  'shipped',
  'delivered',
  'cancelled',
  'partially_refunded',
  'refunded',
] as const;

/** How each status reads to a customer (and in admin badges). */
export const ORDER_STATUS_LABELS: Record<(typeof ORDER_STATUS_VALUES)[number], string> = {
  pending_payment: 'Waiting for payment',
  payment_failed: 'Payment declined',
  paid: 'Paid',
  in_production: 'Being printed',
  shipped: 'On its way',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
  partially_refunded: 'Partly refunded',
  refunded: 'Refunded',
};

/** What one cart or order may hold (the server enforces the same through shop.ts). */
export const SHOP_LIMITS = {
  /** Lines in one cart or order. */
  lines: 50,
  /** Copies of one line. */
  quantity: 99,
  recipientName: 80,
  discountCode: 40,
} as const;
