import { Pencil } from 'lucide-react';
import { useState } from 'react';
import type { Control, FieldPath } from 'react-hook-form';
import type { AdminProduct, AdminVariant } from '@/contract/admin-products';
import { Button } from '@/web/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/web/components/ui/dialog';
import { Form, FormTextField, showFieldError, useZodForm } from '@/web/components/ui/form';
import { toast } from '@/web/components/ui/use-toast';
import { formatMoney } from '@/web/lib/money';
import { useProductChange } from '../api/products';
import { priceInLabel, priceListCurrencies, priceListDefaults, variantPriceListFormSchema } from '../lib/product-forms';

/** The currencies the shop sells in (its own first) and its own: what the price lists are kept for (docs/decisions/134). */
export interface ShopCurrencies {
  currency: string;
  currencies: readonly string[];
}

/**
 * One price field a currency of a variant's price list (`prices.EUR`), typed like the variant's own price. Empty means
 * the variant is not sold in that currency, and the field says so; a currency the shop does not sell in yet says that.
 */
export function PriceListFields<TIn extends { prices: Record<string, string> }, TOut>({
  control,
  currencies,
  shop,
}: {
  control: Control<TIn, unknown, TOut>;
  currencies: readonly string[];
  shop: ShopCurrencies;
}) {
  return currencies.map((c) => (
    <FormTextField
      key={c}
      control={control}
      name={`prices.${c}` as FieldPath<TIn>}
      label={priceInLabel(c)}
      description={shop.currencies.includes(c) ? `Leave empty: not sold in ${c}.` : `The shop does not sell in ${c} yet (settings). Leave empty: not priced in ${c}.`}
      inputMode="decimal"
    />
  ));
}

/** "€64.00 · £55.00 · not in CAD": the variant's prices in the shop's other currencies, as its row shows them. */
function priceListText(v: AdminVariant, currencies: readonly string[]): string {
  return currencies.map((c) => (v.prices[c] === undefined ? `not in ${c}` : formatMoney(v.prices[c], c))).join(' · ');
}

function PriceListForm({ v, shop, currencies, onDone }: { v: AdminVariant; shop: ShopCurrencies; currencies: string[]; onDone(): void }) {
  const change = useProductChange();
  const form = useZodForm(variantPriceListFormSchema, { defaultValues: { prices: priceListDefaults(currencies, v.prices) } });
  return (
    <Form
      form={form}
      aria-label={`Prices of ${v.name} in other currencies`}
      className="mt-4 grid gap-3 sm:grid-cols-2"
      onSubmit={({ prices }) =>
        change.mutate(
          { kind: 'update-variant', id: v.id, body: { prices } },
          {
            onSuccess: () => {
              toast({ title: `${v.name}: prices in other currencies saved`, variant: 'success' });
              onDone();
            },
            onError: (err) => {
              if (!showFieldError(form, err)) toast({ title: err.message, variant: 'destructive' });
            },
          },
        )
      }
    >
      <PriceListFields control={form.control} currencies={currencies} shop={shop} />
      <div className="flex gap-2 sm:col-span-2">
        <Button type="submit" size="sm" disabled={change.isPending}>
          Save prices
        </Button>
        <Button type="button" size="sm" variant="ghost" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </Form>
  );
}

/**
 * A variant's row cell for its prices in the shop's other currencies: what they are, and a dialog that edits the whole
 * list (PATCH { prices }: a currency emptied is no longer sold in).
 */
export function VariantPriceList({ v, product, shop }: { v: AdminVariant; product: AdminProduct; shop: ShopCurrencies }) {
  const [open, setOpen] = useState(false);
  const currencies = priceListCurrencies(shop.currencies, v.currency, v.prices);
  if (!currencies.length) return <span className="text-muted">Sold in {v.currency} only</span>;
  return (
    <div className="flex items-start gap-2">
      <span className="text-sm tabular-nums">{priceListText(v, currencies)}</span>
      <Button size="sm" variant="ghost" aria-label={`Prices of ${product.name}, ${v.name} in other currencies`} onClick={() => setOpen(true)}>
        <Pencil aria-hidden="true" />
      </Button>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent>
          <DialogTitle>
            {product.name}, {v.name}: prices in other currencies
          </DialogTitle>
          <DialogDescription>
            What the store charges in each currency, set by hand: no exchange rates. Its price in {v.currency} is {formatMoney(v.price, v.currency)}.
          </DialogDescription>
          {/* Mounted on opening: the fields start from the prices as they are now. */}
          {open ? <PriceListForm v={v} shop={shop} currencies={currencies} onDone={() => setOpen(false)} /> : null}
        </DialogContent>
      </Dialog>
    </div>
  );
}
