import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { createContext, useContext, useEffect, useSyncExternalStore } from 'react';
import { publicOrigin } from './absolute-url';

const subscribeNever = () => () => {};

/**
 * False while the server renders and while the browser hydrates that HTML; true from the render after
 * (and at once in a client-only render). Anything that reads the browser (localStorage, the clock, the
 * locale) shows the server's value until this turns true, so hydration never finds a difference
 * (docs/decisions/089).
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribeNever,
    () => true,
    () => false,
  );
}

/**
 * What the server knew when it rendered the page (written into the page with it): its clock, so "5 minutes ago"
 * hydrates the same, and the origin it put in links. Null in a page the browser rendered alone.
 */
export interface ServerRender {
  now: number;
  origin: string;
}
export const ServerRenderContext = createContext<ServerRender | null>(null);

/** Now, in ms: the server's render time until hydration is over, the browser's clock afterwards. */
export function useNow(): number {
  const server = useContext(ServerRenderContext);
  const hydrated = useHydrated();
  return hydrated || server === null ? Date.now() : server.now;
}

/**
 * This site's origin for links that leave it: PUBLIC_URL, the server's until hydration is over, then the one the
 * page carries in #app-settings — the same value, so hydration ends without re-rendering the page that asked
 * (docs/decisions/121).
 */
export function useOrigin(): string {
  const server = useContext(ServerRenderContext);
  return useSyncExternalStore(
    subscribeNever,
    () => publicOrigin(),
    () => server?.origin ?? '',
  );
}

let personalRefreshed = false;

/**
 * The server renders the anonymous view; answers that differ per visitor (their own reaction on a certificate)
 * are asked again once, in the background, after the first page has hydrated. Later pages fetch as usual.
 */
export function useRefreshAfterHydration(queryKey: QueryKey) {
  const queryClient = useQueryClient();
  const fromServer = useContext(ServerRenderContext) !== null;
  const key = JSON.stringify(queryKey);
  useEffect(() => {
    if (!fromServer || personalRefreshed) return;
    personalRefreshed = true;
    void queryClient.invalidateQueries({ queryKey: JSON.parse(key) as QueryKey });
  }, [fromServer, queryClient, key]);
}
