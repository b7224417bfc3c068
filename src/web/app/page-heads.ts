import type { PageDef, PageHead, PageTable } from '@/contract/pages';
import { paths } from '@/contract/paths';
import { NOT_FOUND_MODULE, pathKeyOf } from './route-modules';

// Every route module's `head`. Eager: this table belongs to the server render bundle (entry-server.tsx), which
// holds every page anyway, and to tests; the browser never imports it (it reads one page's head from that page's
// module as it navigates: lib/lazy-page.tsx).
const MODULES = import.meta.glob<{ head?: PageHead }>(
  ['./routes/*.tsx', './routes/legal/*.tsx', './routes/admin/admin-layout.tsx', '!**/*.test.tsx'],
  { eager: true },
);

function headOf(file: string): PageHead {
  const head = MODULES[file]?.head;
  if (!head) throw new Error(`${file} exports no head: every page's route module declares one (docs/decisions/126)`);
  return head;
}

/**
 * The head of every page by path (the admin area's layout stands for all of /admin/*), and the 404 page's: what
 * the server writes into served HTML and the sitemap (modules/seo). Built from the route modules, not kept by hand.
 */
export const PAGE_TABLE: PageTable = {
  pages: Object.keys(MODULES).flatMap((file): PageDef[] => {
    const key = file === './routes/admin/admin-layout.tsx' ? 'admin' : pathKeyOf(file);
    return key ? [{ path: paths[key], ...headOf(file) }] : [];
  }),
  notFound: { path: '*', ...headOf(NOT_FOUND_MODULE) },
};
