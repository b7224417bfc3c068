import { paths } from './paths';

/**
 * What a page says about itself in <head> and the sitemap. Each page declares it in its route module
 * (src/web/app/routes/<page>.tsx: `export const head = pageHead({...})`, docs/decisions/126); the server learns the
 * table from the server render bundle (entry-server.tsx), the browser from the page's own module on navigation.
 */
export interface PageHead {
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
  /**
   * The page's title, picture and indexing come from what it shows (its route module's `serverRender` head: a
   * certificate, a landing page): served noindex when the server could not render it.
   */
  describedByData?: true;
  /** Sitemap priority for indexable pages. */
  priority?: number;
  changefreq?: 'daily' | 'weekly' | 'monthly' | 'yearly';
}

/** A page's head with its route pattern (with :params, as React Router writes it; '*' for the 404 page). */
export interface PageDef extends PageHead {
  path: string;
}

/** Every page's head by path, and the 404 page's. */
export interface PageTable {
  pages: readonly PageDef[];
  notFound: PageDef;
}

const BASE_KEYWORDS = ['funny awards', 'novelty certificates', 'gag gifts', 'personalised certificates'];

/** A route module's head: a page under construction is never indexable; every page has the site's keywords. */
export function pageHead(def: PageHead): PageHead {
  return {
    ...def,
    indexable: def.indexable && !def.underConstruction,
    keywords: [...(def.keywords ?? []), ...BASE_KEYWORDS],
  };
}

/**
 * The table of a server whose web app was not built (no server render bundle): every path of paths.ts is a page,
 * with the site's own title, kept out of search engines (their real heads are in the route modules). Marked pure:
 * the browser's bundles, which never read it, leave it out instead of building it on every page load.
 */
export const BARE_PAGE_TABLE: PageTable = {
  pages: /* @__PURE__ */ Object.values(paths).map((path) => ({
    path,
    ...pageHead({
      title: 'Official Awards for Unofficial Achievements',
      description: 'Nominate friends for gloriously trivial feats, customise a satirical certificate, share it and get it printed.',
      indexable: false,
    }),
  })),
  notFound: { path: '*', .../* @__PURE__ */ pageHead({ title: 'Page Not Found', description: "The page you're looking for doesn't exist.", indexable: false }) },
};
