const formatters = new Map<string, Intl.NumberFormat>();

function formatter(currency: string): Intl.NumberFormat {
  let f = formatters.get(currency);
  if (!f) {
    // One locale on the server and in every browser: the server-rendered price must read the same after hydration.
    f = new Intl.NumberFormat('en-US', { style: 'currency', currency });
    formatters.set(currency, f);
  }
  return f;
}

/** An amount in minor units (cents) as the shopper reads it, in the currency's own number of decimals. */
export function formatMoney(minor: number, currency: string): string {
  const f = formatter(currency);
  const digits = f.resolvedOptions().maximumFractionDigits ?? 2;
  return f.format(minor / 10 ** digits);
}
