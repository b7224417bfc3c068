import { Bar, BarChart, CartesianGrid, Legend, Tooltip, XAxis, YAxis } from 'recharts';
import type { Dashboard } from '@/contract/admin-dashboard';
import { formatMoney } from '@/web/lib/money';

/*
 * The dashboard's two charts (recharts, as on /admin/analytics). Each is a role="img" box labelled with a one-line
 * summary; the numbers are in the table under "Show the numbers", which is the accessible version.
 */

export const COLORS = { brand: '#c8102e', gold: '#e0a526', ink: '#1f1a17', muted: '#6b5f57', line: '#e8dccb' };
const axisTick = { fill: COLORS.muted, fontSize: 12 };
const tooltipStyle = { borderRadius: 12, border: `1px solid ${COLORS.line}`, fontSize: 13 };
const dayFormat = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' });
export const shortDay = (day: string) => dayFormat.format(new Date(`${day}T00:00:00Z`));

export function RevenueChart({ daily, currency, summary }: { daily: Dashboard['daily']; currency: string; summary: string }) {
  return (
    <div role="img" aria-label={summary} data-testid="dashboard-revenue-chart">
      <BarChart responsive accessibilityLayer={false} data={daily} margin={{ top: 8, right: 8, bottom: 0, left: 0 }} style={{ width: '100%', height: 220 }}>
        <CartesianGrid vertical={false} stroke={COLORS.line} />
        <XAxis dataKey="day" tickFormatter={shortDay} tick={axisTick} tickLine={false} axisLine={{ stroke: COLORS.line }} minTickGap={24} />
        <YAxis tickFormatter={(v: number) => formatMoney(v, currency)} tick={axisTick} tickLine={false} axisLine={false} width="auto" />
        <Tooltip labelFormatter={(day) => shortDay(String(day))} formatter={(value) => [formatMoney(Number(value), currency), 'Revenue']} contentStyle={tooltipStyle} cursor={{ fill: COLORS.line, opacity: 0.4 }} />
        <Bar dataKey="revenue" name="Revenue" fill={COLORS.brand} radius={[4, 4, 0, 0]} maxBarSize={40} isAnimationActive={false} />
      </BarChart>
    </div>
  );
}

export function NominationsChart({ daily, summary }: { daily: Dashboard['daily']; summary: string }) {
  return (
    <div role="img" aria-label={summary} data-testid="dashboard-nominations-chart">
      <BarChart responsive accessibilityLayer={false} data={daily} margin={{ top: 8, right: 8, bottom: 0, left: 0 }} style={{ width: '100%', height: 220 }}>
        <CartesianGrid vertical={false} stroke={COLORS.line} />
        <XAxis dataKey="day" tickFormatter={shortDay} tick={axisTick} tickLine={false} axisLine={{ stroke: COLORS.line }} minTickGap={24} />
        <YAxis allowDecimals={false} tick={axisTick} tickLine={false} axisLine={false} width="auto" />
        <Tooltip labelFormatter={(day) => shortDay(String(day))} contentStyle={tooltipStyle} cursor={{ fill: COLORS.line, opacity: 0.4 }} />
        <Legend iconType="circle" wrapperStyle={{ fontSize: 13 }} />
        <Bar dataKey="nominations" name="Nominations" fill={COLORS.ink} radius={[4, 4, 0, 0]} maxBarSize={28} isAnimationActive={false} />
        <Bar dataKey="claims" name="Claimed" fill={COLORS.gold} radius={[4, 4, 0, 0]} maxBarSize={28} isAnimationActive={false} />
      </BarChart>
    </div>
  );
}
