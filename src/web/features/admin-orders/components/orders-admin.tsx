import { Receipt } from 'lucide-react';
import { ORDER_STATUS_LABELS, ORDER_STATUS_VALUES, type OrderStatus } from '@/contract/order-status';
import type { AdminOrderSummary } from '@/contract/shop';
import { AdminPageHeader } from '@/web/components/admin/admin-page-header';
import { DataTable, type Column } from '@/web/components/admin/data-table';
import { EmptyState } from '@/web/components/admin/empty-state';
import { DateField, FilterBar, SearchField } from '@/web/components/admin/filter-fields';
import { Pagination } from '@/web/components/admin/pagination';
import { useTableParams } from '@/web/components/admin/use-table-params';
import { SelectField } from '@/web/components/ui/select-field';
import { useDebouncedSearchParam } from '@/web/hooks/use-debounced-search-param';
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
  const { params, setParams, page, setPage } = useTableParams({ sorts: ['created'], defaultSort: 'created', defaultDir: 'desc' });
  const { text: draft, setText: setDraft, search } = useDebouncedSearchParam({ name: 'q', resets: ['page'] });
  const statusParam = params.get('status');
  const status = (ORDER_STATUS_VALUES as readonly string[]).includes(statusParam ?? '') ? (statusParam as OrderStatus) : undefined;
  const from = isDate(params.get('from'));
  const to = isDate(params.get('to'));
  const open = params.get('order');
  const orders = useOrders({ q: search || undefined, status, from, to, page });
  const data = orders.data;
  const filtered = Boolean(search || status || from || to);

  const columns: Column<AdminOrderSummary>[] = [
    {
      key: 'number',
      header: 'Order',
      rowHeader: true,
      cell: (o) => (
        <button
          type="button"
          className="font-semibold text-brand-700 underline-offset-4 hover:underline focus-visible:ring-4 focus-visible:ring-brand-200 focus-visible:outline-none"
          onClick={() => setParams({ order: o.id }, { push: true })}
        >
          {o.number}
        </button>
      ),
    },
    { key: 'placed', header: 'Placed', className: 'whitespace-nowrap', cell: (o) => dateTime.format(new Date(o.created_at)) },
    {
      key: 'customer',
      header: 'Customer',
      cell: (o) => (
        <>
          <span className="block">{o.customer_name ?? '—'}</span>
          <span className="block text-muted">{o.email}</span>
        </>
      ),
    },
    { key: 'status', header: 'Status', cell: (o) => <OrderStatusBadge status={o.status} label={o.status_label} /> },
    { key: 'items', header: 'Items', align: 'right', cell: (o) => o.item_count },
    {
      key: 'total',
      header: 'Total',
      align: 'right',
      cell: (o) => (
        <>
          {formatMoney(o.total, o.currency)}
          {o.refunded_total ? <span className="block text-xs text-muted">−{formatMoney(o.refunded_total, o.currency)} refunded</span> : null}
        </>
      ),
    },
  ];

  return (
    <section>
      <AdminPageHeader title="Orders" lead="Every order, its payment and where it is. Refunds and cancellations are written to the audit log." />

      <FilterBar label="Filter orders" columns="lg:grid-cols-[2fr_1fr_1fr_1fr]">
        <SearchField label="Search" value={draft} onChange={setDraft} placeholder="Order number, email or name" />
        <SelectField
          label="Status"
          placeholder="Any status"
          options={ORDER_STATUS_VALUES.map((s) => ({ value: s, label: ORDER_STATUS_LABELS[s] }))}
          value={status ?? ''}
          onChange={(e) => setParams({ status: e.target.value || undefined, page: undefined })}
        />
        <DateField label="From" value={from ?? ''} onChange={(v) => setParams({ from: v || undefined, page: undefined })} />
        <DateField label="To" value={to ?? ''} onChange={(v) => setParams({ to: v || undefined, page: undefined })} />
      </FilterBar>

      <p className="mt-4 text-sm text-muted" role="status" aria-live="polite">
        {data ? `${data.total} ${data.total === 1 ? 'order' : 'orders'}${filtered ? ' matching these filters' : ''}` : 'Loading...'}
      </p>

      <DataTable
        caption="Orders, newest first"
        columns={columns}
        rows={data?.orders}
        rowKey={(o) => o.id}
        error={orders.isError ? orders.error : null}
        errorTitle="The order list did not load"
        refreshing={orders.isPlaceholderData}
        rowTestId="admin-order-row"
        empty={
          <EmptyState icon={Receipt} title={filtered ? 'No order matches' : 'No orders yet'}>
            {filtered ? 'Try another search or clear the filters.' : 'They appear here the moment someone checks out.'}
          </EmptyState>
        }
      />
      {data ? <Pagination page={page} pageSize={data.page_size} total={data.total} onPage={setPage} noun="orders" /> : null}

      <OrderSheet id={open} onClose={() => setParams({ order: undefined }, { push: true })} />
    </section>
  );
}
