import { Route, Routes } from 'react-router';
import { paths } from '@/contract/paths';
import { lazyPage, registerPages, type LazyPage } from '../lib/lazy-page';
import { RequireAuth } from './require-auth';
import { RootLayout } from './root-layout';

// Every page is its own chunk, fetched when first visited (spec §2: pages load lazily with a
// spinner). Declarative routes keep ~16 KB of data-router code off the first page. lazyPage rather than
// React.lazy: main.tsx loads a server-rendered page before hydrating it (lib/lazy-page.tsx).
const Home = lazyPage(() => import('./routes/home'));
const Auth = lazyPage(() => import('./routes/auth'));
const AuthResetPassword = lazyPage(() => import('./routes/auth-reset-password'));
const Account = lazyPage(() => import('./routes/account'));
const Nominate = lazyPage(() => import('./routes/nominate'));
const NominateSuccess = lazyPage(() => import('./routes/nominate-success'));
const Gallery = lazyPage(() => import('./routes/gallery'));
const Community = lazyPage(() => import('./routes/community'));
const Claim = lazyPage(() => import('./routes/claim'));
const Certificate = lazyPage(() => import('./routes/certificate'));
const QuizLanding = lazyPage(() => import('./routes/quiz-landing'));
const Quiz = lazyPage(() => import('./routes/quiz'));
const QuizResult = lazyPage(() => import('./routes/quiz-result'));
const QuizGallery = lazyPage(() => import('./routes/quiz-gallery'));
const Store = lazyPage(() => import('./routes/store'));
const Cart = lazyPage(() => import('./routes/cart'));
const OrderSuccess = lazyPage(() => import('./routes/order-success'));
const Order = lazyPage(() => import('./routes/order'));
const Checkout = lazyPage(() => import('./routes/checkout'));
const TestPayment = lazyPage(() => import('./routes/test-payment'));
const FunnelCheckout = lazyPage(() => import('./routes/funnel-checkout'));
const FunnelThankYou = lazyPage(() => import('./routes/funnel-thank-you'));
const FunnelTimer = lazyPage(() => import('./routes/funnel-timer'));
const FunnelOto1 = lazyPage(() => import('./routes/funnel-oto1'));
const FunnelOto1Downsell = lazyPage(() => import('./routes/funnel-oto1-downsell'));
const DynamicTemplates = lazyPage(() => import('./routes/dynamic-templates'));
const PrivacyPolicy = lazyPage(() => import('./routes/legal/privacy-policy'));
const TermsOfService = lazyPage(() => import('./routes/legal/terms-of-service'));
const CookiePolicy = lazyPage(() => import('./routes/legal/cookie-policy'));
const DmcaPolicy = lazyPage(() => import('./routes/legal/dmca-policy'));
const RefundPolicy = lazyPage(() => import('./routes/legal/refund-policy'));
const Accessibility = lazyPage(() => import('./routes/legal/accessibility'));
const LandingPage = lazyPage(() => import('./routes/landing-page'));
const AdminLayout = lazyPage(() => import('./routes/admin/admin-layout'));
const AdminDashboard = lazyPage(() => import('./routes/admin/dashboard'));
const AdminAnalytics = lazyPage(() => import('./routes/admin/analytics'));
const AdminCrm = lazyPage(() => import('./routes/admin/crm'));
const AdminCrmContact = lazyPage(() => import('./routes/admin/crm-contact'));
const AdminUsers = lazyPage(() => import('./routes/admin/users'));
const AdminNominations = lazyPage(() => import('./routes/admin/nominations'));
const AdminOrders = lazyPage(() => import('./routes/admin/orders'));
const AdminProducts = lazyPage(() => import('./routes/admin/products'));
const AdminJobs = lazyPage(() => import('./routes/admin/jobs'));
const AdminMail = lazyPage(() => import('./routes/admin/mail'));
const AdminBugReports = lazyPage(() => import('./routes/admin/bug-reports'));
const AdminLandingPages = lazyPage(() => import('./routes/admin/landing-pages'));
const AdminLandingPageEdit = lazyPage(() => import('./routes/admin/landing-page-edit'));
const AdminAwards = lazyPage(() => import('./routes/admin/awards'));
const AdminCategories = lazyPage(() => import('./routes/admin/categories'));
const AdminSettings = lazyPage(() => import('./routes/admin/settings'));
const AdminAudit = lazyPage(() => import('./routes/admin/audit'));
const NotFound = lazyPage(() => import('./routes/not-found'));

/** The pages outside the admin area that need no sign-in to open, by path (the server renders some of them). */
const PAGES: [string, LazyPage][] = [
  [paths.home, Home],
  [paths.auth, Auth],
  [paths.authResetPassword, AuthResetPassword],
  // Its owner or an admin when signed in, or anyone with the link from the confirmation mail (the page asks for sign-in otherwise).
  [paths.order, Order],
  [paths.checkout, Checkout],
  [paths.testPayment, TestPayment],
  [paths.nominate, Nominate],
  [paths.nominateSuccess, NominateSuccess],
  [paths.gallery, Gallery],
  [paths.community, Community],
  [paths.claim, Claim],
  [paths.certificate, Certificate],
  [paths.quizLanding, QuizLanding],
  [paths.quiz, Quiz],
  [paths.quizResult, QuizResult],
  [paths.quizGallery, QuizGallery],
  [paths.store, Store],
  [paths.cart, Cart],
  [paths.orderSuccess, OrderSuccess],
  [paths.funnelCheckout, FunnelCheckout],
  [paths.funnelThankYou, FunnelThankYou],
  [paths.funnelTimer, FunnelTimer],
  [paths.funnelOto1, FunnelOto1],
  [paths.funnelOto1Downsell, FunnelOto1Downsell],
  [paths.dynamicTemplates, DynamicTemplates],
  [paths.privacyPolicy, PrivacyPolicy],
  [paths.termsOfService, TermsOfService],
  [paths.cookiePolicy, CookiePolicy],
  [paths.dmcaPolicy, DmcaPolicy],
  [paths.refundPolicy, RefundPolicy],
  [paths.accessibility, Accessibility],
  [paths.landingPage, LandingPage],
];

/** The paths preloadPage knows: every page the server renders must be one of them (router.test.ts). */
export const PAGE_PATHS: readonly string[] = PAGES.map(([path]) => path);

// preloadPage (lib/lazy-page.tsx) loads the page a path shows: only the pages above, since the server renders no other.
registerPages(PAGES, NotFound);

/** The route table of spec §2. */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<RootLayout />}>
        {PAGES.map(([path, Page]) => (
          <Route key={path} path={path} element={<Page />} />
        ))}
        <Route element={<RequireAuth />}>
          <Route path={paths.account} element={<Account />} />
        </Route>
        <Route path="/admin" element={<AdminLayout />}>
          <Route index element={<AdminDashboard />} />
          <Route path="users" element={<AdminUsers />} />
          <Route path="nominations" element={<AdminNominations />} />
          <Route path="orders" element={<AdminOrders />} />
          <Route path="products" element={<AdminProducts />} />
          <Route path="jobs" element={<AdminJobs />} />
          <Route path="mail" element={<AdminMail />} />
          <Route path="analytics" element={<AdminAnalytics />} />
          <Route path="crm" element={<AdminCrm />} />
          <Route path="crm/contact/:id" element={<AdminCrmContact />} />
          <Route path="bug-reports" element={<AdminBugReports />} />
          <Route path="landing-pages" element={<AdminLandingPages />} />
          <Route path="landing-pages/new" element={<AdminLandingPageEdit />} />
          <Route path="landing-pages/:id" element={<AdminLandingPageEdit />} />
          <Route path="awards" element={<AdminAwards />} />
          <Route path="categories" element={<AdminCategories />} />
          <Route path="settings" element={<AdminSettings />} />
          <Route path="audit" element={<AdminAudit />} />
          {/* Every section of admin-sections.ts has its page; anything else under /admin is not one. */}
          <Route path="*" element={<NotFound />} />
        </Route>
        <Route path="*" element={<NotFound />} />
      </Route>
    </Routes>
  );
}
