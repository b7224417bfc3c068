import { dehydrate } from '@tanstack/react-query';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import type { HeadOverrides } from '@/contract/seo';
import type { PublicSettings } from '@/contract/settings-defaults';
import { AppRoot, createQueryClient } from './app/app-root';
import { PAGE_TABLE } from './app/page-heads';
import { AppRoutes } from './app/router';
import { matchSsrRoute, NOT_FOUND_ROUTE, type ServerFetch } from './app/ssr-routes';
import { ApiRequestError } from './lib/api-client';
import { provideSiteSettings } from './lib/site-settings';
import { serializeAppState } from './lib/ssr-state';

/** Every page's head by path (the route modules' `head`): what the server writes into served HTML and the sitemap. */
export const pages = PAGE_TABLE;

/** GETs an API path on the server as an anonymous caller (the server uses app.inject): its status and JSON body. */
export type ServerGet = (path: string) => Promise<{ status: number; body: unknown }>;

/**
 * The server's renderer of the public pages (docs/decisions/089), built by `vite build --ssr` into dist/ssr and
 * loaded by the Fastify server (modules/seo/html-shell.ts). One call renders one URL, with its own QueryClient:
 * nothing is shared between requests but the public site settings.
 */
export interface RenderRequest {
  /** Path and query, e.g. "/gallery?search=cat". */
  url: string;
  /** Whether the path is a page the site knows (its route module's head matched); unknown paths render the 404 page. */
  known: boolean;
  settings: PublicSettings;
  get: ServerGet;
  /** Aborts the render (the server's time limit). */
  signal?: AbortSignal;
  now?: number;
  /** The site's public origin, for absolute links (share URLs). */
  origin: string;
}

export interface RenderResult {
  status: number;
  /** The markup for inside <div id="root">. */
  html: string;
  /** Resource hints for <head> (React's preloads of the page's eager images). */
  head: string;
  /** The JSON for <script type="application/json" id="app-state">, safe to put in the page as is. */
  state: string;
  /** The route's chunks in Vite's manifest, to preload. */
  modules: string[];
  /** What the page's data says about its head (a certificate's title and picture), or null. */
  headOverrides: HeadOverrides | null;
}

async function readAll(stream: AsyncIterable<unknown>): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * Renders a URL's anonymous view to HTML after fetching its data, or null when the page is not one the server
 * renders (signed-in, admin, checkout: they keep the empty shell). Throws when the data could not be had (an API
 * answer of 5xx) or the render was aborted; the caller serves the shell then.
 */
export async function render(req: RenderRequest): Promise<RenderResult | null> {
  const url = new URL(req.url, 'http://ssr.invalid');
  const matched = req.known ? matchSsrRoute(url.pathname) : { route: NOT_FOUND_ROUTE, params: {} };
  if (!matched) return null;
  const { route, params } = matched;
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({ queries: { ...queryClient.getDefaultOptions().queries, retry: false } });
  // To the minute, like every time written into the state: the same data gives the same bytes (and ETag) for a
  // minute, whoever asks.
  const now = Math.floor((req.now ?? Date.now()) / 60_000) * 60_000;

  // Answers become data or this bundle's own ApiRequestError, as apiFetch makes them in the browser.
  const fetchJson: ServerFetch = async <T,>(path: string) => {
    const { status, body } = await req.get(path);
    if (status >= 200 && status < 300) return body as T;
    const error = (body as { error?: { code?: string; message?: string; field?: string } } | null)?.error;
    throw new ApiRequestError(status, error?.code ?? 'HTTP_ERROR', error?.message ?? 'An unexpected error occurred', error?.field);
  };
  // Before the prefetch: what a page fetches can depend on the settings (a part of the site switched off).
  // As the page's #app-settings will say: with the public origin (decision 121).
  provideSiteSettings({ ...req.settings, public_url: req.origin });
  const prefetch = { queryClient, params, search: url.searchParams, fetchJson };
  const routeStatus = await route.prefetch?.(prefetch);
  for (const query of queryClient.getQueryCache().getAll()) {
    const error = query.state.error;
    if (error && !(error instanceof ApiRequestError && error.status >= 400 && error.status < 500)) throw error;
  }
  req.signal?.throwIfAborted();

  const { prelude } = await prerenderToNodeStream(
    <AppRoot queryClient={queryClient} server={{ now, origin: req.origin }}>
      <StaticRouter location={url.pathname + url.search}>
        <AppRoutes />
      </StaticRouter>
    </AppRoot>,
    {
      ...(req.signal ? { signal: req.signal } : {}),
      // Every Suspense boundary inline, in place: otherwise React moves large ones to the end of the page with
      // inline <script>s to swap them in, which our Content-Security-Policy (script-src 'self') refuses.
      progressiveChunkSize: Number.POSITIVE_INFINITY,
    },
  );
  const rendered = await readAll(prelude as unknown as AsyncIterable<unknown>);
  // React writes the resource hints it found (<link rel="preload"> for eager images) before the markup when it
  // renders no <head>: they belong in the head, and the root must hold only what the browser hydrates.
  const hints = /^(?:<link [^>]*>)*/.exec(rendered)![0];
  const html = rendered.slice(hints.length);
  // An aborted prerender still resolves, with fallbacks where it stopped: not worth serving.
  req.signal?.throwIfAborted();

  const state = serializeAppState({
    queries: dehydrate(queryClient, { shouldDehydrateQuery: (q) => q.state.status === 'success' || q.state.status === 'error' }),
    now,
    origin: req.origin,
    path: url.pathname,
  });
  const status = req.known ? (routeStatus ?? 200) : 404;
  const headOverrides = req.known ? (route.head?.(prefetch) ?? null) : null;
  queryClient.clear();
  return { status, html, head: hints, state, modules: route.modules, headOverrides };
}
