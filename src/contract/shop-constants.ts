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
