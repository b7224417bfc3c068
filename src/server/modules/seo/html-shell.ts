import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyBaseLogger } from 'fastify';
import { matchPage } from '@/contract/match-page';
import { BARE_PAGE_TABLE, type PageDef, type PageTable } from '@/contract/pages';
import { jsonInScript } from '@/contract/json-in-script';
import { buildHeadTags, renderHeadTags, type HeadOverrides } from '@/contract/seo';
import type { PublicSettings } from '@/contract/settings';
// Types only: the renderer itself is the Vite SSR bundle (dist/ssr), loaded at start (docs/decisions/089).
import type { RenderRequest, RenderResult, ServerGet } from '@/web/entry-server';


/** The server renderer: src/web/entry-server.tsx, built to dist/ssr/entry-server.js (or imported as is in tests). */
export interface SsrRenderer {
  render(request: RenderRequest): Promise<RenderResult | null>;
  /** Every page's head, from the route modules (the built bundle always has it). */
  pages?: PageTable;
}

/** The page heads, or where to get them when first needed (tests import the route modules only then). */
export type PageTableSource = PageTable | (() => Promise<PageTable>);

const HEAD_MARK = '<!--app-head-->';
const SETTINGS_MARK = '<!--app-settings-->';
const ROOT = '<div id="root"></div>';

/** Anonymous server-rendered pages: any shared cache may keep them a minute and serve them stale while it asks again. */
export const SSR_CACHE_CONTROL = 'public, max-age=0, s-maxage=60, stale-while-revalidate=300';
/** A render that takes longer than this is dropped for the empty shell (the browser renders the page then). */
export const SSR_TIMEOUT_MS = 5_000;

/** Used when the web app has not been built (API tests); the real index.html has the same marks. */
const FALLBACK_TEMPLATE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1.0" />
    ${HEAD_MARK}
    ${SETTINGS_MARK}
  </head>
  <body>${ROOT}</body>
</html>`;

interface ViteManifestChunk {
  file: string;
  imports?: string[];
  dynamicImports?: string[];
  isEntry?: boolean;
}

/** The SSR bundle beside the web build (dist/web → dist/ssr), or null when it was not built. */
export async function loadSsrRenderer(webDistDir: string): Promise<SsrRenderer | null> {
  const file = path.join(webDistDir, '..', 'ssr', 'entry-server.js');
  // Both builds or none: a renderer without the web build's template would send pages no script can hydrate.
  if (!fs.existsSync(file) || !fs.existsSync(path.join(webDistDir, 'index.html'))) return null;
  return (await import(pathToFileURL(file).href)) as SsrRenderer;
}

export interface PageRequest {
  /** Path and query as requested. */
  url: string;
  origin: string;
  settings: PublicSettings;
  /** GET an API path as an anonymous caller (no cookies). */
  get: ServerGet;
  log: FastifyBaseLogger;
}

export interface PageResponse {
  status: number;
  html: string;
  /** True when the body is the server-rendered anonymous page: cacheable by shared caches. */
  rendered: boolean;
}

export class HtmlShell {
  /** The template cut at its marks: [before head, between, after settings up to the root, after the root]. */
  private readonly parts: [string, string, string, string];
  readonly built: boolean;
  /** Route chunks (manifest keys) → the #app-preloads list of their files. */
  private readonly preloads = new Map<string, string>();
  private readonly manifest: Record<string, ViteManifestChunk>;

  constructor(
    webDistDir: string,
    private readonly ssr: SsrRenderer | null = null,
    private readonly timeoutMs = SSR_TIMEOUT_MS,
    pages: PageTableSource | null = null,
  ) {
    // The route modules' heads come with the server render bundle; a server whose web app was not built knows its
    // paths only (contract/paths.ts) and keeps every page out of search engines.
    const source = pages ?? ssr?.pages ?? BARE_PAGE_TABLE;
    this.#pages = typeof source === 'function' ? null : Promise.resolve(source);
    this.#loadPages = typeof source === 'function' ? source : null;
    const file = path.join(webDistDir, 'index.html');
    this.built = fs.existsSync(file);
    const template = this.built ? fs.readFileSync(file, 'utf8') : FALLBACK_TEMPLATE;
    const [before, rest, ...extraHead] = template.split(HEAD_MARK);
    const [between, after, ...extraSettings] = (rest ?? '').split(SETTINGS_MARK);
    const [beforeRoot, afterRoot, ...extraRoot] = (after ?? '').split(ROOT);
    if (rest === undefined || after === undefined || extraHead.length || extraSettings.length || afterRoot === undefined || extraRoot.length) {
      throw new Error(
        `${file} needs exactly one ${HEAD_MARK} followed by one ${SETTINGS_MARK} and one ${ROOT}: the server writes page metadata and pages there`,
      );
    }
    this.parts = [before!, between!, beforeRoot!, afterRoot];
    const manifestFile = path.join(webDistDir, '.vite', 'manifest.json');
    this.manifest = fs.existsSync(manifestFile) ? (JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as Record<string, ViteManifestChunk>) : {};
  }

  readonly #loadPages: (() => Promise<PageTable>) | null;
  #pages: Promise<PageTable> | null;

  /** Every page's head by path, and the 404 page's: the served heads and the sitemap's pages. */
  pageTable(): Promise<PageTable> {
    return (this.#pages ??= this.#loadPages!());
  }

  get serverRendering(): boolean {
    return this.ssr !== null;
  }

  /**
   * The route's chunks and their imports, minus the app the entry script loads (src/web/boot.ts), as the list
   * boot.ts preloads once the page has painted (#app-preloads).
   */
  private preloadList(modules: string[]): string {
    const cacheKey = modules.join(' ');
    const cached = this.preloads.get(cacheKey);
    if (cached !== undefined) return cached;
    const collect = (key: string, into: Set<string>, dynamic = false) => {
      const chunk = this.manifest[key];
      if (!chunk || into.has(key)) return;
      into.add(key);
      chunk.imports?.forEach((k) => collect(k, into));
      if (dynamic) chunk.dynamicImports?.forEach((k) => collect(k, into));
    };
    // The entry and the app it imports when the page has painted (main.tsx, the entry's only dynamic import).
    const entry = new Set<string>();
    Object.entries(this.manifest)
      .filter(([, c]) => c.isEntry)
      .forEach(([k]) => collect(k, entry, true));
    const route = new Set<string>();
    modules.forEach((m) => collect(m, route));
    const files = [...route].filter((k) => !entry.has(k)).map((k) => `/${this.manifest[k]!.file}`);
    const tags = files.length ? `<script type="application/json" id="app-preloads">${jsonInScript(files)}</script>` : '';
    this.preloads.set(cacheKey, tags);
    return tags;
  }

  /** The server render, bounded in time; null (the empty shell) when it is not a rendered page, fails or is late. */
  private async renderApp(req: PageRequest, known: boolean): Promise<RenderResult | null> {
    if (!this.ssr) return null;
    const controller = new AbortController();
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        const error = new Error(`server render took over ${this.timeoutMs} ms`);
        controller.abort(error);
        reject(error);
      }, this.timeoutMs);
    });
    try {
      return await Promise.race([
        this.ssr.render({ url: req.url, known, origin: req.origin, settings: req.settings, get: req.get, signal: controller.signal }),
        late,
      ]);
    } catch (err) {
      req.log.error({ err, url: req.url.slice(0, 300) }, 'server render failed: serving the empty shell');
      return null;
    } finally {
      clearTimeout(timer);
    }
  }

  /**
   * The served HTML for a page: its own title, meta tags and JSON-LD; for a public page the rendered page and the
   * data it was rendered from; status 404 for unknown paths (and unknown certificates).
   */
  async render(req: PageRequest): Promise<PageResponse> {
    const pathname = req.url.split('?', 1)[0]!;
    const table = await this.pageTable();
    const matched = matchPage(table.pages, pathname);
    const page: PageDef = matched ?? table.notFound;
    const app = await this.renderApp(req, matched !== null);
    // What the page's data says about its head comes with its render (the route module's serverRender head, the
    // same function the page calls in the browser). A page described by its data that could not be rendered says
    // nothing about itself and stays out of search engines (a private certificate, a draft landing page).
    const overrides: HeadOverrides = app?.headOverrides ?? (page.describedByData ? { noindex: true } : {});
    const tags = buildHeadTags(page, {
      origin: req.origin,
      pathname,
      brand: req.settings.brand_name,
      company: req.settings.company_name,
      social: Object.values(req.settings.social),
      features: req.settings.features,
      pages: table.pages,
      ...overrides,
    });
    // With the public origin, so the browser builds share links and head tags on PUBLIC_URL too (decision 121).
    const settingsJson = jsonInScript({ ...req.settings, public_url: req.origin });
    // Concatenation, not String.replace: text from users (a nominee's name in a title) may hold "$'" or "$&",
    // which a replacement string would expand into pieces of the template.
    const [before, between, beforeRoot, afterRoot] = this.parts;
    const head = renderHeadTags(tags) + (app ? this.preloadList(app.modules) + app.head : '');
    const settingsScript = `<script id="app-settings" type="application/json">${settingsJson}</script>`;
    const root = app
      ? `<div id="root">${app.html}</div><script type="application/json" id="app-state">${app.state}</script>`
      : ROOT;
    const html = `${before}${head}${between}${settingsScript}${beforeRoot}${root}${afterRoot}`;
    const status = app ? app.status : matched ? 200 : 404;
    return { status, html, rendered: app !== null };
  }
}
