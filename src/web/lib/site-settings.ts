import { DEFAULT_SETTINGS, type PublicSettings } from '@/contract/settings-defaults';

let cached: PublicSettings | null = null;

function isSettings(v: unknown): v is PublicSettings {
  if (typeof v !== 'object' || v === null) return false;
  const s = v as Record<string, unknown>;
  return (
    typeof s.brand_name === 'string' &&
    typeof s.company_name === 'string' &&
    typeof s.support_email === 'string' &&
    typeof s.social === 'object' &&
    s.social !== null
  );
}

/**
 * The server's renderer hands over the settings it writes into the page, so the HTML it renders says the same as
 * the browser will read from #app-settings (every render reads the same public settings; a change applies to the
 * next render).
 */
export function provideSiteSettings(value: PublicSettings) {
  cached = withDefaults(value);
}

const withDefaults = (s: PublicSettings): PublicSettings => ({
  ...DEFAULT_SETTINGS,
  ...s,
  social: { ...DEFAULT_SETTINGS.social, ...s.social },
  features: { ...DEFAULT_SETTINGS.features, ...s.features },
  delivery: { ...DEFAULT_SETTINGS.delivery, ...s.delivery },
  currencies: s.currencies?.length ? s.currencies : DEFAULT_SETTINGS.currencies,
  home_stats: Array.isArray(s.home_stats) && s.home_stats.length ? s.home_stats : DEFAULT_SETTINGS.home_stats,
});

/**
 * Brand name, parent company, contact and social links. The server writes them into the
 * page it serves (#app-settings), so no request is needed to render the header and footer.
 */
export function getSiteSettings(): PublicSettings {
  if (cached) return cached;
  let value: PublicSettings = DEFAULT_SETTINGS;
  const el = typeof document !== 'undefined' ? document.getElementById('app-settings') : null;
  if (el?.textContent) {
    try {
      const parsed: unknown = JSON.parse(el.textContent);
      if (isSettings(parsed)) value = withDefaults(parsed);
    } catch {
      // A broken bootstrap block falls back to the defaults.
    }
  }
  cached = value;
  return value;
}

/** The delivery promise in business days, as the shop settings say it ("7–14"). */
export function deliveryDays(kind: 'standard' | 'express' = 'standard'): string {
  const d = getSiteSettings().delivery[kind];
  return d.min_days === d.max_days ? String(d.max_days) : `${d.min_days}–${d.max_days}`;
}
