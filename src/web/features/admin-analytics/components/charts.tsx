import { Area, AreaChart, Bar, BarChart, CartesianGrid, LabelList, Tooltip, XAxis, YAxis, type LabelProps } from 'recharts';
import type { AnalyticsReport } from '@/contract/analytics';
import { formatMoney } from '@/web/lib/money';
import { shortDay } from '../lib/date-range';
import { CHART_COLORS, formatCount } from '../lib/format';

/*
 * The dashboard's recharts drawings. Each sits in a role="img" box labelled with a one-line summary, and the
 * numbers are in a table next to it (or under "Show the numbers"): the tables are the accessible version, so the
 * charts turn recharts' own keyboard layer off rather than add a second, lesser one.
 */

const axisTick = { fill: CHART_COLORS.muted, fontSize: 12 };
const tooltipStyle = { borderRadius: 12, border: `1px solid ${CHART_COLORS.line}`, fontSize: 13 };

export function TrafficChart({ daily, summary }: { daily: AnalyticsReport['daily']; summary: string }) {
  const single = daily.length <= 1;
  return (
    <div role="img" aria-label={summary} data-testid="traffic-chart">
      <AreaChart responsive accessibilityLayer={false} data={daily} margin={{ top: 8, right: 8, bottom: 0, left: 0 }} style={{ width: '100%', height: 260 }}>
        <defs>
          <linearGradient id="analytics-visitors-fill" x1="0" y1="0" x2="0" y2="1">
            <stop offset="0%" stopColor={CHART_COLORS.brand} stopOpacity={0.25} />
            <stop offset="100%" stopColor={CHART_COLORS.brand} stopOpacity={0.02} />
          </linearGradient>
        </defs>
        <CartesianGrid vertical={false} stroke={CHART_COLORS.line} />
        <XAxis dataKey="day" tickFormatter={shortDay} tick={axisTick} tickLine={false} axisLine={{ stroke: CHART_COLORS.line }} minTickGap={24} />
        <YAxis allowDecimals={false} tickFormatter={formatCount} tick={axisTick} tickLine={false} axisLine={false} width="auto" />
        <Tooltip
          labelFormatter={(day) => shortDay(String(day))}
          formatter={(value, name) => [formatCount(Number(value)), name]}
          contentStyle={tooltipStyle}
        />
        <Area
          type="monotone"
          dataKey="page_views"
          name="Page views"
          stroke={CHART_COLORS.gold}
          strokeWidth={2}
          fill="none"
          dot={single}
          isAnimationActive={false}
        />
        <Area
          type="monotone"
          dataKey="visitors"
          name="Visitors"
          stroke={CHART_COLORS.brand}
          strokeWidth={2.5}
          fill="url(#analytics-visitors-fill)"
          dot={single}
          isAnimationActive={false}
        />
      </AreaChart>
    </div>
  );
}

export function RevenueChart({ revenue, currency, summary }: { revenue: AnalyticsReport['revenue']; currency: string; summary: string }) {
  return (
    <div role="img" aria-label={summary} data-testid="revenue-chart">
      <BarChart responsive accessibilityLayer={false} data={revenue} margin={{ top: 8, right: 8, bottom: 0, left: 0 }} style={{ width: '100%', height: 220 }}>
        <CartesianGrid vertical={false} stroke={CHART_COLORS.line} />
        <XAxis dataKey="day" tickFormatter={shortDay} tick={axisTick} tickLine={false} axisLine={{ stroke: CHART_COLORS.line }} minTickGap={24} />
        <YAxis tickFormatter={(v: number) => formatMoney(v, currency)} tick={axisTick} tickLine={false} axisLine={false} width="auto" />
        <Tooltip
          labelFormatter={(day) => shortDay(String(day))}
          formatter={(value) => [formatMoney(Number(value), currency), 'Revenue']}
          contentStyle={tooltipStyle}
          cursor={{ fill: CHART_COLORS.line, opacity: 0.4 }}
        />
        <Bar dataKey="amount" name="Revenue" fill={CHART_COLORS.brand} radius={[4, 4, 0, 0]} maxBarSize={40} isAnimationActive={false} />
      </BarChart>
    </div>
  );
}

/** Horizontal bars of the top rows of a breakdown (visitors), each named inside its bar as Plausible does. */
export function BreakdownBars({ rows, summary }: { rows: { label: string; visitors: number }[]; summary: string }) {
  const height = rows.length * 34;
  return (
    <div role="img" aria-label={summary} data-testid="breakdown-chart">
      <BarChart
        responsive
        accessibilityLayer={false}
        layout="vertical"
        data={rows}
        margin={{ top: 0, right: 0, bottom: 0, left: 0 }}
        style={{ width: '100%', height }}
      >
        <XAxis type="number" hide allowDecimals={false} domain={[0, 'dataMax']} />
        <YAxis type="category" dataKey="label" hide />
        <Bar dataKey="visitors" fill={CHART_COLORS.brandSoft} radius={6} barSize={26} isAnimationActive={false} minPointSize={6}>
          <LabelList dataKey="label" content={BarName} />
        </Bar>
      </BarChart>
    </div>
  );
}

const shorten = (s: string) => (s.length > 42 ? `${s.slice(0, 41)}…` : s);

/** The row's name on one line at the start of its bar (recharts' own label wraps to the bar's width). */
function BarName(props: LabelProps) {
  const x = Number(props.x ?? 0);
  const y = Number(props.y ?? 0);
  const height = Number(props.height ?? 0);
  return (
    <text x={x + 10} y={y + height / 2} dominantBaseline="central" fill={CHART_COLORS.ink} fontSize={13}>
      {shorten(String(props.value ?? ''))}
    </text>
  );
}
