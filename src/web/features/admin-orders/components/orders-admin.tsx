import { ChevronLeft, ChevronRight, Search } from 'lucide-react';
import { ORDER_STATUS_LABELS, ORDER_STATUS_VALUES } from '@/contract/shop-constants';
import type { OrderStatus } from '@/contract/shop';
import { Button } from '@/web/components/ui/button';
import { Notice } from '@/web/components/ui/notice';
import { SelectField } from '@/web/components/ui/select-field';
import { Skeleton } from '@/web/components/ui/skeleton';
import { useDebouncedSearchParam, useUrlParams } from '@/web/hooks/use-debounced-search-param';
import { formatMoney } from '@/web/lib/money';
import { useOrders } from '../api/get-orders';
import { OrderSheet } from './order-sheet';
import { OrderStatusBadge } from './order-status-badge';

const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const isDate = (v: string | null) => (v && /^\d{4}-\d{2}-\d{2}$/.test(v) ? v : undefined);

/**
 * /admin/orders, as commerce admins have it: search, status and date filters and the page in the URL; a row opens
 * the order in a panel (?order=) with its timeline, payment, refunds and actions (docs/decisions/081).
 */
export function OrdersAdmin() {
  const [params, setParams] = useUrlParams();
  const { text: draft, setText: setDraft, search } = useDebouncedSearchParam({ name: 'q', resets: ['page'] });
  const statusParam = params.get('status');
  const status = (ORDER_STATUS_VALUES as readonly string[]).includes(statusParam ?? '') ? (statusParam as OrderStatus) : undefined;
  const from = isDate(params.get('from'));
  const to = isDate(params.get('to'));
  const page = Math.max(1, Number(params.get('page')) || 1);
  const open = params.get('order');
  const orders = useOrders({ q: search || undefined, status, from, to, page });
  const data = orders.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.page_size)) : 1;
  const filtered = Boolean(search || status || from || to);

  return (
    <section>
      <h1 className="text-3xl font-semibold sm:text-4xl">Orders</h1>
      <p className="mt-2 text-ink-soft">Every order, its payment and where it is. Refunds and cancellations are written to the audit log.</p>

      <form role="search" className="mt-6 grid gap-3 sm:grid-cols-2 lg:grid-cols-[2fr_1fr_1fr_1fr]" onSubmit={(e) => e.preventDefault()} aria-label="Filter orders">
        <div>
          <label htmlFor="order-search" className="block text-sm font-semibold">
            Search
          </label>
          <div className="relative mt-1.5">
            <Search className="pointer-events-none absolute top-1/2 left-3.5 size-4 -translate-y-1/2 text-muted" aria-hidden="true" />
            <input
              id="order-search"
              type="search"
              value={draft}
              onChange={(e) => setDraft(e.target.value)}
              placeholder="Order number, email or name"
              className="block h-11 w-full rounded-xl border border-line bg-white pr-4 pl-10 text-base shadow-sm focus:border-ink focus:ring-4 focus:ring-brand-100 focus:outline-none"
            />
          </div>
        </div>
        <SelectField
          label="Status"
          placeholder="Any status"
          options={ORDER_STATUS_VALUES.map((s) => ({ value: s, label: ORDER_STATUS_LABELS[s] }))}
          value={status ?? ''}
          onChange={(e) => setParams({ status: e.target.value || undefined, page: undefined })}
        />
        <DateFilter label="From" value={from ?? ''} onChange={(v) => setParams({ from: v || undefined, page: undefined })} />
        <DateFilter label="To" value={to ?? ''} onChange={(v) => setParams({ to: v || undefined, page: undefined })} />
      </form>

      <p className="mt-4 text-sm text-muted" role="status" aria-live="polite">
        {data ? `${data.total} ${data.total === 1 ? 'order' : 'orders'}${filtered ? ' matching these filters' : ''}` : 'Loading...'}
      </p>

      {orders.isError ? (
        <Notice tone="error" title="The order list did not load" className="mt-4">
          {orders.error.message}
        </Notice>
      ) : null}

      {!data && orders.isPending ? (
        <div className="mt-4 space-y-2" aria-busy="true" aria-label="Loading orders">
          {Array.from({ length: 6 }, (_, i) => (
            <Skeleton key={i} className="h-14 w-full rounded-2xl" />
          ))}
        </div>
      ) : null}

      {data && data.orders.length === 0 ? (
        <Notice className="mt-4" title={filtered ? 'No order matches' : 'No orders yet'}>
          {filtered ? 'Try another search or clear the filters.' : 'They appear here the moment someone checks out.'}
        </Notice>
      ) : null}

      {data && data.orders.length > 0 ? (
        <div className="mt-4 overflow-x-auto rounded-2xl border border-line bg-white shadow-card">
          <table className="w-full min-w-[44rem] text-left text-sm">
            <caption className="sr-only">Orders, newest first</caption>
            <thead className="bg-paper-dark/60 text-xs tracking-wide text-ink-soft uppercase">
              <tr>
                <th scope="col" className="px-4 py-3 font-semibold">Order</th>
                <th scope="col" className="px-4 py-3 font-semibold">Placed</th>
                <th scope="col" className="px-4 py-3 font-semibold">Customer</th>
                <th scope="col" className="px-4 py-3 font-semibold">Status</th>
                <th scope="col" className="px-4 py-3 text-right font-semibold">Items</th>
                <th scope="col" className="px-4 py-3 text-right font-semibold">Total</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-line">
              {data.orders.map((o) => (
                <tr key={o.id} className="hover:bg-paper" data-testid="admin-order-row">
                  <th scope="row" className="px-4 py-3">
                    <button
                      type="button"
                      className="font-semibold text-brand-700 underline-offset-4 hover:underline focus-visible:ring-4 focus-visible:ring-brand-200 focus-visible:outline-none"
                      onClick={() => setParams({ order: o.id }, { push: true })}
                    >
                      {o.number}
                    </button>
                  </th>
                  <td className="px-4 py-3 whitespace-nowrap">{dateTime.format(new Date(o.created_at))}</td>
                  <td className="px-4 py-3">
                    <span className="block">{o.customer_name ?? '—'}</span>
                    <span className="block text-muted">{o.email}</span>
                  </td>
                  <td className="px-4 py-3">
                    <OrderStatusBadge status={o.status} />
                  </td>
                  <td className="px-4 py-3 text-right tabular-nums">{o.item_count}</td>
                  <td className="px-4 py-3 text-right tabular-nums">
                    {formatMoney(o.total, o.currency)}
                    {o.refunded_total ? <span className="block text-xs text-muted">−{formatMoney(o.refunded_total, o.currency)} refunded</span> : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}

      {pages > 1 ? (
        <nav aria-label="Pages" className="mt-4 flex items-center justify-between gap-3">
          <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => setParams({ page: page > 2 ? String(page - 1) : undefined }, { push: true })}>
            <ChevronLeft aria-hidden="true" /> Previous
          </Button>
          <span className="text-sm text-muted">
            Page {page} of {pages}
          </span>
          <Button variant="outline" size="sm" disabled={page >= pages} onClick={() => setParams({ page: String(page + 1) }, { push: true })}>
            Next <ChevronRight aria-hidden="true" />
          </Button>
        </nav>
      ) : null}

      <OrderSheet id={open} onClose={() => setParams({ order: undefined }, { push: true })} />
    </section>
  );
}

function DateFilter({ label, value, onChange }: { label: string; value: string; onChange(v: string): void }) {
  const id = `order-filter-${label.toLowerCase()}`;
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-semibold">
        {label}
      </label>
      <input
        id={id}
        type="date"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        className="mt-1.5 block h-11 w-full rounded-xl border border-line bg-white px-3.5 text-base shadow-sm focus:border-ink focus:ring-4 focus:ring-brand-100 focus:outline-none"
      />
    </div>
  );
}
