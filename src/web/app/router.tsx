import { lazy } from 'react';
import { Route, Routes } from 'react-router';
import { paths } from '@/contract/paths';
import { RequireAuth } from './require-auth';
import { RootLayout } from './root-layout';

// Every page is its own chunk, fetched when first visited (spec §2: pages load lazily with a
// spinner). Declarative routes keep ~16 KB of data-router code off the first page.
const Home = lazy(() => import('./routes/home'));
const Auth = lazy(() => import('./routes/auth'));
const AuthResetPassword = lazy(() => import('./routes/auth-reset-password'));
const Account = lazy(() => import('./routes/account'));
const Nominate = lazy(() => import('./routes/nominate'));
const NominateSuccess = lazy(() => import('./routes/nominate-success'));
const Gallery = lazy(() => import('./routes/gallery'));
const Community = lazy(() => import('./routes/community'));
const Claim = lazy(() => import('./routes/claim'));
const Certificate = lazy(() => import('./routes/certificate'));
const QuizLanding = lazy(() => import('./routes/quiz-landing'));
const Quiz = lazy(() => import('./routes/quiz'));
const QuizResult = lazy(() => import('./routes/quiz-result'));
const QuizGallery = lazy(() => import('./routes/quiz-gallery'));
const Store = lazy(() => import('./routes/store'));
const Cart = lazy(() => import('./routes/cart'));
const OrderSuccess = lazy(() => import('./routes/order-success'));
const Order = lazy(() => import('./routes/order'));
const Checkout = lazy(() => import('./routes/checkout'));
const TestPayment = lazy(() => import('./routes/test-payment'));
const FunnelCheckout = lazy(() => import('./routes/funnel-checkout'));
const FunnelThankYou = lazy(() => import('./routes/funnel-thank-you'));
const FunnelTimer = lazy(() => import('./routes/funnel-timer'));
const FunnelOto1 = lazy(() => import('./routes/funnel-oto1'));
const FunnelOto1Downsell = lazy(() => import('./routes/funnel-oto1-downsell'));
const DynamicTemplates = lazy(() => import('./routes/dynamic-templates'));
const PrivacyPolicy = lazy(() => import('./routes/legal/privacy-policy'));
const TermsOfService = lazy(() => import('./routes/legal/terms-of-service'));
const CookiePolicy = lazy(() => import('./routes/legal/cookie-policy'));
const DmcaPolicy = lazy(() => import('./routes/legal/dmca-policy'));
const RefundPolicy = lazy(() => import('./routes/legal/refund-policy'));
const Accessibility = lazy(() => import('./routes/legal/accessibility'));
const AdminLayout = lazy(() => import('./routes/admin/admin-layout'));
const AdminDashboard = lazy(() => import('./routes/admin/dashboard'));
const AdminCrmContact = lazy(() => import('./routes/admin/crm-contact'));
const AdminSection = lazy(() => import('./routes/admin/section'));
const AdminUsers = lazy(() => import('./routes/admin/users'));
const AdminNominations = lazy(() => import('./routes/admin/nominations'));
const AdminOrders = lazy(() => import('./routes/admin/orders'));
const AdminProducts = lazy(() => import('./routes/admin/products'));
const AdminJobs = lazy(() => import('./routes/admin/jobs'));
const NotFound = lazy(() => import('./routes/not-found'));

/** The route table of spec §2. */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<RootLayout />}>
        <Route index element={<Home />} />
        <Route path={paths.auth} element={<Auth />} />
        <Route path={paths.authResetPassword} element={<AuthResetPassword />} />
        <Route element={<RequireAuth />}>
          <Route path={paths.account} element={<Account />} />
        </Route>
        {/* Its owner or an admin when signed in, or anyone with the link from the confirmation mail (the page asks for sign-in otherwise). */}
        <Route path={paths.order} element={<Order />} />
        <Route path={paths.checkout} element={<Checkout />} />
        <Route path={paths.testPayment} element={<TestPayment />} />
        <Route path={paths.nominate} element={<Nominate />} />
        <Route path={paths.nominateSuccess} element={<NominateSuccess />} />
        <Route path={paths.gallery} element={<Gallery />} />
        <Route path={paths.community} element={<Community />} />
        <Route path={paths.claim} element={<Claim />} />
        <Route path={paths.certificate} element={<Certificate />} />
        <Route path={paths.quizLanding} element={<QuizLanding />} />
        <Route path={paths.quiz} element={<Quiz />} />
        <Route path={paths.quizResult} element={<QuizResult />} />
        <Route path={paths.quizGallery} element={<QuizGallery />} />
        <Route path={paths.store} element={<Store />} />
        <Route path={paths.cart} element={<Cart />} />
        <Route path={paths.orderSuccess} element={<OrderSuccess />} />
        <Route path={paths.funnelCheckout} element={<FunnelCheckout />} />
        <Route path={paths.funnelThankYou} element={<FunnelThankYou />} />
        <Route path={paths.funnelTimer} element={<FunnelTimer />} />
        <Route path={paths.funnelOto1} element={<FunnelOto1 />} />
        <Route path={paths.funnelOto1Downsell} element={<FunnelOto1Downsell />} />
        <Route path={paths.dynamicTemplates} element={<DynamicTemplates />} />
        <Route path={paths.privacyPolicy} element={<PrivacyPolicy />} />
        <Route path={paths.termsOfService} element={<TermsOfService />} />
        <Route path={paths.cookiePolicy} element={<CookiePolicy />} />
        <Route path={paths.dmcaPolicy} element={<DmcaPolicy />} />
        <Route path={paths.refundPolicy} element={<RefundPolicy />} />
        <Route path={paths.accessibility} element={<Accessibility />} />
        <Route path="/admin" element={<AdminLayout />}>
          <Route index element={<AdminDashboard />} />
          <Route path="users" element={<AdminUsers />} />
          <Route path="nominations" element={<AdminNominations />} />
          <Route path="orders" element={<AdminOrders />} />
          <Route path="products" element={<AdminProducts />} />
          <Route path="jobs" element={<AdminJobs />} />
          <Route path="crm/contact/:id" element={<AdminCrmContact />} />
          <Route path=":section" element={<AdminSection />} />
        </Route>
        <Route path="*" element={<NotFound />} />
      </Route>
    </Routes>
  );
}
