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
  /** localStorage: the currency the shopper chose in the switcher (decision 134); without it, their country's. */
  currency: 'currency',
  /** localStorage: the quiz being taken (answers so far and the question on screen), so a reload or a return keeps them (decision 098). */
  quizProgress: 'quiz-progress',
  /** localStorage: the manage tokens of quiz results made in this browser, so it can take them out of the Hall of Fame (decision 098). */
  quizResults: 'quiz-results',
} as const;
