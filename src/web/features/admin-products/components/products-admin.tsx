import { Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useController, type FieldValues, type UseFormReturn } from 'react-hook-form';
import type { AdminProduct, AdminVariant } from '@/contract/admin-products';
import { Button } from '@/web/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/web/components/ui/dialog';
import { Form, FormSelectField, FormTextField, showFieldError, useZodForm } from '@/web/components/ui/form';
import { Notice } from '@/web/components/ui/notice';
import { Skeleton } from '@/web/components/ui/skeleton';
import { toast } from '@/web/components/ui/use-toast';
import { formatMoney } from '@/web/lib/money';
import { minorToText, parseMoney } from '@/web/lib/money-input';
import { cn } from '@/web/lib/utils';
import { useProductChange, useProducts, type ProductChange } from '../api/products';
import { newProductFormSchema, newVariantFormSchema, priceListCurrencies, priceListDefaults, variantPriceFormSchema, type NewProductForm, type NewVariantForm } from '../lib/product-forms';
import { DiscountCodesAdmin } from './discount-codes-admin';
import { PriceListFields, VariantPriceList, type ShopCurrencies } from './variant-prices';

const failed = (err: Error) => toast({ title: err.message, variant: 'destructive' });

/** A refusal of a form's change: under the field it names, else a toast. */
const refusedIn =
  <TIn extends FieldValues, TOut>(form: UseFormReturn<TIn, unknown, TOut>) =>
  (err: Error) => {
    if (!showFieldError(form, err)) failed(err);
  };

function useChange() {
  const change = useProductChange();
  return (c: ProductChange, done: string, onError: (err: Error) => void = failed) =>
    change.mutate(c, {
      onSuccess: () => toast({ title: done, variant: 'success' }),
      onError,
    });
}

/** Phones: the column's name before the value (the header row is then for screen readers only). */
const phoneLabel =
  'max-md:before:pt-2 max-md:before:text-xs max-md:before:font-semibold max-md:before:tracking-wide max-md:before:text-ink-soft max-md:before:uppercase max-md:before:content-[attr(data-label)]';

function VariantRow({ v, product, shop }: { v: AdminVariant; product: AdminProduct; shop: ShopCurrencies }) {
  const run = useChange();
  const form = useZodForm(variantPriceFormSchema, { defaultValues: { price: minorToText(v.price) } });
  const { field, fieldState } = useController({ control: form.control, name: 'price' });
  const error = fieldState.error?.message;
  const [confirming, setConfirming] = useState(false);
  const minor = parseMoney(field.value);
  const inputId = `price-${v.id}`;
  return (
    // Phones: a row is a block of its own (name, then price, sale and delete on one line): nothing scrolls sideways.
    <tr className={cn('max-md:flex max-md:flex-wrap max-md:items-center max-md:gap-x-4 max-md:gap-y-2 max-md:py-3', !v.is_active && 'text-muted')}>
      <th scope="row" className="px-3 py-2 font-normal max-md:basis-full max-md:p-0">
        <span className="block font-medium text-ink">{v.name}</span>
        <span className="block text-xs text-muted">
          {v.sku} · {v.size}
          {v.finish ? ` · ${v.finish}` : ''} · {v.weight_grams} g{v.requires_shipping ? '' : ' · digital'}
        </span>
      </th>
      <td data-label={`Price (${v.currency})`} className={`px-3 py-2 max-md:flex max-md:items-start max-md:gap-2 max-md:p-0 ${phoneLabel}`}>
        <Form
          form={form}
          className="flex items-start gap-2"
          onSubmit={({ price }) =>
            // Any refusal is said under the price.
            run({ kind: 'update-variant', id: v.id, body: { price } }, `${v.name}: now ${formatMoney(price, v.currency)}`, (err) => showFieldError(form, err, { otherwise: 'price' }))
          }
        >
          <label className="sr-only" htmlFor={inputId}>
            Price of {product.name}, {v.name} ({v.currency})
          </label>
          <input
            id={inputId}
            inputMode="decimal"
            {...field}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${inputId}-error` : undefined}
            className="h-9 w-24 rounded-lg border border-line bg-white px-2 text-right tabular-nums focus:border-ink focus:ring-4 focus:ring-brand-100 focus:outline-none"
          />
          {minor !== v.price ? (
            <Button size="sm" type="submit">
              Save
            </Button>
          ) : null}
        </Form>
        {error ? (
          <p id={`${inputId}-error`} className="mt-1 text-xs font-medium text-brand-700">
            {error}
          </p>
        ) : null}
      </td>
      <td data-label="Other currencies" className={`px-3 py-2 max-md:flex max-md:basis-full max-md:items-start max-md:gap-2 max-md:p-0 ${phoneLabel}`}>
        <VariantPriceList v={v} product={product} shop={shop} />
      </td>
      <td className="px-3 py-2 max-md:p-0">
        <label className="inline-flex items-center gap-2 text-sm">
          <input
            type="checkbox"
            checked={v.is_active}
            onChange={(e) => run({ kind: 'update-variant', id: v.id, body: { is_active: e.target.checked } }, `${v.name} is ${e.target.checked ? 'on sale' : 'off sale'}`)}
            className="size-4 accent-brand-600"
          />
          On sale
        </label>
      </td>
      <td className="px-3 py-2 text-right max-md:ml-auto max-md:p-0">
        <Button size="sm" variant="ghost" aria-label={`Delete ${product.name}, ${v.name}`} onClick={() => setConfirming(true)}>
          <Trash2 aria-hidden="true" />
        </Button>
        <Confirm
          open={confirming}
          onOpenChange={setConfirming}
          title={`Delete ${v.name}?`}
          body="Orders keep their own copy of it. Taking it off sale keeps it for later."
          confirm="Delete variant"
          onConfirm={() => run({ kind: 'delete-variant', id: v.id }, `${v.name} deleted`)}
        />
      </td>
    </tr>
  );
}

function Confirm(props: { open: boolean; onOpenChange(o: boolean): void; title: string; body: string; confirm: string; onConfirm(): void }) {
  return (
    <Dialog open={props.open} onOpenChange={props.onOpenChange}>
      <DialogContent>
        <DialogTitle>{props.title}</DialogTitle>
        <DialogDescription>{props.body}</DialogDescription>
        <div className="mt-6 flex flex-wrap justify-end gap-2">
          <Button variant="outline" onClick={() => props.onOpenChange(false)}>
            Keep it
          </Button>
          <Button
            onClick={() => {
              props.onConfirm();
              props.onOpenChange(false);
            }}
          >
            {props.confirm}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}

/** A new variant is priced in the shop's own currency, and in the others it sells in where a price is given. */
function NewVariant({ product, shop }: { product: AdminProduct; shop: ShopCurrencies }) {
  const run = useChange();
  const [open, setOpen] = useState(false);
  const others = priceListCurrencies(shop.currencies, shop.currency);
  const form = useZodForm(newVariantFormSchema, {
    defaultValues: {
      sku: '',
      name: '',
      size: '',
      finish: '',
      price: '',
      prices: priceListDefaults(others),
      weight_grams: '0',
      requires_shipping: product.kind !== 'digital',
    } satisfies NewVariantForm,
  });
  if (!open) {
    return (
      <Button size="sm" variant="outline" onClick={() => setOpen(true)}>
        <Plus aria-hidden="true" /> Add a variant
      </Button>
    );
  }
  return (
    <Form
      form={form}
      className="grid gap-3 rounded-2xl border border-line bg-paper p-4 sm:grid-cols-3"
      aria-label={`New variant of ${product.name}`}
      onSubmit={(body) => run({ kind: 'create-variant', productId: product.id, body: { ...body, currency: shop.currency } }, `${body.name} added to ${product.name}`, refusedIn(form))}
    >
      <FormTextField control={form.control} name="sku" label="SKU" />
      <FormTextField control={form.control} name="name" label="Name" />
      <FormTextField control={form.control} name="size" label="Size" />
      <FormTextField control={form.control} name="finish" label="Finish" />
      <FormTextField control={form.control} name="price" label={`Price (${shop.currency})`} inputMode="decimal" />
      <FormTextField control={form.control} name="weight_grams" label="Weight (g)" inputMode="numeric" />
      <PriceListFields control={form.control} currencies={others} shop={shop} />
      <label className="flex items-center gap-2 text-sm sm:col-span-3">
        <input type="checkbox" {...form.register('requires_shipping')} className="size-4 accent-brand-600" /> Shipped (untick for a download)
      </label>
      <div className="flex gap-2 sm:col-span-3">
        <Button type="submit" size="sm">
          Add variant
        </Button>
        <Button type="button" size="sm" variant="ghost" onClick={() => setOpen(false)}>
          Cancel
        </Button>
      </div>
    </Form>
  );
}

function ProductCard({ product, shop }: { product: AdminProduct; shop: ShopCurrencies }) {
  const run = useChange();
  const [confirming, setConfirming] = useState(false);
  const prices = product.variants.filter((v) => v.currency === shop.currency).map((v) => v.price);
  return (
    <section aria-labelledby={`product-${product.id}`} className="rounded-3xl border border-line bg-white p-5 shadow-card" data-testid="admin-product">
      <div className="flex flex-wrap items-start gap-4">
        {product.thumbnail_url ? <img src={product.thumbnail_url} alt="" width={80} height={80} className="size-20 rounded-xl border border-line object-cover" /> : null}
        {/* basis-48: on a phone the switches wrap below the name instead of squeezing it to a letter a line. */}
        <div className="min-w-0 flex-1 basis-48">
          <h2 id={`product-${product.id}`} className="font-display text-xl font-semibold">
            {product.name}
          </h2>
          <p className="text-sm text-muted">
            {product.slug} · {product.kind} · {product.variants.length} variant{product.variants.length === 1 ? '' : 's'}
            {prices.length ? ` · ${formatMoney(Math.min(...prices), shop.currency)}–${formatMoney(Math.max(...prices), shop.currency)}` : ''}
          </p>
        </div>
        <label className="inline-flex items-center gap-2 text-sm font-medium">
          <input
            type="checkbox"
            checked={product.is_active}
            onChange={(e) => run({ kind: 'update-product', id: product.id, body: { is_active: e.target.checked } }, `${product.name} is ${e.target.checked ? 'in' : 'out of'} the store`)}
            className="size-4 accent-brand-600"
          />
          In the store
        </label>
        <Button size="sm" variant="ghost" aria-label={`Delete ${product.name}`} onClick={() => setConfirming(true)}>
          <Trash2 aria-hidden="true" />
        </Button>
        <Confirm
          open={confirming}
          onOpenChange={setConfirming}
          title={`Delete ${product.name}?`}
          body="It and its variants leave the catalogue for good; orders keep their own copy. Taking it out of the store is usually what you want."
          confirm="Delete product"
          onConfirm={() => run({ kind: 'delete-product', id: product.id }, `${product.name} deleted`)}
        />
      </div>
      <div className="mt-4 overflow-x-auto">
        <table className="w-full text-left text-sm max-md:block md:min-w-[44rem]">
          <caption className="sr-only">Variants of {product.name}</caption>
          <thead className="text-xs tracking-wide text-ink-soft uppercase max-md:sr-only">
            <tr>
              <th scope="col" className="px-3 py-2 font-semibold">Variant</th>
              <th scope="col" className="px-3 py-2 font-semibold">Price ({shop.currency})</th>
              <th scope="col" className="px-3 py-2 font-semibold">Other currencies</th>
              <th scope="col" className="px-3 py-2 font-semibold">Sale</th>
              <th scope="col" className="px-3 py-2 font-semibold"><span className="sr-only">Delete</span></th>
            </tr>
          </thead>
          <tbody className="divide-y divide-line max-md:block">
            {product.variants.map((v) => (
              <VariantRow key={`${v.id}-${v.price}`} v={v} product={product} shop={shop} />
            ))}
          </tbody>
        </table>
      </div>
      <div className="mt-3">
        <NewVariant product={product} shop={shop} />
      </div>
    </section>
  );
}

function NewProduct() {
  const run = useChange();
  const [open, setOpen] = useState(false);
  const form = useZodForm(newProductFormSchema, {
    defaultValues: { name: '', slug: '', kind: 'print', thumbnail_url: '', description: '' } satisfies NewProductForm,
  });
  if (!open) {
    return (
      <Button onClick={() => setOpen(true)}>
        <Plus aria-hidden="true" /> New product
      </Button>
    );
  }
  return (
    <Form
      form={form}
      className="grid gap-3 rounded-3xl border border-line bg-white p-5 shadow-card sm:grid-cols-2"
      aria-label="New product"
      onSubmit={(body) => run({ kind: 'create-product', body }, `${body.name} created: add its variants`, refusedIn(form))}
    >
      <FormTextField control={form.control} name="name" label="Name" />
      <FormTextField control={form.control} name="slug" label="Slug" description="lower-case-with-hyphens" />
      <FormSelectField
        control={form.control}
        name="kind"
        label="Kind"
        options={[
          { value: 'print', label: 'Print' },
          { value: 'framed', label: 'Framed' },
          { value: 'digital', label: 'Digital' },
        ]}
      />
      <FormTextField control={form.control} name="thumbnail_url" label="Picture (path or https address)" />
      <FormTextField control={form.control} name="description" label="Description" className="sm:col-span-2" />
      <div className="flex gap-2 sm:col-span-2">
        <Button type="submit">Create product</Button>
        <Button type="button" variant="ghost" onClick={() => setOpen(false)}>
          Cancel
        </Button>
      </div>
    </Form>
  );
}

/** /admin/products: the catalogue the store sells, and its discount codes (docs/decisions/078). */
export function ProductsAdmin() {
  const products = useProducts();
  return (
    <div className="grid gap-8">
      <section className="grid grid-cols-1 gap-4">
        <div>
          <h1 className="text-3xl font-semibold sm:text-4xl">Products</h1>
          <p className="mt-2 text-ink-soft">What the store sells, at what price. Every change is written to the audit log and reaches the store at once.</p>
        </div>
        <div>
          <NewProduct />
        </div>
        {products.isError ? (
          <Notice tone="error" title="The products did not load">
            {products.error.message}
          </Notice>
        ) : products.data ? (
          products.data.products.length === 0 ? (
            <Notice title="Nothing for sale yet">Create a product, then give it a variant with a price.</Notice>
          ) : (
            products.data.products.map((p) => <ProductCard key={p.id} product={p} shop={products.data} />)
          )
        ) : (
          <div className="grid gap-3" aria-busy="true" aria-label="Loading products">
            <Skeleton className="h-48" />
            <Skeleton className="h-48" />
          </div>
        )}
      </section>
      <DiscountCodesAdmin />
    </div>
  );
}
