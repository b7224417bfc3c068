/**
 * The seo module's face (docs/decisions/108): server-rendered pages: the HTML shell, the compression of kept pages,
 * the service worker, page addresses, the sitemap and robots.txt (the kept-page cache itself is
 * src/server/lib/page-cache.ts). Other modules, the workflows and the rest of the server import it only from here
 * (eslint: local/module-boundaries); its route plugins are registered by src/server/app.ts.
 */
export { HtmlShell, loadSsrRenderer, SSR_CACHE_CONTROL, type PageTableSource, type SsrRenderer } from './html-shell';
export { awardIndex, pageAddress } from './page-address';
export { compressPage, pickEncoding } from './page-compression';
export { buildServiceWorker, shellAssets } from './service-worker';
