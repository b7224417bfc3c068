import { Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import type { DiscountCode } from '@/contract/admin-products';
import { Button } from '@/web/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/web/components/ui/dialog';
import { Notice } from '@/web/components/ui/notice';
import { SelectField } from '@/web/components/ui/select-field';
import { Skeleton } from '@/web/components/ui/skeleton';
import { TextField } from '@/web/components/ui/text-field';
import { toast } from '@/web/components/ui/use-toast';
import { ApiRequestError } from '@/web/lib/api-client';
import { formatMoney } from '@/web/lib/money';
import { parseMoney } from '@/web/lib/money-input';
import { useDiscountCodeChange, useDiscountCodes } from '../api/discount-codes';

const day = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });
const describe = (c: DiscountCode) => (c.kind === 'percent' ? `${c.value}% off` : `${formatMoney(c.value, 'USD')} off`);

function NewCode() {
  const change = useDiscountCodeChange();
  const [open, setOpen] = useState(false);
  const [f, setF] = useState({ code: '', kind: 'percent' as 'percent' | 'fixed', value: '', min: '', expires: '', limit: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  if (!open) {
    return (
      <Button variant="outline" onClick={() => setOpen(true)}>
        <Plus aria-hidden="true" /> New discount code
      </Button>
    );
  }
  return (
    <form
      aria-label="New discount code"
      className="grid gap-3 rounded-3xl border border-line bg-white p-5 shadow-card sm:grid-cols-3"
      onSubmit={(e) => {
        e.preventDefault();
        const value = f.kind === 'percent' ? Number(f.value) : parseMoney(f.value);
        const min = f.min ? parseMoney(f.min) : 0;
        if (!value || !Number.isInteger(value)) return setErrors({ value: f.kind === 'percent' ? 'Enter a whole percentage, 1–100' : 'Enter an amount such as 5.00' });
        if (min === null) return setErrors({ min_subtotal: 'Enter an amount such as 50.00' });
        change.mutate(
          {
            kind: 'create',
            body: {
              code: f.code,
              kind: f.kind,
              value,
              min_subtotal: min,
              expires_at: f.expires ? `${f.expires}T23:59:59Z` : null,
              usage_limit: f.limit ? Number(f.limit) : null,
            },
          },
          {
            onSuccess: () => {
              toast({ title: `${f.code.toUpperCase()} is ready to use`, variant: 'success' });
              setOpen(false);
              setErrors({});
            },
            onError: (err) => setErrors(err instanceof ApiRequestError ? { [err.field ?? 'form']: err.message } : { form: err.message }),
          },
        );
      }}
    >
      <TextField label="Code" value={f.code} onChange={(e) => setF({ ...f, code: e.target.value })} error={errors.code} autoCapitalize="characters" />
      <SelectField
        label="Type"
        options={[
          { value: 'percent', label: 'Percentage' },
          { value: 'fixed', label: 'Fixed amount (USD)' },
        ]}
        value={f.kind}
        onChange={(e) => setF({ ...f, kind: e.target.value as 'percent' | 'fixed' })}
      />
      <TextField label={f.kind === 'percent' ? 'Percent off' : 'Amount off (USD)'} inputMode="decimal" value={f.value} onChange={(e) => setF({ ...f, value: e.target.value })} error={errors.value} />
      <TextField label="Minimum order (USD, optional)" inputMode="decimal" value={f.min} onChange={(e) => setF({ ...f, min: e.target.value })} error={errors.min_subtotal} />
      <TextField label="Last day (optional)" type="date" value={f.expires} onChange={(e) => setF({ ...f, expires: e.target.value })} error={errors.expires_at} />
      <TextField label="Uses allowed (optional)" inputMode="numeric" value={f.limit} onChange={(e) => setF({ ...f, limit: e.target.value })} error={errors.usage_limit} />
      {errors.form ? <p className="text-sm font-medium text-brand-700 sm:col-span-3">{errors.form}</p> : null}
      <div className="flex gap-2 sm:col-span-3">
        <Button type="submit" disabled={change.isPending}>
          Create code
        </Button>
        <Button type="button" variant="ghost" onClick={() => setOpen(false)}>
          Cancel
        </Button>
      </div>
    </form>
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
        <NewCode />
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
                  <td data-label="Discount" className={`px-4 py-3 ${phoneCell}`}>{describe(c)}</td>
                  <td data-label="Minimum" className={`px-4 py-3 ${phoneCell}`}>{c.min_subtotal ? formatMoney(c.min_subtotal, 'USD') : '—'}</td>
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
