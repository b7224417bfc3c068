/**
 * How the shop writes money, dates and counts (docs/decisions/118): one formatter each, shared by the server (mails,
 * histories, messages) and the pages. One locale everywhere, so a server-written text and the page agree, and a
 * server-rendered text reads the same after hydration.
 */

const moneyFormats = new Map<string, Intl.NumberFormat>();

function moneyFormat(currency: string): Intl.NumberFormat {
  let f = moneyFormats.get(currency);
  if (!f) {
    // Building an Intl.NumberFormat costs more than formatting with it (a receipt formats a dozen amounts).
    f = new Intl.NumberFormat('en-US', { style: 'currency', currency });
    moneyFormats.set(currency, f);
  }
  return f;
}

/** "$59.00", "¥1,000": an amount in minor units (cents) with its currency, in the currency's own number of decimals. */
export function formatMoney(minor: number, currency: string): string {
  const f = moneyFormat(currency);
  const digits = f.resolvedOptions().maximumFractionDigits ?? 2;
  return f.format(minor / 10 ** digits);
}

/** "$", "€", "CA$", "CHF": the sign an amount in the currency is written with (the code where it has none). */
export function currencySymbol(currency: string): string {
  return moneyFormat(currency).formatToParts(0).find((p) => p.type === 'currency')?.value ?? currency;
}

/** "20%", "8.25%": a rate in basis points (2000 = 20 %), as receipts, invoices and order pages print it. */
export function formatRate(bps: number): string {
  return `${(bps / 100).toLocaleString('en', { maximumFractionDigits: 3 })}%`;
}

/** "VAT 19%", "GST 5%": one tax of an order as receipts, invoices and order pages name it (docs/decisions/133). */
export function taxLabel(t: { name: string; rate_bps: number }): string {
  return `${t.name} ${formatRate(t.rate_bps)}`;
}

/**
 * The rows an order summary shows for its taxes: added ones before the total ("GST 5%"), ones held in the prices after
 * it ("Includes VAT 19%"). Taxes of nothing are left out.
 */
export function taxRows(o: { tax_lines: readonly { name: string; rate_bps: number; amount: number }[]; prices_include_tax: boolean }): {
  before: { label: string; amount: number }[];
  after: { label: string; amount: number }[];
} {
  const rows = o.tax_lines.filter((t) => t.amount > 0).map((t) => ({ label: taxLabel(t), amount: t.amount }));
  return o.prices_include_tax ? { before: [], after: rows.map((r) => ({ ...r, label: `Includes ${r.label}` })) } : { before: rows, after: [] };
}

const DATE: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'long', year: 'numeric' };
const TIME: Intl.DateTimeFormatOptions = { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' };
const dateFormats = new Map<string, Intl.DateTimeFormat>();

function dateFormat(withTime: boolean, timeZone: string | undefined): Intl.DateTimeFormat {
  const key = `${withTime ? 't' : 'd'}:${timeZone ?? ''}`;
  let f = dateFormats.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat('en-GB', { ...DATE, ...(withTime ? TIME : {}), ...(timeZone ? { timeZone } : {}) });
    dateFormats.set(key, f);
  }
  return f;
}

const asDate = (d: Date | string) => (typeof d === 'string' ? new Date(d) : d);

/**
 * "27 November 2026": a day, with the month written out (never 11/27 against 27/11). In the reader's own time zone
 * unless one is given (a mail, written on the server, says UTC).
 */
export function formatDate(d: Date | string, opts: { timeZone?: string } = {}): string {
  const date = asDate(d);
  return Number.isNaN(date.getTime()) ? '' : dateFormat(false, opts.timeZone).format(date);
}

/** "27 November 2026 at 14:05": a moment, on a 24-hour clock. */
export function formatDateTime(d: Date | string, opts: { timeZone?: string } = {}): string {
  const date = asDate(d);
  return Number.isNaN(date.getTime()) ? '' : dateFormat(true, opts.timeZone).format(date);
}

const pluralRules = new Intl.PluralRules('en-US');
const counts = new Intl.NumberFormat('en-US');

/** The word for a count: plural(1, 'certificate', 'certificates') is "certificate", plural(2, …) "certificates". */
export function plural(n: number, one: string, other: string): string {
  return pluralRules.select(n) === 'one' ? one : other;
}

/** "1 certificate", "0 certificates", "1,204 certificates". */
export function countOf(n: number, one: string, other: string): string {
  return `${counts.format(n)} ${plural(n, one, other)}`;
}

/** Ends a sentence after a value that may end in its own full stop ("Dubious Enterprises Ltd."): never "..". */
export function endSentence(text: string): string {
  const t = text.trimEnd();
  return /[.!?…]$/.test(t) ? t : `${t}.`;
}
