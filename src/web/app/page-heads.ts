import type { PageTable } from '@/contract/pages';
import { LOADED_ROUTES, NOT_FOUND } from './loaded-routes';

/**
 * The head of every page by path (the admin area's layout stands for all of /admin/*), and the 404 page's: what
 * the server writes into served HTML and the sitemap (modules/seo). Built from the route modules, not kept by hand.
 */
export const PAGE_TABLE: PageTable = {
  pages: LOADED_ROUTES.map(({ path, head }) => ({ path, ...head })),
  notFound: { path: NOT_FOUND.path, ...NOT_FOUND.head },
};
