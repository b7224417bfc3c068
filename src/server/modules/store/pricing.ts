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

/** A rate's parts per million: basis points may have one decimal (Quebec's QST is 997.5). */
const ppm = (rateBps: number) => Math.round(rateBps * 100);

/** One tax charged on an order: its name, its rate and its amount. */
export interface TaxLine {
  name: string;
  rate_bps: number;
  amount: number;
}

/**
 * The taxes of an amount (docs/decisions/133), each rounded half up once, on the whole amount at its rate — never line
 * by line, so a cart's tax does not drift with the number of its lines. `inclusive`: the amount holds its taxes (a
 * shelf price in the EU), and each is its share of the gross, amount × rate ÷ (1 + all rates); else each is the rate
 * of the amount, added to it.
 */
export function taxLinesOf(amount: number, components: readonly { name: string; rateBps: number }[], inclusive: boolean): TaxLine[] {
  if (amount <= 0) return components.map((c) => ({ name: c.name, rate_bps: c.rateBps, amount: 0 }));
  const all = components.reduce((s, c) => s + ppm(c.rateBps), 0);
  const divisor = inclusive ? 1_000_000 + all : 1_000_000;
  // Round half up of amount × rate ÷ divisor, in integers: floor((2 × amount × rate + divisor) ÷ (2 × divisor)).
  return components.map((c) => ({ name: c.name, rate_bps: c.rateBps, amount: Math.floor((2 * amount * ppm(c.rateBps) + divisor) / (2 * divisor)) }));
}

export interface Totals {
  subtotal: number;
  discount: number;
  shipping: number;
  /** Every tax charged; their sum is `tax`. */
  taxes: TaxLine[];
  tax: number;
  total: number;
}

/**
 * An order's totals: the lines, less the discount, plus shipping, and the destination's taxes on that. Where prices
 * include tax (the EU, UK, AU, NZ…) the total is what the shelf said and the taxes are shown inside it; elsewhere the
 * taxes are added on their own lines. `providerTaxes` (US sales tax from a provider) are added as they came.
 */
export function orderTotals(input: {
  lineTotals: number[];
  discount: DiscountRule | null;
  shipping: number;
  taxes: readonly { name: string; rateBps: number }[];
  inclusive: boolean;
  providerTaxes?: TaxLine[] | undefined;
}): Totals {
  const subtotal = input.lineTotals.reduce((s, n) => s + n, 0);
  const discount = input.discount ? discountAmount(input.discount, subtotal) : 0;
  const taxable = subtotal - discount + input.shipping;
  const taxes = input.providerTaxes ?? taxLinesOf(taxable, input.taxes, input.inclusive).filter((t) => t.rate_bps > 0);
  const tax = taxes.reduce((s, t) => s + t.amount, 0);
  const inclusive = input.inclusive && !input.providerTaxes;
  return { subtotal, discount, shipping: input.shipping, taxes, tax, total: taxable + (inclusive ? 0 : tax) };
}

/**
 * The taxes of something added to a sold order (a one-time offer): at the order's own rates, held in its price when
 * the order's prices held theirs, rounded once on its own (it is a charge of its own).
 */
export function addedTaxes(amount: number, sold: { taxLines: readonly TaxLine[]; pricesIncludeTax: boolean }): TaxLine[] {
  return taxLinesOf(
    amount,
    sold.taxLines.map((t) => ({ name: t.name, rateBps: t.rate_bps })),
    sold.pricesIncludeTax,
  );
}

/** Tax lines added together by name and rate (an order's, and an offer's taken later). */
export function mergeTaxLines(a: readonly TaxLine[], b: readonly TaxLine[]): TaxLine[] {
  const out = a.map((t) => ({ ...t }));
  for (const t of b) {
    const same = out.find((o) => o.name === t.name && o.rate_bps === t.rate_bps);
    if (same) same.amount += t.amount;
    else out.push({ ...t });
  }
  return out;
}

/**
 * A discount shared out over lines in proportion to their totals, the remainder cent by cent to the largest
 * remainders (a provider taxing line by line needs each line's discounted amount).
 */
export function shareDiscount(lineTotals: readonly number[], discount: number): number[] {
  const subtotal = lineTotals.reduce((s, n) => s + n, 0);
  if (discount <= 0 || subtotal <= 0) return [...lineTotals];
  const exact = lineTotals.map((n) => (n * discount) / subtotal);
  const shares = exact.map(Math.floor);
  let left = discount - shares.reduce((s, n) => s + n, 0);
  const order = exact.map((e, i) => ({ i, r: e - Math.floor(e) })).sort((a, b) => b.r - a.r || a.i - b.i);
  for (const { i } of order) {
    if (left <= 0) break;
    shares[i]! += 1;
    left--;
  }
  return lineTotals.map((n, i) => n - shares[i]!);
}

/** "$59.00": money as people read it, for mails and messages written by the server — the one formatter the pages use too. */
export { formatMoney } from '@/contract/format';
