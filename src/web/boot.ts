import './styles.css';

/**
 * The page's entry script, kept tiny (docs/decisions/091). A server-rendered page is readable from its HTML and
 * stylesheet alone, so the app (main.tsx: React, the router, the page's own code) is fetched once that HTML has
 * been painted, and never competes with the paint for a slow phone's bandwidth. The route's chunks the server
 * lists in #app-preloads are fetched at the same moment, beside the app, not after it. A page the server did
 * not render (the empty shell of sign-in, account, admin) has nothing to paint, and a page opened in a
 * background tab paints nothing yet: both start at once.
 */
function start() {
  const listed = document.getElementById('app-preloads')?.textContent;
  for (const href of listed ? (JSON.parse(listed) as string[]) : []) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = href;
    document.head.append(link);
  }
  void import('./main');
}

const rendered = document.getElementById('root')?.firstElementChild != null;
if (rendered && document.visibilityState === 'visible') {
  // requestAnimationFrame runs just before the frame that paints the server's HTML; the timeout, just after it.
  requestAnimationFrame(() => setTimeout(start, 0));
} else {
  start();
}
