/** Every browser-storage key the app uses (spec §9), in one place. */
export const STORAGE_KEYS = {
  cookieConsent: 'cookie-consent',
  cookiePreferences: 'cookie-preferences',
  funnel: (product: string) => `${product}_funnel`,
  /** sessionStorage: the nomination just filed (with its once-only claim link), so a reload of /nominate/success keeps it. */
  nominationResult: 'nomination-result',
  /** localStorage: the cart (its lines, what each prints, and whose account it belongs to), docs/decisions/071. */
  cart: 'cart',
  /** localStorage, only while Analytics is allowed: the anonymous analytics id {id, day}, a new one each day (decision 097). */
  analyticsId: 'analytics-id',
} as const;
