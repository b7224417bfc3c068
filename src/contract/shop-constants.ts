/**
 * Order statuses and how they read, and the shop's limits, apart from shop.ts so a page that only shows an
 * order's status or caps a quantity (the store, the cart line) does not load the shop's schemas and every
 * country's address rules with them.
 */
// The order's statuses and their words live with the three machines they come from.
export { ORDER_STATUS_LABELS, ORDER_STATUS_VALUES } from './order-status';

/** What one cart or order may hold (the server enforces the same through shop.ts). */
export const SHOP_LIMITS = {
  /** Lines in one cart or order. */
  lines: 50,
  /** Copies of one line. */
  quantity: 99,
  recipientName: 80,
  discountCode: 40,
} as const;

/**
 * The shipping line an order keeps: the method's label and the promise quoted for its address — its zone's
 * (docs/decisions/131) — e.g. "Standard (4–8 business days)". Written by the checkout, read back by the pages and
 * mails that say when a parcel arrives (deliveryDaysOf), so both sides share the one format.
 */
export function shippingLabelOf(label: string, minDays: number, maxDays: number): string {
  return `${label} (${minDays === maxDays ? maxDays : `${minDays}–${maxDays}`} business days)`;
}

/** "4–8" from an order's shipping line (shippingLabelOf); null when it carries no promise. */
export function deliveryDaysOf(shippingLabel: string | null | undefined): string | null {
  return /\((\d+(?:–\d+)?) business days\)$/.exec(shippingLabel ?? '')?.[1] ?? null;
}
