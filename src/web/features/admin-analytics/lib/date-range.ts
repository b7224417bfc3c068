import { analyticsRangeQuerySchema, type AnalyticsRangeQuery } from '@/contract/analytics';

/** The ranges of the picker, as Plausible offers them; each ends today (UTC, the days the report counts in). */
export const RANGE_PRESETS = [
  { period: 'day', label: 'Today', days: 1 },
  { period: '7d', label: '7 days', days: 7 },
  { period: '30d', label: '30 days', days: 30 },
  { period: '90d', label: '90 days', days: 90 },
  { period: '12mo', label: '12 months', days: 365 },
] as const;
export type RangePeriod = (typeof RANGE_PRESETS)[number]['period'] | 'custom';
export const DEFAULT_PERIOD = '30d' satisfies RangePeriod;

export interface DateRange extends AnalyticsRangeQuery {
  period: RangePeriod;
}

/** Today as the report counts days: the UTC calendar date. */
export const utcToday = (now = new Date()) => now.toISOString().slice(0, 10);

/** `day` (YYYY-MM-DD) moved by `n` calendar days. */
export function addDays(day: string, n: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}

export function presetRange(period: Exclude<RangePeriod, 'custom'>, now = new Date()): DateRange {
  const preset = RANGE_PRESETS.find((p) => p.period === period) ?? RANGE_PRESETS[2];
  const to = utcToday(now);
  return { period: preset.period, from: addDays(to, 1 - preset.days), to };
}

/**
 * The range in the URL: ?period=7d, or ?period=custom&from=…&to=… (checked as the server checks it). Anything else
 * is the default, with `problem` saying why a custom range was not used.
 */
export function rangeFromParams(params: URLSearchParams, now = new Date()): { range: DateRange; problem?: string } {
  const period = params.get('period');
  if (period === 'custom') {
    const parsed = analyticsRangeQuerySchema.safeParse({ from: params.get('from') ?? '', to: params.get('to') ?? '' });
    if (parsed.success) return { range: { period: 'custom', ...parsed.data } };
    const message = parsed.error.issues[0]?.message ?? 'the dates are not valid';
    return { range: presetRange(DEFAULT_PERIOD, now), problem: `That date range cannot be shown (${message}), so here are the last 30 days.` };
  }
  const preset = RANGE_PRESETS.find((p) => p.period === period);
  return { range: presetRange(preset ? preset.period : DEFAULT_PERIOD, now) };
}

const dayFormat = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' });
const dayYearFormat = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });

/** "23 Nov" — a day on a chart's axis. */
export const shortDay = (day: string) => dayFormat.format(new Date(`${day}T00:00:00Z`));
/** "23 Nov 2026". */
export const longDay = (day: string) => dayYearFormat.format(new Date(`${day}T00:00:00Z`));

/** "1 Nov 2026 – 30 Nov 2026", or one day. */
export const rangeLabel = ({ from, to }: AnalyticsRangeQuery) => (from === to ? longDay(from) : `${longDay(from)} – ${longDay(to)}`);
