/**
 * The paths of the route table of spec §2 (pages.ts holds each page's metadata) and the links built from them.
 * Apart from pages.ts so the web app's first page carries the paths without every page's title and description.
 */
export const paths = {
  home: '/',
  auth: '/auth',
  authResetPassword: '/auth/reset-password',
  account: '/account',
  nominate: '/nominate',
  nominateSuccess: '/nominate/success',
  gallery: '/gallery',
  community: '/community',
  certificate: '/certificate/:shareId',
  claim: '/claim/:token',
  quizLanding: '/quiz-landing',
  quiz: '/quiz',
  quizResult: '/quiz/results/:resultId',
  quizGallery: '/quiz/gallery',
  store: '/store',
  cart: '/cart',
  orderSuccess: '/order/success',
  order: '/order/:orderId',
  checkout: '/checkout',
  testPayment: '/pay/test/:sessionId',
  funnelCheckout: '/funnel/checkout',
  funnelThankYou: '/funnel/thank-you',
  funnelTimer: '/funnel/timer',
  funnelOto1: '/funnel/oto1',
  funnelOto1Downsell: '/funnel/oto1-downsell',
  dynamicTemplates: '/dynamic-templates',
  privacyPolicy: '/privacy-policy',
  termsOfService: '/terms-of-service',
  cookiePolicy: '/cookie-policy',
  dmcaPolicy: '/dmca-policy',
  refundPolicy: '/refund-policy',
  accessibility: '/accessibility',
  /** A published landing page (docs/decisions/102). */
  landingPage: '/l/:slug',
  admin: '/admin/*',
} as const;

/** `/nominate?award={id}` and other links built from the table, never glued by hand. */
export const hrefs = {
  nominateAward: (awardId: string) => `/nominate?award=${encodeURIComponent(awardId)}`,
  gallerySearch: (search: string) => `/gallery?search=${encodeURIComponent(search)}`,
  nominateTemplate: (slug: string) => `/nominate?template=${encodeURIComponent(slug)}`,
  claim: (token: string) => `/claim/${encodeURIComponent(token)}`,
  /** The public certificate page (also where its QR code points). */
  certificate: (shareId: string) => `/certificate/${encodeURIComponent(shareId)}`,
  /** The store with this certificate selected for printing. */
  storeCertificate: (shareId: string) => `/store?certificate=${encodeURIComponent(shareId)}`,
  /** The store with this gallery award selected for printing. */
  storeAward: (awardId: string) => `/store?award=${encodeURIComponent(awardId)}`,
  /** An order page; with `token` (from the confirmation mail or the success page) it opens without signing in. */
  order: (orderId: string, token?: string) =>
    `/order/${encodeURIComponent(orderId)}${token ? `?token=${encodeURIComponent(token)}` : ''}`,
  orderSuccess: (orderId: string, token: string) =>
    `/order/success?order=${encodeURIComponent(orderId)}&token=${encodeURIComponent(token)}`,
  testPayment: (sessionId: string) => `/pay/test/${encodeURIComponent(sessionId)}`,
  /** Where the funnel's payment returns to: the timer screen of this order (docs/decisions/099). */
  funnelTimer: (orderId: string, token: string) => `/funnel/timer?order=${encodeURIComponent(orderId)}&token=${encodeURIComponent(token)}`,
  /** The funnel's checkout, after a payment page was left without paying. */
  funnelCheckoutCancelled: (orderId: string) => `/funnel/checkout?cancelled=${encodeURIComponent(orderId)}`,
  quizResult: (resultId: string) => `/quiz/results/${encodeURIComponent(resultId)}`,
  /** A landing page's public address (docs/decisions/102). */
  landingPage: (slug: string) => `/l/${encodeURIComponent(slug)}`,
  /** The sign-in page, returning to `redirect` afterwards. */
  signIn: (redirect?: string) => (redirect && redirect !== '/' ? `/auth?redirect=${encodeURIComponent(redirect)}` : '/auth'),
};
