import type { ComponentType } from 'react';
import { createBrowserRouter, useRouteError, type RouteObject } from 'react-router';
import { pages } from '../../contract/pages';
import { ErrorScreen } from '../components/errors/error-boundary';
import { LoadingScreen } from '../components/ui/spinner';
import { RootLayout } from './root-layout';

type PageModule = { default: ComponentType };

/** Every page is its own chunk, fetched when first visited (spec §2: pages load lazily). */
const lazyPage = (load: () => Promise<PageModule>): Pick<RouteObject, 'lazy'> => ({
  lazy: async () => ({ Component: (await load()).default }),
});

function RouteError() {
  const error = useRouteError();
  return <ErrorScreen error={error} onRetry={() => window.location.reload()} />;
}

export const routes: RouteObject[] = [
  {
    Component: RootLayout,
    HydrateFallback: LoadingScreen,
    ErrorBoundary: RouteError,
    children: [
      { index: true, ...lazyPage(() => import('./routes/home')) },
      { path: pages.auth.path, ...lazyPage(() => import('./routes/auth')) },
      { path: pages.account.path, ...lazyPage(() => import('./routes/account')) },
      { path: pages.nominate.path, ...lazyPage(() => import('./routes/nominate')) },
      { path: pages.nominateSuccess.path, ...lazyPage(() => import('./routes/nominate-success')) },
      { path: pages.gallery.path, ...lazyPage(() => import('./routes/gallery')) },
      { path: pages.community.path, ...lazyPage(() => import('./routes/community')) },
      { path: pages.claim.path, ...lazyPage(() => import('./routes/claim')) },
      { path: pages.quizLanding.path, ...lazyPage(() => import('./routes/quiz-landing')) },
      { path: pages.quiz.path, ...lazyPage(() => import('./routes/quiz')) },
      { path: pages.quizResult.path, ...lazyPage(() => import('./routes/quiz-result')) },
      { path: pages.quizGallery.path, ...lazyPage(() => import('./routes/quiz-gallery')) },
      { path: pages.store.path, ...lazyPage(() => import('./routes/store')) },
      { path: pages.cart.path, ...lazyPage(() => import('./routes/cart')) },
      { path: pages.orderSuccess.path, ...lazyPage(() => import('./routes/order-success')) },
      { path: pages.order.path, ...lazyPage(() => import('./routes/order')) },
      { path: pages.funnelCheckout.path, ...lazyPage(() => import('./routes/funnel-checkout')) },
      { path: pages.funnelThankYou.path, ...lazyPage(() => import('./routes/funnel-thank-you')) },
      { path: pages.funnelTimer.path, ...lazyPage(() => import('./routes/funnel-timer')) },
      { path: pages.funnelOto1.path, ...lazyPage(() => import('./routes/funnel-oto1')) },
      { path: pages.funnelOto1Downsell.path, ...lazyPage(() => import('./routes/funnel-oto1-downsell')) },
      { path: pages.dynamicTemplates.path, ...lazyPage(() => import('./routes/dynamic-templates')) },
      { path: pages.privacyPolicy.path, ...lazyPage(() => import('./routes/legal/privacy-policy')) },
      { path: pages.termsOfService.path, ...lazyPage(() => import('./routes/legal/terms-of-service')) },
      { path: pages.cookiePolicy.path, ...lazyPage(() => import('./routes/legal/cookie-policy')) },
      { path: pages.dmcaPolicy.path, ...lazyPage(() => import('./routes/legal/dmca-policy')) },
      { path: pages.refundPolicy.path, ...lazyPage(() => import('./routes/legal/refund-policy')) },
      { path: pages.accessibility.path, ...lazyPage(() => import('./routes/legal/accessibility')) },
      {
        path: '/admin',
        ...lazyPage(() => import('./routes/admin/admin-layout')),
        children: [
          { index: true, ...lazyPage(() => import('./routes/admin/dashboard')) },
          { path: 'crm/contact/:id', ...lazyPage(() => import('./routes/admin/crm-contact')) },
          { path: ':section', ...lazyPage(() => import('./routes/admin/section')) },
        ],
      },
      { path: '*', ...lazyPage(() => import('./routes/not-found')) },
    ],
  },
];

export const createRouter = () => createBrowserRouter(routes);
