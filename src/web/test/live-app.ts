import { createTestApp, type TestApp } from '@/server/test/test-app';

export interface LiveApp extends TestApp {
  /** http://127.0.0.1:PORT — also the happy-dom page's origin, so apiFetch's relative URLs reach this app. */
  origin: string;
  /** "METHOD /path" of every request the app has received, oldest first. */
  requests: string[];
  /** Points the page at `path` on this app (same origin, so cookies and the CSRF token work as in a browser). */
  visit(path: string): void;
}

interface HappyDomWindow {
  happyDOM: { setURL(url: string): void };
}

/**
 * For component tests (happy-dom): the real app on a fresh database, listening on a free port of
 * 127.0.0.1, with the page's URL on it. The components' own API client then talks to it over
 * HTTP — CSRF cookie, session cookie and all — with nothing mocked. Close it in afterAll.
 */
export async function startLiveApp(path = '/', env: Record<string, string> = {}): Promise<LiveApp> {
  const test = await createTestApp({ env: { PUBLIC_URL: 'http://127.0.0.1', ...env } });
  const origin = await test.app.listen({ host: '127.0.0.1', port: 0 });
  const requests: string[] = [];
  test.app.server.on('request', (req: { method?: string; url?: string }) => requests.push(`${req.method} ${req.url}`));
  const visit = (to: string) => (window as unknown as HappyDomWindow).happyDOM.setURL(new URL(to, origin).href);
  visit(path);
  return { ...test, origin, requests, visit };
}
