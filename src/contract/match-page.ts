import type { PageDef } from './pages';

// Apart from ./pages.ts: every page's route module imports pageHead from there, while only the server and the
// certificate page's head (./seo.ts) match paths, so the browser loads this with those alone (decision 145).

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\-]/g, '\\$&');

function toRegExp(pattern: string): RegExp {
  if (pattern.endsWith('/*')) return new RegExp(`^${escapeRegExp(pattern.slice(0, -2))}(?:/.*)?$`);
  const body = pattern
    .split('/')
    .map((seg) => (seg.startsWith(':') ? '[^/]+' : escapeRegExp(seg)))
    .join('/');
  return new RegExp(`^${body}/?$`);
}

/** As the router ranks routes: a static path beats a pattern (/order/success before /order/:orderId), '*' last. */
const rank = (path: string) => (path.endsWith('*') ? 100 : 0) + (path.match(/:/g)?.length ?? 0);

const compiled = new WeakMap<readonly PageDef[], { page: PageDef; re: RegExp }[]>();

/** The page a pathname belongs to, or null when it matches no route (a 404). */
export function matchPage(pages: readonly PageDef[], pathname: string): PageDef | null {
  let table = compiled.get(pages);
  if (!table) {
    table = [...pages].sort((a, b) => rank(a.path) - rank(b.path)).map((p) => ({ page: p, re: toRegExp(p.path) }));
    compiled.set(pages, table);
  }
  const clean = pathname === '/' ? '/' : pathname.replace(/\/+$/, '');
  for (const { page: p, re } of table) {
    if (p.path === '/' ? clean === '/' : re.test(clean)) return p;
  }
  return null;
}
