import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { configure, render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import type { CreateNominationBody, CreateNominationResult } from '@/contract/nominations';
import { createTestApp, type TestApp } from '@/server/test/test-app';

/**
 * Component tests against the real server: the app (createTestApp: fresh database, seeded) listening
 * on a loopback port, with happy-dom's page moved to that origin, so the components' own fetches
 * (same-origin `/api/…`, cookies, CSRF) reach it exactly as in a browser. Nothing is mocked.
 */
export interface LiveServer {
  origin: string;
  app: TestApp['app'];
  /** How many requests for this method and path the server has logged so far. */
  requestCount(method: string, path: string): number;
  close(): Promise<void>;
}

export async function startLiveServer(): Promise<LiveServer> {
  // A real server on a busy two-core machine may take seconds to answer (a render, a PGlite query):
  // findBy…/waitFor wait for what the page shows, not for a deadline.
  configure({ asyncUtilTimeout: 15_000 });
  const logLines: string[] = [];
  const testApp = await createTestApp({
    // Plain http on loopback: cookies are not Secure, as on a developer's machine.
    env: { PUBLIC_URL: 'http://127.0.0.1' },
    // Fastify logs every request it receives; the log is how a test sees what reached the server.
    logger: { level: 'info', stream: { write: (line: string) => void logLines.push(line) } },
  });
  const origin = await testApp.app.listen({ host: '127.0.0.1', port: 0 });
  (window as unknown as { happyDOM: { setURL(url: string): void } }).happyDOM.setURL(`${origin}/`);
  return {
    origin,
    app: testApp.app,
    requestCount(method, path) {
      return logLines
        .map((line) => JSON.parse(line) as { msg?: string; req?: { method?: string; url?: string } })
        .filter((l) => l.msg === 'incoming request' && l.req?.method === method && l.req.url === path).length;
    },
    close: () => testApp.close(),
  };
}

/** Files a nomination through the API, as a visitor who is not signed in. */
export async function fileNomination(server: LiveServer, body: Partial<CreateNominationBody> & { nominee_name: string }) {
  const awards = (await server.app.inject({ method: 'GET', url: '/api/awards' })).json<{ id: string }[]>();
  const res = await server.app.inject({ method: 'POST', url: '/api/nominations', payload: { award_id: awards[0]!.id, ...body } });
  if (res.statusCode !== 201) throw new Error(`nomination not filed: ${res.statusCode} ${res.body}`);
  return res.json<CreateNominationResult>();
}

/** Where the app has navigated to, for assertions after a redirect. */
function LocationProbe() {
  const location = useLocation();
  return (
    <p data-testid="location">
      {location.pathname}
      {location.search}
    </p>
  );
}

/**
 * Renders `element` as the page at `path` (matched by `route`, with router `state` if given), inside
 * the providers main.tsx sets up. Any other path the page navigates to renders `others[path]`, or
 * just the location.
 */
export function renderPage(
  element: ReactElement,
  { path, route, state, others = {} }: { path: string; route?: string; state?: unknown; others?: Record<string, ReactElement> },
) {
  const { pathname, search } = new URL(path, 'http://page');
  const queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: 60_000, retry: false, refetchOnWindowFocus: false } } });
  const result = render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[{ pathname, search, state }]}>
        <Routes>
          <Route path={route ?? pathname} element={element} />
          {Object.entries(others).map(([p, el]) => (
            <Route key={p} path={p} element={el} />
          ))}
          <Route path="*" element={<LocationProbe />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { ...result, queryClient };
}
