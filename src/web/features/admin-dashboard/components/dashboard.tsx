import {
  AlertTriangle,
  ArrowRight,
  Bug,
  CreditCard,
  Eye,
  Percent,
  PiggyBank,
  Printer,
  Receipt,
  Stamp,
  Timer,
  UserPlus,
  Users,
  type LucideIcon,
} from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { DASHBOARD_PERIOD_LABELS, DASHBOARD_PERIODS, FULFILMENT_LATE_HOURS, type Dashboard as DashboardData, type DashboardPeriod } from '@/contract/admin-dashboard';
import { countOf } from '@/contract/format';
import { AdminPageHeader } from '@/web/components/admin/admin-page-header';
import { RevenueByCurrency } from '@/web/components/admin/revenue-by-currency';
import { Button } from '@/web/components/ui/button';
import { Notice } from '@/web/components/ui/notice';
import { Skeleton } from '@/web/components/ui/skeleton';
import { useUrlParams } from '@/web/hooks/use-debounced-search-param';
import { formatMoney } from '@/web/lib/money';
import { cn } from '@/web/lib/utils';
import { useDashboard } from '../api/get-dashboard';
import { NominationsChart, RevenueChart, shortDay } from './charts';

const count = new Intl.NumberFormat('en-US');
const pct = new Intl.NumberFormat('en-US', { style: 'percent', maximumFractionDigits: 1 });
const when = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const ANALYTICS_PERIOD: Record<DashboardPeriod, string> = { today: 'day', '7d': '7d', '30d': '30d' };

/** Every section of the admin area, for the links at the foot. */
const SECTIONS = [
  { to: '/admin/analytics', label: 'Analytics' },
  { to: '/admin/orders', label: 'Orders' },
  { to: '/admin/nominations', label: 'Nominations' },
  { to: '/admin/awards', label: 'Awards' },
  { to: '/admin/categories', label: 'Categories' },
  { to: '/admin/products', label: 'Products' },
  { to: '/admin/landing-pages', label: 'Landing Pages' },
  { to: '/admin/crm', label: 'CRM' },
  { to: '/admin/users', label: 'Users' },
  { to: '/admin/bug-reports', label: 'Bug Reports' },
  { to: '/admin/jobs', label: 'Jobs' },
  { to: '/admin/mail', label: 'Mail' },
  { to: '/admin/audit', label: 'Audit Log' },
  { to: '/admin/settings', label: 'Settings' },
];

function Kpi({ icon: Icon, label, value, note, to }: { icon: LucideIcon; label: string; value: string; note: string; to: string }) {
  return (
    <Link
      to={to}
      className="group flex flex-col rounded-2xl border border-line bg-white p-4 shadow-card hover:border-ink focus-visible:ring-4 focus-visible:ring-brand-200 focus-visible:outline-none"
      data-testid="dashboard-kpi"
    >
      <span className="flex items-center gap-2 text-sm font-semibold text-ink-soft">
        <Icon className="size-4 text-brand-600" aria-hidden="true" />
        {label}
      </span>
      <span className="mt-1 font-display text-3xl font-semibold tabular-nums">{value}</span>
      <span className="mt-1 text-xs text-muted">{note}</span>
    </Link>
  );
}

function Attention({ icon: Icon, title, countOf, empty, more, children }: { icon: LucideIcon; title: string; countOf: number; empty: string; more: { to: string; label: string }; children: ReactNode }) {
  return (
    <section aria-label={title} className="flex flex-col rounded-2xl border border-line bg-white p-4 shadow-card">
      <h3 className="flex items-center gap-2 font-semibold">
        <Icon className={cn('size-4', countOf ? 'text-brand-600' : 'text-muted')} aria-hidden="true" />
        {title}
        <span className={cn('ml-auto rounded-full px-2 text-sm tabular-nums', countOf ? 'bg-brand-600 text-white' : 'bg-paper-dark text-ink-soft')}>{countOf}</span>
      </h3>
      {countOf ? <ul className="mt-3 flex-1 divide-y divide-line text-sm">{children}</ul> : <p className="mt-3 flex-1 text-sm text-muted">{empty}</p>}
      <Link to={more.to} className="mt-3 inline-flex items-center gap-1 self-start text-sm font-semibold text-brand-700 underline-offset-4 hover:underline">
        {more.label} <ArrowRight className="size-3.5" aria-hidden="true" />
      </Link>
    </section>
  );
}

function OrderItems({ items }: { items: DashboardData['attention']['payment_failures']['items'] }) {
  return items.map((o) => (
    <li key={o.id} className="py-2">
      <Link to={`/admin/orders?order=${o.id}`} className="font-semibold text-brand-700 underline-offset-4 hover:underline">
        {o.number}
      </Link>{' '}
      <span className="text-ink-soft">
        {formatMoney(o.total, o.currency)} · {o.email}
      </span>
      <span className="block text-xs text-muted">
        {when.format(new Date(o.since))}
        {o.detail ? ` · ${o.detail}` : ''}
      </span>
    </li>
  ));
}

/**
 * /admin (issue 14, docs/decisions/104): today, 7 or 30 UTC days at a glance, revenue and nominations per day, what
 * needs someone now, and a way into every section. Each number links to where it comes from.
 */
export function Dashboard() {
  const [params, setParams] = useUrlParams();
  const period = (DASHBOARD_PERIODS as readonly string[]).includes(params.get('period') ?? '') ? (params.get('period') as DashboardPeriod) : '7d';
  const dashboard = useDashboard(period);
  const d = dashboard.data;
  const money = (n: number) => (d ? formatMoney(n, d.currency) : '');
  // Sold in another currency than the shop's: the card, the chart and the table count the shop's currency only.
  const otherCurrencies = d ? d.revenue_by_currency.some((r) => r.currency !== d.currency) : false;
  const days = d ? (d.from === d.to ? shortDay(d.from) : `${shortDay(d.from)} – ${shortDay(d.to)}`) : '';
  const range = d ? `from=${d.from}&to=${d.to}` : '';

  return (
    <section>
      <AdminPageHeader
        title="Dashboard"
        lead="How the shop is doing and what needs someone. Days are UTC, as in Analytics."
        actions={
          <div role="group" aria-label="Period" className="inline-flex rounded-full border border-line bg-white p-1">
            {DASHBOARD_PERIODS.map((p) => (
              <button
                key={p}
                type="button"
                aria-pressed={p === period}
                onClick={() => setParams({ period: p === '7d' ? undefined : p })}
                className={cn(
                  'rounded-full px-3.5 py-1.5 text-sm font-semibold focus-visible:ring-4 focus-visible:ring-brand-200 focus-visible:outline-none',
                  p === period ? 'bg-ink text-white' : 'text-ink-soft hover:text-ink',
                )}
              >
                {DASHBOARD_PERIOD_LABELS[p]}
              </button>
            ))}
          </div>
        }
      />

      {dashboard.isError ? (
        <Notice tone="error" title="The dashboard did not load" className="mt-6">
          {dashboard.error.message}{' '}
          <Button variant="link" className="h-auto" onClick={() => void dashboard.refetch()}>
            Try again
          </Button>
        </Notice>
      ) : null}

      {!d ? (
        dashboard.isError ? null : (
          <div className="mt-6 grid grid-cols-2 gap-3 lg:grid-cols-4" aria-busy="true" aria-label="Loading the dashboard">
            {Array.from({ length: 8 }, (_, i) => (
              <Skeleton key={i} className="h-28 rounded-2xl" />
            ))}
          </div>
        )
      ) : (
        <div className={cn('transition-opacity', dashboard.isPlaceholderData && 'opacity-60')} aria-busy={dashboard.isPlaceholderData || undefined}>
          <p className="mt-4 text-sm text-muted" role="status">
            {DASHBOARD_PERIOD_LABELS[d.period]}: {days}
          </p>
          <div className="mt-3 grid grid-cols-2 gap-3 lg:grid-cols-4">
            <Kpi
              icon={PiggyBank}
              label="Revenue"
              value={money(d.kpis.revenue)}
              note={`Paid less refunds, in ${d.currency}${otherCurrencies ? ' only' : ''}`}
              to={`/admin/analytics?period=${ANALYTICS_PERIOD[period]}`}
            />
            <Kpi icon={Receipt} label="Orders" value={count.format(d.kpis.orders)} note={`Paid, not wholly refunded${otherCurrencies ? `, in ${d.currency}` : ''}`} to={`/admin/orders?${range}`} />
            <Kpi icon={Stamp} label="Nominations" value={count.format(d.kpis.nominations)} note="Certificates issued" to={`/admin/nominations?${range}`} />
            <Kpi icon={Users} label="Claims" value={count.format(d.kpis.claims)} note="Accepted by their nominee" to="/admin/nominations?status=claimed" />
            <Kpi icon={UserPlus} label="New users" value={count.format(d.kpis.new_users)} note="Accounts created" to="/admin/users" />
            <Kpi icon={Bug} label="Open bug reports" value={count.format(d.kpis.open_bug_reports)} note="New, triaged or in progress: now" to="/admin/bug-reports" />
            <Kpi icon={Eye} label="Visitors" value={count.format(d.kpis.visitors)} note="Who allowed analytics, per day" to={`/admin/analytics?period=${ANALYTICS_PERIOD[period]}`} />
            <Kpi
              icon={Percent}
              label="Conversion"
              value={d.kpis.conversion === null ? '—' : pct.format(d.kpis.conversion)}
              note={d.kpis.conversion === null ? 'No visitors counted yet' : 'Orders ÷ visitors (Analytics)'}
              to={`/admin/analytics?period=${ANALYTICS_PERIOD[period]}`}
            />
          </div>
          {otherCurrencies ? <RevenueByCurrency rows={d.revenue_by_currency} own={d.currency} className="mt-3" testId="dashboard-revenue-by-currency" /> : null}

          <div className="mt-6 grid gap-4 lg:grid-cols-2">
            <section aria-labelledby="dash-revenue" className="rounded-2xl border border-line bg-white p-4 shadow-card">
              <h2 id="dash-revenue" className="text-lg font-semibold">
                Revenue per day
              </h2>
              <p className="text-xs text-muted">
                {period === 'today' ? 'The last 7 days' : days}
                {otherCurrencies ? `, in ${d.currency} only` : ''}
              </p>
              <RevenueChart daily={d.daily} currency={d.currency} summary={`Revenue per day, ${countOf(d.daily.length, 'day', 'days')}, ${money(d.daily.reduce((a, x) => a + x.revenue, 0))} in all`} />
            </section>
            <section aria-labelledby="dash-nominations" className="rounded-2xl border border-line bg-white p-4 shadow-card">
              <h2 id="dash-nominations" className="text-lg font-semibold">
                Nominations and claims per day
              </h2>
              <p className="text-xs text-muted">{period === 'today' ? 'The last 7 days' : days}</p>
              <NominationsChart
                daily={d.daily}
                summary={`Nominations and claims per day, ${countOf(d.daily.length, 'day', 'days')}: ${countOf(d.daily.reduce((a, x) => a + x.nominations, 0), 'nomination', 'nominations')}, ${d.daily.reduce((a, x) => a + x.claims, 0)} claimed`}
              />
            </section>
          </div>
          <details className="mt-2 text-sm">
            <summary className="cursor-pointer font-semibold text-brand-700">Show the numbers</summary>
            <div className="mt-2 overflow-x-auto rounded-2xl border border-line bg-white">
              <table className="w-full min-w-[28rem] text-left text-sm">
                <caption className="sr-only">Revenue and orders in {d.currency}, nominations and claims per day</caption>
                <thead className="bg-paper-dark/60 text-xs tracking-wide text-ink-soft uppercase">
                  <tr>
                    {['Day', 'Revenue', 'Orders', 'Nominations', 'Claimed'].map((h) => (
                      <th key={h} scope="col" className="px-3 py-2 font-semibold">
                        {h}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody className="divide-y divide-line tabular-nums">
                  {d.daily.map((x) => (
                    <tr key={x.day}>
                      <th scope="row" className="px-3 py-1.5 font-normal">
                        {shortDay(x.day)}
                      </th>
                      <td className="px-3 py-1.5">{money(x.revenue)}</td>
                      <td className="px-3 py-1.5">{x.orders}</td>
                      <td className="px-3 py-1.5">{x.nominations}</td>
                      <td className="px-3 py-1.5">{x.claims}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </details>

          <h2 className="mt-8 text-2xl font-semibold">Needs attention</h2>
          <div className="mt-3 grid gap-4 md:grid-cols-2 xl:grid-cols-3">
            <Attention icon={AlertTriangle} title="Print problems" countOf={d.attention.fulfilment_problems.count} empty="Every paid order reached the printer." more={{ to: '/admin/orders', label: 'Orders' }}>
              <OrderItems items={d.attention.fulfilment_problems.items} />
            </Attention>
            <Attention
              icon={Timer}
              title={`Waiting for the printer over ${FULFILMENT_LATE_HOURS} h`}
              countOf={d.attention.fulfilment_late.count}
              empty="Nothing paid is stuck on its way to print."
              more={{ to: '/admin/jobs', label: 'Jobs' }}
            >
              <OrderItems items={d.attention.fulfilment_late.items} />
            </Attention>
            <Attention icon={CreditCard} title="Card refused (last 7 days)" countOf={d.attention.payment_failures.count} empty="No refused payments this week." more={{ to: '/admin/orders?status=payment_failed', label: 'Refused orders' }}>
              <OrderItems items={d.attention.payment_failures.items} />
            </Attention>
            <Attention
              icon={CreditCard}
              title="Payments found by the reconciliation (last 7 days)"
              countOf={d.attention.payments_reconciled.count}
              empty="Every payment reached the shop on its own."
              more={{ to: '/admin/orders', label: 'Orders' }}
            >
              <OrderItems items={d.attention.payments_reconciled.items} />
            </Attention>
            <Attention icon={Bug} title="New and critical bug reports" countOf={d.attention.bug_reports.count} empty="No new or critical reports." more={{ to: '/admin/bug-reports', label: 'Bug reports' }}>
              {d.attention.bug_reports.items.map((b) => (
                <li key={b.id} className="py-2">
                  <Link to={`/admin/bug-reports?report=${b.id}`} className="font-semibold text-brand-700 underline-offset-4 hover:underline">
                    {b.title}
                  </Link>
                  <span className="block text-xs text-muted">
                    {b.severity} · {b.status.replace('_', ' ')} · {when.format(new Date(b.created_at))}
                  </span>
                </li>
              ))}
            </Attention>
            <Attention
              icon={Printer}
              title="New public certificates"
              countOf={d.attention.nominations.count}
              empty="No new public certificates in this period."
              more={{ to: `/admin/nominations?visibility=public&${range}`, label: 'Look them over' }}
            >
              {d.attention.nominations.items.map((n) => (
                <li key={n.id} className="py-2">
                  <Link to={`/admin/nominations?id=${n.id}`} className="font-semibold text-brand-700 underline-offset-4 hover:underline">
                    {n.nominee_name}
                  </Link>{' '}
                  <span className="text-ink-soft">· {n.award_title}</span>
                  <span className="block text-xs text-muted">{when.format(new Date(n.created_at))}</span>
                </li>
              ))}
            </Attention>
          </div>
          <p className="mt-2 text-xs text-muted">
            Nominations publish at once and nobody reports them: the newest public ones are here to skim, and hiding one is a click in Nominations.
          </p>
        </div>
      )}

      <nav aria-labelledby="dash-sections" className="mt-8">
        <h2 id="dash-sections" className="text-2xl font-semibold">
          Sections
        </h2>
        <ul className="mt-3 grid grid-cols-2 gap-2 sm:grid-cols-3 lg:grid-cols-4">
          {SECTIONS.map((s) => (
            <li key={s.to}>
              <Link to={s.to} className="flex items-center justify-between rounded-xl border border-line bg-white px-4 py-3 text-sm font-semibold hover:border-ink">
                {s.label} <ArrowRight className="size-4 text-muted" aria-hidden="true" />
              </Link>
            </li>
          ))}
        </ul>
        <p className="mt-2 text-xs text-muted">The print-room tools (product sync, template dashboard) are on the home page while you are signed in as an admin.</p>
      </nav>
    </section>
  );
}
