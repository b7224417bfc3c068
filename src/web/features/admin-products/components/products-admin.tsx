import { Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import type { AdminProduct, AdminVariant } from '@/contract/admin-products';
import { Button } from '@/web/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/web/components/ui/dialog';
import { Notice } from '@/web/components/ui/notice';
import { SelectField } from '@/web/components/ui/select-field';
import { Skeleton } from '@/web/components/ui/skeleton';
import { TextField } from '@/web/components/ui/text-field';
import { toast } from '@/web/components/ui/use-toast';
import { ApiRequestError } from '@/web/lib/api-client';
import { formatMoney } from '@/web/lib/money';
import { minorToText, parseMoney } from '@/web/lib/money-input';
import { cn } from '@/web/lib/utils';
import { useProductChange, useProducts, type ProductChange } from '../api/products';
import { DiscountCodesAdmin } from './discount-codes-admin';

/** Field errors the API named, keyed by field. */
type Errors = Record<string, string>;
const errorsOf = (err: unknown): Errors =>
  err instanceof ApiRequestError ? { [err.field ?? 'form']: err.message } : { form: err instanceof Error ? err.message : 'Something went wrong' };

function useChange() {
  const change = useProductChange();
  return (c: ProductChange, done: string, onError?: (e: Errors) => void) =>
    change.mutate(c, {
      onSuccess: () => toast({ title: done, variant: 'success' }),
      onError: (err) => (onError ? onError(errorsOf(err)) : toast({ title: err.message, variant: 'destructive' })),
    });
}

/** Phones: the column's name before the value (the header row is then for screen readers only). */
const phoneLabel =
  'max-md:before:pt-2 max-md:before:text-xs max-md:before:font-semibold max-md:before:tracking-wide max-md:before:text-ink-soft max-md:before:uppercase max-md:before:content-[attr(data-label)]';

function VariantRow({ v, product }: { v: AdminVariant; product: AdminProduct }) {
  const run = useChange();
  const [price, setPrice] = useState(minorToText(v.price));
  const [error, setError] = useState<string | undefined>();
  const [confirming, setConfirming] = useState(false);
  const minor = parseMoney(price);
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
      <td data-label="Price (USD)" className={`px-3 py-2 max-md:flex max-md:items-start max-md:gap-2 max-md:p-0 ${phoneLabel}`}>
        <form
          className="flex items-start gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            if (minor === null) return setError('Enter a price such as 59.00');
            run({ kind: 'update-variant', id: v.id, body: { price: minor } }, `${v.name}: now ${formatMoney(minor, v.currency)}`, (errs) => setError(Object.values(errs)[0]));
          }}
        >
          <label className="sr-only" htmlFor={`price-${v.id}`}>
            Price of {product.name}, {v.name} ({v.currency})
          </label>
          <input
            id={`price-${v.id}`}
            inputMode="decimal"
            value={price}
            onChange={(e) => {
              setPrice(e.target.value);
              setError(undefined);
            }}
            aria-invalid={error ? true : undefined}
            className="h-9 w-24 rounded-lg border border-line bg-white px-2 text-right tabular-nums focus:border-ink focus:ring-4 focus:ring-brand-100 focus:outline-none"
          />
          {minor !== v.price ? (
            <Button size="sm" type="submit">
              Save
            </Button>
          ) : null}
        </form>
        {error ? <p className="mt-1 text-xs font-medium text-brand-700">{error}</p> : null}
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

function NewVariant({ product }: { product: AdminProduct }) {
  const run = useChange();
  const [open, setOpen] = useState(false);
  const [f, setF] = useState({ sku: '', name: '', size: '', finish: '', price: '', weight: '0', ships: product.kind !== 'digital' });
  const [errors, setErrors] = useState<Errors>({});
  const set = (k: keyof typeof f) => (e: React.ChangeEvent<HTMLInputElement>) => setF({ ...f, [k]: k === 'ships' ? e.target.checked : e.target.value });
  if (!open) {
    return (
      <Button size="sm" variant="outline" onClick={() => setOpen(true)}>
        <Plus aria-hidden="true" /> Add a variant
      </Button>
    );
  }
  return (
    <form
      className="grid gap-3 rounded-2xl border border-line bg-paper p-4 sm:grid-cols-3"
      aria-label={`New variant of ${product.name}`}
      onSubmit={(e) => {
        e.preventDefault();
        const price = parseMoney(f.price);
        if (price === null) return setErrors({ price: 'Enter a price such as 59.00' });
        run(
          {
            kind: 'create-variant',
            productId: product.id,
            body: { sku: f.sku, name: f.name, size: f.size, finish: f.finish, price, weight_grams: Number(f.weight) || 0, requires_shipping: f.ships },
          },
          `${f.name} added to ${product.name}`,
          setErrors,
        );
      }}
    >
      <TextField label="SKU" value={f.sku} onChange={set('sku')} error={errors.sku} />
      <TextField label="Name" value={f.name} onChange={set('name')} error={errors.name} />
      <TextField label="Size" value={f.size} onChange={set('size')} error={errors.size} />
      <TextField label="Finish" value={f.finish} onChange={set('finish')} error={errors.finish} />
      <TextField label="Price (USD)" inputMode="decimal" value={f.price} onChange={set('price')} error={errors.price} />
      <TextField label="Weight (g)" inputMode="numeric" value={f.weight} onChange={set('weight')} error={errors.weight_grams} />
      <label className="flex items-center gap-2 text-sm sm:col-span-3">
        <input type="checkbox" checked={f.ships} onChange={set('ships')} className="size-4 accent-brand-600" /> Shipped (untick for a download)
      </label>
      {errors.form ? <p className="text-sm font-medium text-brand-700 sm:col-span-3">{errors.form}</p> : null}
      <div className="flex gap-2 sm:col-span-3">
        <Button type="submit" size="sm">
          Add variant
        </Button>
        <Button type="button" size="sm" variant="ghost" onClick={() => setOpen(false)}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

function ProductCard({ product }: { product: AdminProduct }) {
  const run = useChange();
  const [confirming, setConfirming] = useState(false);
  const prices = product.variants.map((v) => v.price);
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
            {prices.length ? ` · ${formatMoney(Math.min(...prices), 'USD')}–${formatMoney(Math.max(...prices), 'USD')}` : ''}
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
        <table className="w-full text-left text-sm max-md:block md:min-w-[36rem]">
          <caption className="sr-only">Variants of {product.name}</caption>
          <thead className="text-xs tracking-wide text-ink-soft uppercase max-md:sr-only">
            <tr>
              <th scope="col" className="px-3 py-2 font-semibold">Variant</th>
              <th scope="col" className="px-3 py-2 font-semibold">Price (USD)</th>
              <th scope="col" className="px-3 py-2 font-semibold">Sale</th>
              <th scope="col" className="px-3 py-2 font-semibold"><span className="sr-only">Delete</span></th>
            </tr>
          </thead>
          <tbody className="divide-y divide-line max-md:block">
            {product.variants.map((v) => (
              <VariantRow key={`${v.id}-${v.price}`} v={v} product={product} />
            ))}
          </tbody>
        </table>
      </div>
      <div className="mt-3">
        <NewVariant product={product} />
      </div>
    </section>
  );
}

function NewProduct() {
  const run = useChange();
  const [open, setOpen] = useState(false);
  const [f, setF] = useState({ slug: '', name: '', kind: 'print' as 'print' | 'framed' | 'digital', description: '', thumbnail: '' });
  const [errors, setErrors] = useState<Errors>({});
  if (!open) {
    return (
      <Button onClick={() => setOpen(true)}>
        <Plus aria-hidden="true" /> New product
      </Button>
    );
  }
  return (
    <form
      className="grid gap-3 rounded-3xl border border-line bg-white p-5 shadow-card sm:grid-cols-2"
      aria-label="New product"
      onSubmit={(e) => {
        e.preventDefault();
        run(
          { kind: 'create-product', body: { slug: f.slug, name: f.name, kind: f.kind, description: f.description, thumbnail_url: f.thumbnail || null } },
          `${f.name} created: add its variants`,
          setErrors,
        );
      }}
    >
      <TextField label="Name" value={f.name} onChange={(e) => setF({ ...f, name: e.target.value })} error={errors.name} />
      <TextField label="Slug" description="lower-case-with-hyphens" value={f.slug} onChange={(e) => setF({ ...f, slug: e.target.value })} error={errors.slug} />
      <SelectField
        label="Kind"
        options={[
          { value: 'print', label: 'Print' },
          { value: 'framed', label: 'Framed' },
          { value: 'digital', label: 'Digital' },
        ]}
        value={f.kind}
        onChange={(e) => setF({ ...f, kind: e.target.value as typeof f.kind })}
        error={errors.kind}
      />
      <TextField label="Picture (path or https address)" value={f.thumbnail} onChange={(e) => setF({ ...f, thumbnail: e.target.value })} error={errors.thumbnail_url} />
      <TextField className="sm:col-span-2" label="Description" value={f.description} onChange={(e) => setF({ ...f, description: e.target.value })} error={errors.description} />
      {errors.form ? <p className="text-sm font-medium text-brand-700 sm:col-span-2">{errors.form}</p> : null}
      <div className="flex gap-2 sm:col-span-2">
        <Button type="submit">Create product</Button>
        <Button type="button" variant="ghost" onClick={() => setOpen(false)}>
          Cancel
        </Button>
      </div>
    </form>
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
            products.data.products.map((p) => <ProductCard key={p.id} product={p} />)
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
