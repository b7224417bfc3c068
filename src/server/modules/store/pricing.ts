/**
 * The shop's arithmetic, in integer minor units only (docs/decisions/072). Pure functions: the quote,
 * the checkout and the tests all use these, so the summary a shopper sees is the amount charged.
 */
import type { DiscountRule } from '../discounts';


/** The discount on a subtotal: a percentage rounded half up to the minor unit, or a fixed amount; never more than the subtotal. */
export function discountAmount(rule: DiscountRule, subtotal: number): number {
  if (subtotal <= 0) return 0;
  const raw = rule.kind === 'percent' ? Math.floor((subtotal * rule.value + 50) / 100) : rule.value;
  return Math.min(Math.max(raw, 0), subtotal);
}

/** Tax in basis points (2000 = 20 %) of a taxable amount, rounded half up to the minor unit. */
export function taxAmount(taxable: number, rateBps: number): number {
  if (taxable <= 0 || rateBps <= 0) return 0;
  return Math.floor((taxable * rateBps + 5000) / 10_000);
}

export interface Totals {
  subtotal: number;
  discount: number;
  shipping: number;
  tax: number;
  total: number;
}

/**
 * Prices are tax-exclusive (shown before tax, as US shops do); tax applies to the discounted goods plus
 * shipping, at the rate of the destination country where settings define one.
 */
export function orderTotals(input: { lineTotals: number[]; discount: DiscountRule | null; shipping: number; taxRateBps: number }): Totals {
  const subtotal = input.lineTotals.reduce((s, n) => s + n, 0);
  const discount = input.discount ? discountAmount(input.discount, subtotal) : 0;
  const tax = taxAmount(subtotal - discount + input.shipping, input.taxRateBps);
  return { subtotal, discount, shipping: input.shipping, tax, total: subtotal - discount + input.shipping + tax };
}

/** "$59.00": money as people read it, for mails and messages written by the server — the one formatter the pages use too. */
export { formatMoney } from '@/contract/format';
