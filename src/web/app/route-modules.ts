import { paths } from '@/contract/paths';

/**
 * A page's route module is the file named after its key in contract/paths.ts (docs/decisions/126):
 * `routes/quiz-result.tsx` is `paths.quizResult`, `routes/legal/privacy-policy.tsx` is `paths.privacyPolicy`. It holds
 * the page's component (its default export) and, for a page the server renders, `serverRender` (app/server-render.ts).
 * The router and the server's render table are built from the files (Vite's import.meta.glob), not kept by hand:
 * a new page is its route module and its path in paths.ts. `routes/not-found.tsx` is the page of any other path.
 */
export type PathKey = keyof typeof paths;

/** The paths.ts key a route module's file stands for, or null when the file is no page's (router.test.ts). */
export function pathKeyOf(file: string): PathKey | null {
  const base = file.replace(/^.*\//, '').replace(/\.tsx$/, '');
  const key = base.replace(/-([a-z0-9])/g, (_, c: string) => c.toUpperCase());
  return Object.hasOwn(paths, key) ? (key as PathKey) : null;
}

/** The file of the page shown for a path no route knows. */
export const NOT_FOUND_MODULE = './routes/not-found.tsx';
