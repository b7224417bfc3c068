import { lazy } from 'react';
import { Route, Routes } from 'react-router';
import { pages } from '@/contract/pages';
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
const NotFound = lazy(() => import('./routes/not-found'));

/** The route table of spec §2. */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<RootLayout />}>
        <Route index element={<Home />} />
        <Route path={pages.auth.path} element={<Auth />} />
        <Route path={pages.authResetPassword.path} element={<AuthResetPassword />} />
        <Route element={<RequireAuth />}>
          <Route path={pages.account.path} element={<Account />} />
        </Route>
        {/* Its owner or an admin when signed in, or anyone with the link from the confirmation mail (the page asks for sign-in otherwise). */}
        <Route path={pages.order.path} element={<Order />} />
        <Route path={pages.checkout.path} element={<Checkout />} />
        <Route path={pages.testPayment.path} element={<TestPayment />} />
        <Route path={pages.nominate.path} element={<Nominate />} />
        <Route path={pages.nominateSuccess.path} element={<NominateSuccess />} />
        <Route path={pages.gallery.path} element={<Gallery />} />
        <Route path={pages.community.path} element={<Community />} />
        <Route path={pages.claim.path} element={<Claim />} />
        <Route path={pages.certificate.path} element={<Certificate />} />
        <Route path={pages.quizLanding.path} element={<QuizLanding />} />
        <Route path={pages.quiz.path} element={<Quiz />} />
        <Route path={pages.quizResult.path} element={<QuizResult />} />
        <Route path={pages.quizGallery.path} element={<QuizGallery />} />
        <Route path={pages.store.path} element={<Store />} />
        <Route path={pages.cart.path} element={<Cart />} />
        <Route path={pages.orderSuccess.path} element={<OrderSuccess />} />
        <Route path={pages.funnelCheckout.path} element={<FunnelCheckout />} />
        <Route path={pages.funnelThankYou.path} element={<FunnelThankYou />} />
        <Route path={pages.funnelTimer.path} element={<FunnelTimer />} />
        <Route path={pages.funnelOto1.path} element={<FunnelOto1 />} />
        <Route path={pages.funnelOto1Downsell.path} element={<FunnelOto1Downsell />} />
        <Route path={pages.dynamicTemplates.path} element={<DynamicTemplates />} />
        <Route path={pages.privacyPolicy.path} element={<PrivacyPolicy />} />
        <Route path={pages.termsOfService.path} element={<TermsOfService />} />
        <Route path={pages.cookiePolicy.path} element={<CookiePolicy />} />
        <Route path={pages.dmcaPolicy.path} element={<DmcaPolicy />} />
        <Route path={pages.refundPolicy.path} element={<RefundPolicy />} />
        <Route path={pages.accessibility.path} element={<Accessibility />} />
        <Route path="/admin" element={<AdminLayout />}>
          <Route index element={<AdminDashboard />} />
          <Route path="users" element={<AdminUsers />} />
          <Route path="nominations" element={<AdminNominations />} />
          <Route path="orders" element={<AdminOrders />} />
          <Route path="products" element={<AdminProducts />} />
          <Route path="crm/contact/:id" element={<AdminCrmContact />} />
          <Route path=":section" element={<AdminSection />} />
        </Route>
        <Route path="*" element={<NotFound />} />
      </Route>
    </Routes>
  );
}
