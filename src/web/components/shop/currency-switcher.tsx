import { currencySymbol } from '@/contract/format';
import { useCurrency } from '@/web/lib/currency';
import { cn } from '@/web/lib/utils';

/** "€ EUR": a currency as the switcher lists it, with its symbol where it has one of its own. */
export function currencyOption(code: string): string {
  const symbol = currencySymbol(code);
  return symbol !== code ? `${symbol} ${code}` : code;
}

/**
 * The currency switcher (docs/decisions/134): beside every price list a shopper reads (the store, the cart, the
 * checkout). It starts at their country's currency; a choice is kept for the next visit. Hidden when the shop sells in
 * one currency. `country`: the shipping address's, at checkout.
 */
export function CurrencySwitcher({ country, className }: { country?: string | null; className?: string }) {
  const { currency, offered, chosen, choose } = useCurrency(country);
  if (offered.length < 2) return null;
  return (
    <label className={cn('inline-flex items-center gap-2 text-sm text-ink-soft', className)}>
      <span className="font-semibold">Prices in</span>
      <select
        className="h-9 rounded-full border border-line bg-white px-3 text-sm font-semibold text-ink shadow-sm focus:border-ink focus:ring-4 focus:ring-brand-100 focus:outline-none"
        value={currency}
        onChange={(e) => choose(e.target.value)}
        data-chosen={chosen ? 'yes' : 'no'}
      >
        {offered.map((c) => (
          <option key={c} value={c}>
            {currencyOption(c)}
          </option>
        ))}
      </select>
    </label>
  );
}

/** What the shelf price holds in a currency's home markets (docs/decisions/133): said under prices on the store. */
export function shelfTaxNote(currency: string): string | null {
  if (currency === 'AUD' || currency === 'NZD') return 'Prices include GST where it applies.';
  if (['EUR', 'GBP', 'CHF', 'NOK', 'SEK', 'DKK', 'PLN'].includes(currency)) return 'Prices include VAT where it applies.';
  if (currency === 'CAD') return 'GST, HST, PST or QST added at checkout for your province.';
  return null;
}
