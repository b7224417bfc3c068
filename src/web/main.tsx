// First, before anything else can log: the console lines a bug report sends (spec §9, decision 096).
import './features/bug-report/lib/install-console-buffer';
import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { AppRoot, createQueryClient } from './app/app-root';
import { AppRoutes } from './app/router';
import { authStore } from './lib/auth';
import { preloadPage } from './lib/lazy-page';
import { queryKeys } from './lib/query-keys';
import { registerServiceWorker } from './lib/service-worker';
import { hydrateAppState, readAppState } from './lib/ssr-state';

const queryClient = createQueryClient();

// Someone else's data must never show after signing in or out.
authStore.onAuthStateChange((event) => {
  if (event === 'SIGNED_IN' || event === 'SIGNED_OUT') {
    queryClient.removeQueries({ queryKey: queryKeys.account.all });
    queryClient.removeQueries({ queryKey: queryKeys.admin.all });
  }
});

const container = document.getElementById('root')!;
// A public page arrives rendered, with the data it was rendered from (docs/decisions/089): the browser adopts
// that HTML and that data. Other pages arrive as an empty shell and render here, as does HTML rendered for
// another path (the service worker's offline copy of "/").
const served = container.firstElementChild ? readAppState() : null;
const state = served?.path === window.location.pathname ? served : null;
if (state) hydrateAppState(queryClient, state);
else container.replaceChildren();

const app = (
  <AppRoot queryClient={queryClient} server={state ? { now: state.now, origin: state.origin } : null}>
    <BrowserRouter>
      <AppRoutes />
    </BrowserRouter>
  </AppRoot>
);

// The page's code first: hydrating a page that is still downloading would throw its HTML away at the first
// update. Not a top-level await, which would make the bundler split the shared code into many small files.
if (state) {
  void preloadPage(window.location.pathname)
    .catch(() => undefined)
    // As a transition, hydration yields to the browser every few milliseconds instead of holding the main
    // thread for the whole page: a tap or a scroll during it is answered (what Next.js does too).
    .then(() => startTransition(() => void hydrateRoot(container, app)));
} else createRoot(container).render(app);

registerServiceWorker();
