// Kept free of zod so the first page can read it without loading the validation library.

/** One figure of the home page's stats block: openly invented (spec §1, docs/decisions/007). */
export interface HomeStat {
  value: string;
  label: string;
}

/**
 * Parts of the site an admin can switch off (docs/decisions/104). The sales funnel has its own switch in the
 * funnel settings (`funnel.enabled`).
 */
export interface FeatureToggles {
  /** Taking the quiz: /quiz-landing, /quiz and the Hall of Fame; results already made stay at their links. */
  quiz: boolean;
  /** The community wall (/community); certificate pages stay. */
  community: boolean;
  /** The Report Bug button, its hotkey and POST /api/bug-reports. */
  bug_reports: boolean;
}

/** A delivery promise in business days, from the shop's shipping settings. */
export interface DeliveryPromise {
  min_days: number;
  max_days: number;
}

export interface PublicSettings {
  brand_name: string;
  company_name: string;
  support_email: string;
  /** '' hides that link. */
  social: { tiktok: string; x: string; instagram: string };
  home_stats: HomeStat[];
  features: FeatureToggles;
  /** Read from the shop settings, so the marketing copy promises what the checkout says. */
  delivery: { standard: DeliveryPromise; express: DeliveryPromise };
  /** The currencies the shop sells in, its own first (docs/decisions/134): the currency switcher offers these. */
  currencies: string[];
  /**
   * The site's public origin (PUBLIC_URL), for every address that leaves the site: share links, canonical links,
   * link previews (docs/decisions/121). Not an admin setting: the server adds it to the settings it writes into
   * the page (#app-settings); absent elsewhere.
   */
  public_url?: string;
}

// Spec §1: these numbers are invented, and the page says so.
export const DEFAULT_HOME_STATS: HomeStat[] = [
  { value: '2.5M+', label: 'people certified' },
  { value: '8.9M+', label: 'certificates shared' },
  { value: '98.7%', label: 'would roast again' },
  { value: '147', label: 'countries reached' },
  { value: '1,247', label: 'roasts a day, live-ish' },
  { value: '4.9/5', label: 'average rating' },
];

export const DEFAULT_FEATURES: FeatureToggles = { quiz: true, community: true, bug_reports: true };

export const DEFAULT_SETTINGS: PublicSettings = {
  brand_name: 'Certifiable',
  company_name: 'Dubious Enterprises Ltd.',
  support_email: 'hello@certifiable.example',
  social: {
    tiktok: 'https://www.tiktok.com/@certifiable',
    x: 'https://x.com/certifiable',
    instagram: 'https://www.instagram.com/certifiable',
  },
  home_stats: DEFAULT_HOME_STATS,
  features: DEFAULT_FEATURES,
  delivery: { standard: { min_days: 7, max_days: 14 }, express: { min_days: 3, max_days: 5 } },
  currencies: ['USD'],
};
