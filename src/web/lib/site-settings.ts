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
      if (isSettings(parsed)) value = { ...DEFAULT_SETTINGS, ...parsed, social: { ...DEFAULT_SETTINGS.social, ...parsed.social } };
    } catch {
      // A broken bootstrap block falls back to the defaults.
    }
  }
  cached = value;
  return value;
}
