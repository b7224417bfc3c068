import { describe, expect, it } from 'vitest';
import { PAGE_PATHS } from './router';
import { SSR_ROUTES } from './ssr-routes';

describe('the route table and the server-rendered pages', () => {
  it('knows every page the server renders, so the browser loads its code before hydrating it (decision 091)', () => {
    const missing = SSR_ROUTES.map((r) => r.path).filter((path) => !PAGE_PATHS.includes(path));
    expect(missing).toEqual([]);
  });
});
