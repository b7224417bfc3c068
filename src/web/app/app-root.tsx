import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode, type ReactNode } from 'react';
import { AuthProvider } from '../lib/auth';
import { CartProvider } from '../lib/cart';
import { ServerRenderContext, type ServerRender } from '../lib/hydration';

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: { queries: { staleTime: 60_000, retry: 1, refetchOnWindowFocus: false } },
  });
}

/**
 * The providers around the routes, the same on the server (entry-server.tsx, with a StaticRouter inside) and in
 * the browser (main.tsx, with a BrowserRouter), so the browser hydrates exactly the tree the server rendered.
 */
export function AppRoot({ queryClient, server, children }: { queryClient: QueryClient; server: ServerRender | null; children: ReactNode }) {
  return (
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <ServerRenderContext value={server}>
          <AuthProvider>
            <CartProvider>{children}</CartProvider>
          </AuthProvider>
        </ServerRenderContext>
      </QueryClientProvider>
    </StrictMode>
  );
}
