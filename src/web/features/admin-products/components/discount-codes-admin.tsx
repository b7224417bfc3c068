import { Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import type { DiscountCode } from '@/contract/admin-products';
import { Button } from '@/web/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/web/components/ui/dialog';
import { Form, FormSelectField, FormTextField, showFieldError, useZodForm } from '@/web/components/ui/form';
import { Notice } from '@/web/components/ui/notice';
import { Skeleton } from '@/web/components/ui/skeleton';
import { toast } from '@/web/components/ui/use-toast';
import { formatMoney } from '@/web/lib/money';
import { useDiscountCodeChange, useDiscountCodes } from '../api/discount-codes';
import { newDiscountCodeFormSchema, type NewDiscountCodeForm } from '../lib/product-forms';

const day = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });
/** A code's amounts are in its currency; null is the shop's own (docs/decisions/134). */
const currencyOf = (c: DiscountCode, own: string) => c.currency ?? own;
const describe = (c: DiscountCode, own: string) => (c.kind === 'percent' ? `${c.value}% off` : `${formatMoney(c.value, currencyOf(c, own))} off`);

/** The currencies the shop sells in, its own first; undefined until the list has loaded. */
type Shop = { currency: string; currencies: readonly string[] } | undefined;

function NewCode({ shop }: { shop: Shop }) {
  const change = useDiscountCodeChange();
  const [open, setOpen] = useState(false);
  const form = useZodForm(newDiscountCodeFormSchema, {
    defaultValues: { code: '', kind: 'percent', value: '', currency: '', min_subtotal: '', expires_at: '', usage_limit: '' } satisfies NewDiscountCodeForm,
  });
  const kind = useWatch({ control: form.control, name: 'kind' });
  // '' is the shop's own currency.
  const chosen = useWatch({ control: form.control, name: 'currency' }) || shop?.currency;
  const inCurrency = (label: string, optional = false) => (chosen ? `${label} (${chosen}${optional ? ', optional' : ''})` : `${label}${optional ? ' (optional)' : ''}`);
  if (!open) {
    return (
      <Button variant="outline" onClick={() => setOpen(true)}>
        <Plus aria-hidden="true" /> New discount code
      </Button>
    );
  }
  return (
    <Form
      form={form}
      aria-label="New discount code"
      className="grid gap-3 rounded-3xl border border-line bg-white p-5 shadow-card sm:grid-cols-3"
      onSubmit={(body) =>
        change.mutate(
          { kind: 'create', body },
          {
            onSuccess: () => {
              toast({ title: `${body.code} is ready to use`, variant: 'success' });
              setOpen(false);
              form.reset();
            },
            onError: (err) => {
              if (!showFieldError(form, err)) toast({ title: err.message, variant: 'destructive' });
            },
          },
        )
      }
    >
      <FormTextField control={form.control} name="code" label="Code" autoCapitalize="characters" />
      <FormSelectField
        control={form.control}
        name="kind"
        label="Type"
        options={[
          { value: 'percent', label: 'Percentage' },
          { value: 'fixed', label: 'Fixed amount' },
        ]}
      />
      <FormTextField control={form.control} name="value" label={kind === 'percent' ? 'Percent off' : inCurrency('Amount off')} inputMode="decimal" />
      {shop && shop.currencies.length > 1 ? (
        <FormSelectField
          control={form.control}
          name="currency"
          label="Currency"
          description="Of the amount off and the minimum: such a code works on orders in this currency only. A percentage with no minimum works in every one."
          options={shop.currencies.map((c) => ({ value: c === shop.currency ? '' : c, label: c === shop.currency ? `${c} (the shop’s own)` : c }))}
        />
      ) : null}
      <FormTextField control={form.control} name="min_subtotal" label={inCurrency('Minimum order', true)} inputMode="decimal" />
      <FormTextField control={form.control} name="expires_at" label="Last day (optional)" type="date" />
      <FormTextField control={form.control} name="usage_limit" label="Uses allowed (optional)" inputMode="numeric" />
      <div className="flex gap-2 sm:col-span-3">
        <Button type="submit" disabled={change.isPending}>
          Create code
        </Button>
        <Button type="button" variant="ghost" onClick={() => setOpen(false)}>
          Cancel
        </Button>
      </div>
    </Form>
  );
}

/** Phones: a value on its own line after its column's name (the header row is then for screen readers only). */
const phoneCell =
  'max-md:flex max-md:items-baseline max-md:justify-between max-md:gap-4 max-md:px-0 max-md:py-1 max-md:text-right max-md:before:text-xs max-md:before:font-semibold max-md:before:tracking-wide max-md:before:text-ink-soft max-md:before:uppercase max-md:before:content-[attr(data-label)]';

export function DiscountCodesAdmin() {
  const codes = useDiscountCodes();
  const change = useDiscountCodeChange();
  const [deleting, setDeleting] = useState<DiscountCode | null>(null);
  const onError = (err: Error) => toast({ title: err.message, variant: 'destructive' });
  return (
    <section aria-labelledby="discount-codes" className="grid grid-cols-1 gap-4">
      <div>
        <h2 id="discount-codes" className="text-2xl font-semibold">
          Discount codes
        </h2>
        <p className="mt-1 text-ink-soft">One code per order. A use counts when the order is paid.</p>
      </div>
      <div>
        <NewCode shop={codes.data} />
      </div>
      {codes.isError ? (
        <Notice tone="error" title="The discount codes did not load">
          {codes.error.message}
        </Notice>
      ) : !codes.data ? (
        <Skeleton className="h-32" aria-busy="true" aria-label="Loading discount codes" />
      ) : codes.data.discount_codes.length === 0 ? (
        <Notice title="No discount codes yet">Create one for a newsletter, a launch or an apology.</Notice>
      ) : (
        <div className="overflow-x-auto rounded-2xl border border-line bg-white shadow-card">
          <table className="w-full text-left text-sm max-md:block md:min-w-[40rem]">
            <caption className="sr-only">Discount codes, newest first</caption>
            <thead className="bg-paper-dark/60 text-xs tracking-wide text-ink-soft uppercase max-md:sr-only">
              <tr>
                <th scope="col" className="px-4 py-3 font-semibold">Code</th>
                <th scope="col" className="px-4 py-3 font-semibold">Discount</th>
                <th scope="col" className="px-4 py-3 font-semibold">Minimum</th>
                <th scope="col" className="px-4 py-3 font-semibold">Used</th>
                <th scope="col" className="px-4 py-3 font-semibold">Until</th>
                <th scope="col" className="px-4 py-3 font-semibold">Active</th>
                <th scope="col" className="px-4 py-3 font-semibold"><span className="sr-only">Delete</span></th>
              </tr>
            </thead>
            {/* Phones: each code is a block, every value under its column's name; nothing scrolls sideways. */}
            <tbody className="divide-y divide-line max-md:block">
              {codes.data.discount_codes.map((c) => (
                <tr key={c.id} className={`max-md:relative max-md:block max-md:p-4 ${c.is_active ? '' : 'text-muted'}`}>
                  <th scope="row" className="px-4 py-3 font-mono font-semibold max-md:block max-md:p-0 max-md:pr-12 max-md:pb-2">{c.code}</th>
                  <td data-label="Discount" className={`px-4 py-3 ${phoneCell}`}>{describe(c, codes.data.currency)}</td>
                  <td data-label="Minimum" className={`px-4 py-3 ${phoneCell}`}>{c.min_subtotal ? formatMoney(c.min_subtotal, currencyOf(c, codes.data.currency)) : '—'}</td>
                  <td data-label="Used" className={`px-4 py-3 tabular-nums ${phoneCell}`}>
                    {c.used_count}
                    {c.usage_limit ? ` / ${c.usage_limit}` : ''}
                  </td>
                  <td data-label="Until" className={`px-4 py-3 ${phoneCell}`}>{c.expires_at ? day.format(new Date(c.expires_at)) : 'No end'}</td>
                  <td data-label="Active" className={`px-4 py-3 ${phoneCell}`}>
                    <input
                      type="checkbox"
                      aria-label={`${c.code} active`}
                      checked={c.is_active}
                      onChange={(e) =>
                        change.mutate(
                          { kind: 'update', id: c.id, body: { is_active: e.target.checked } },
                          { onSuccess: () => toast({ title: `${c.code} is ${e.target.checked ? 'on' : 'off'}`, variant: 'success' }), onError },
                        )
                      }
                      className="size-4 accent-brand-600"
                    />
                  </td>
                  <td className="px-4 py-3 text-right max-md:absolute max-md:top-2 max-md:right-2 max-md:p-0">
                    <Button size="sm" variant="ghost" aria-label={`Delete ${c.code}`} onClick={() => setDeleting(c)}>
                      <Trash2 aria-hidden="true" />
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Dialog open={deleting !== null} onOpenChange={(o) => (o ? undefined : setDeleting(null))}>
        <DialogContent>
          <DialogTitle>Delete {deleting?.code}?</DialogTitle>
          <DialogDescription>Shoppers can no longer use it. Orders that used it keep their discount. Switching it off keeps it for later.</DialogDescription>
          <div className="mt-6 flex flex-wrap justify-end gap-2">
            <Button variant="outline" onClick={() => setDeleting(null)}>
              Keep it
            </Button>
            <Button
              onClick={() => {
                if (deleting) change.mutate({ kind: 'delete', id: deleting.id }, { onSuccess: () => toast({ title: `${deleting.code} deleted`, variant: 'success' }), onError });
                setDeleting(null);
              }}
            >
              Delete code
            </Button>
          </div>
        </DialogContent>
      </Dialog>
    </section>
  );
}
