import { paths } from './paths';

/**
 * The route table of spec §2 with each page's metadata: the one list the web
 * router, the server's HTML meta injection and the sitemap all read.
 */

export interface PageDef {
  /** Route pattern with :params, as React Router writes it. */
  path: string;
  /** Page name; the document title is `{title} | {brand}` (the home page uses the tagline). */
  title: string;
  description: string;
  keywords?: string[];
  /** false → robots noindex,nofollow and left out of the sitemap. */
  indexable: boolean;
  /**
   * The route still shows the "Under construction" page (docs/decisions/038): it is noindex and left
   * out of the sitemap whatever `indexable` says, until it is built. The change that builds the page
   * removes the flag (e2e/shell.spec.ts checks the two stay in step).
   */
  underConstruction?: true;
  /**
   * The part of the site the page belongs to that an admin can switch off (settings → Features): while it is off
   * the page says so, is noindex and is left out of the sitemap (docs/decisions/104).
   */
  feature?: 'quiz' | 'community';
  /** Sitemap priority for indexable pages. */
  priority?: number;
  changefreq?: 'daily' | 'weekly' | 'monthly' | 'yearly';
}

const BASE_KEYWORDS = ['funny awards', 'novelty certificates', 'gag gifts', 'personalised certificates'];

function page(def: PageDef): PageDef {
  return {
    ...def,
    indexable: def.indexable && !def.underConstruction,
    keywords: [...(def.keywords ?? []), ...BASE_KEYWORDS],
  };
}

export const pages = {
  home: page({
    path: paths.home,
    title: 'Official Awards for Unofficial Achievements',
    description:
      'Nominate friends for gloriously trivial feats, customise a satirical certificate, share it in seconds and get it printed and shipped worldwide.',
    keywords: ['nominate a friend', 'award certificate'],
    indexable: true,
    priority: 1,
    changefreq: 'weekly',
  }),
  auth: page({
    path: paths.auth,
    title: 'Sign In',
    description: 'Sign in or create an account to keep your nominations, certificates and orders in one place.',
    indexable: false,
  }),
  authResetPassword: page({
    path: paths.authResetPassword,
    title: 'Choose a New Password',
    description: 'Choose a new password for your account.',
    indexable: false,
  }),
  account: page({
    path: paths.account,
    title: 'Your Account',
    description: 'Your profile, nominations, orders and privacy choices.',
    indexable: false,
  }),
  nominate: page({
    path: paths.nominate,
    title: 'Nominate Someone',
    description:
      'Pick an award, name the culprit, add a citation and watch the certificate appear. Free to make, free to share.',
    keywords: ['nominate', 'certificate maker'],
    indexable: true,
    priority: 0.9,
    changefreq: 'weekly',
  }),
  nominateSuccess: page({
    path: paths.nominateSuccess,
    title: 'Nomination Filed',
    description: 'Your nomination has been filed. Share the certificate or get it printed.',
    indexable: false,
  }),
  gallery: page({
    path: paths.gallery,
    title: 'Award Gallery',
    description:
      'Browse every award we are prepared to issue, from Distinguished Reply-All Service to Lifetime Snooze Achievement. Search, pick one, nominate.',
    keywords: ['award gallery', 'funny award ideas'],
    indexable: true,
    priority: 0.9,
    changefreq: 'weekly',
  }),
  community: page({
    path: paths.community,
    feature: 'community',
    title: 'Community Wall',
    description: 'The latest public certificates, awarded by people who know exactly what their friends did.',
    indexable: true,
    priority: 0.7,
    changefreq: 'daily',
  }),
  certificate: page({
    path: paths.certificate,
    title: 'Certificate',
    description:
      'An official certificate for a gloriously unofficial achievement. Check it is genuine, react, or nominate someone of your own.',
    keywords: ['verify certificate', 'award certificate'],
    indexable: true,
    priority: 0.5,
    changefreq: 'monthly',
  }),
  claim: page({
    path: paths.claim,
    title: 'Claim Your Award',
    description: 'Someone has recognised your achievements. Accept the honour, download it or decline it.',
    indexable: false,
  }),
  quizLanding: page({
    path: paths.quizLanding,
    feature: 'quiz',
    title: 'Which Award Do You Deserve?',
    description:
      'Ten honest questions about mornings, meetings and the chair in your bedroom, and the Committee names the award you have secretly been earning. Free, two minutes, certificate included.',
    keywords: ['personality quiz', 'funny quiz', 'which award are you', 'award quiz'],
    indexable: true,
    priority: 0.7,
    changefreq: 'monthly',
  }),
  quiz: page({
    path: paths.quiz,
    feature: 'quiz',
    title: 'The Quiz',
    description: 'A short, scientifically dubious quiz that matches you with the award you deserve. One question at a time, no sign-up.',
    keywords: ['personality quiz', 'funny quiz'],
    indexable: true,
    priority: 0.6,
    changefreq: 'monthly',
  }),
  quizResult: page({
    path: paths.quizResult,
    title: 'Your Quiz Result',
    description: 'The Committee has reviewed the answers and reached a verdict.',
    // A person's own result, found through its link only (docs/decisions/098).
    indexable: false,
  }),
  quizGallery: page({
    path: paths.quizGallery,
    feature: 'quiz',
    title: 'Quiz Hall of Fame',
    description: 'Verdicts of the award quiz that their recipients chose to make public, newest first. Filter by award, then take the quiz yourself.',
    keywords: ['quiz results', 'award quiz'],
    indexable: true,
    priority: 0.5,
    changefreq: 'daily',
  }),
  store: page({
    path: paths.store,
    title: 'Store',
    description:
      'Printed certificates and frames worth hanging. Shipped worldwide in 7–14 business days, express available.',
    keywords: ['printed certificate', 'framed certificate', 'gift'],
    indexable: true,
    priority: 0.9,
    changefreq: 'weekly',
  }),
  cart: page({
    path: paths.cart,
    title: 'Your Cart',
    description: 'Review your printed certificates before checkout.',
    indexable: false,
  }),
  orderSuccess: page({
    path: paths.orderSuccess,
    title: 'Order Confirmed',
    description: 'Thank you. Your order is on its way to the print room.',
    indexable: false,
  }),
  order: page({
    path: paths.order,
    title: 'Order Status',
    description: 'Where your certificate is right now.',
    indexable: false,
  }),
  checkout: page({
    path: paths.checkout,
    title: 'Checkout',
    description: 'Where to send your certificates, and how to pay for them.',
    indexable: false,
  }),
  testPayment: page({
    path: paths.testPayment,
    title: 'Test Payment',
    description: 'The built-in test card processor: no real money moves here.',
    indexable: false,
  }),
  funnelCheckout: page({
    path: paths.funnelCheckout,
    title: 'Your Certificate, Printed',
    description: 'One official-looking certificate with their name on it, printed and shipped worldwide. Total price with shipping before you pay.',
    indexable: false,
  }),
  funnelThankYou: page({
    path: paths.funnelThankYou,
    title: 'Thank You',
    description: 'Your order is confirmed.',
    indexable: false,
  }),
  funnelTimer: page({
    path: paths.funnelTimer,
    title: 'Payment Received',
    description: 'Your order is confirmed and waits a few minutes before it goes to print.',
    indexable: false,
  }),
  funnelOto1: page({
    path: paths.funnelOto1,
    title: 'A One-Time Offer',
    description: 'A one-time addition to your order.',
    indexable: false,
  }),
  funnelOto1Downsell: page({
    path: paths.funnelOto1Downsell,
    title: 'A Smaller Offer',
    description: 'A smaller one-time addition to your order.',
    indexable: false,
  }),
  dynamicTemplates: page({
    path: paths.dynamicTemplates,
    title: 'Certificate Designs',
    description: 'See every certificate design applied to your own words, then use the one you like.',
    keywords: ['certificate templates', 'certificate designs'],
    indexable: true,
    priority: 0.6,
    changefreq: 'monthly',
  }),
  privacyPolicy: page({
    path: paths.privacyPolicy,
    title: 'Privacy Policy',
    description: 'What we collect, why, who we share it with, how long we keep it and the rights you have.',
    indexable: true,
    priority: 0.3,
    changefreq: 'yearly',
  }),
  termsOfService: page({
    path: paths.termsOfService,
    title: 'Terms of Service',
    description: 'The rules for using the site, nominating people and sharing certificates.',
    indexable: true,
    priority: 0.3,
    changefreq: 'yearly',
  }),
  cookiePolicy: page({
    path: paths.cookiePolicy,
    title: 'Cookie Policy',
    description: 'The cookies and local storage we use, and how to change your choices.',
    indexable: true,
    priority: 0.3,
    changefreq: 'yearly',
  }),
  dmcaPolicy: page({
    path: paths.dmcaPolicy,
    title: 'DMCA Policy',
    description: 'How to report content you believe infringes your copyright, and how to respond to a notice.',
    indexable: true,
    priority: 0.2,
    changefreq: 'yearly',
  }),
  refundPolicy: page({
    path: paths.refundPolicy,
    title: 'Refund Policy',
    description: 'Certificates are free to make, share and download, so there is nothing to refund. The store is not open yet.',
    indexable: true,
    priority: 0.3,
    changefreq: 'yearly',
  }),
  accessibility: page({
    path: paths.accessibility,
    title: 'Accessibility Statement',
    description: 'How we make the site usable for everyone, what is not perfect yet and how to tell us.',
    indexable: true,
    priority: 0.3,
    changefreq: 'yearly',
  }),
  landingPage: page({
    path: paths.landingPage,
    // Each page's own title, description and picture come from the page itself (its head resolver, docs/decisions/102).
    title: 'Campaign',
    description: 'Official recognition for gloriously unofficial achievements. Nominate someone, or get it printed.',
    indexable: true,
    priority: 0.6,
    changefreq: 'weekly',
  }),
  admin: page({
    path: paths.admin,
    title: 'Admin',
    description: 'Certifiable administration.',
    indexable: false,
  }),
} as const satisfies Record<string, PageDef>;

export type PageKey = keyof typeof pages;

/** The page shown for any path that matches no route (spec §2). */
export const notFoundPage: PageDef = {
  path: '*',
  title: 'Page Not Found',
  description: "The page you're looking for doesn't exist.",
  indexable: false,
};

function toRegExp(pattern: string): RegExp {
  if (pattern === '/admin/*') return /^\/admin(?:\/.*)?$/;
  const body = pattern
    .split('/')
    .map((seg) => (seg.startsWith(':') ? '[^/]+' : seg.replace(/[.*+?^${}()|[\]\\-]/g, '\\$&')))
    .join('/');
  return new RegExp(`^${body}/?$`);
}

const compiled = Object.values(pages).map((p) => ({ page: p as PageDef, re: toRegExp(p.path) }));

/** The page a pathname belongs to, or null when it matches no route (a 404). */
export function matchPage(pathname: string): PageDef | null {
  const clean = pathname === '/' ? '/' : pathname.replace(/\/+$/, '');
  for (const { page: p, re } of compiled) {
    if (p.path === '/' ? clean === '/' : re.test(clean)) return p;
  }
  return null;
}

export { hrefs } from './paths';
