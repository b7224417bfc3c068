import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { configure, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { MemoryRouter, useLocation } from 'react-router';
import Toaster from '@/web/components/ui/toaster';
import { dismiss } from '@/web/components/ui/use-toast';

// findBy… waits for real answers from a real app (password hashing included) on a busy 2-core machine:
// allow far more than the 1 s default. A passing test does not wait longer for it.
configure({ asyncUtilTimeout: 20_000 });

function CurrentPath() {
  return <output aria-label="Current path">{useLocation().pathname}</output>;
}

/**
 * Renders a component as the app would: its own query client, a router at `path` (the current
 * path is shown in an output labelled "Current path"), and the toaster. Returns a user-event user.
 */
export function renderWithApp(ui: ReactNode, { path = '/' }: { path?: string } = {}) {
  dismiss(); // the toast store outlives a test: start with none on screen
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const user = userEvent.setup();
  const result = render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[path]}>
        {ui}
        <CurrentPath />
      </MemoryRouter>
      <Toaster />
    </QueryClientProvider>,
  );
  return { ...result, user, queryClient };
}

/** The toast area (Radix viewport), as the e2e suite finds it: toasts are asserted inside it. */
export const toasts = () => within(screen.getByRole('region', { name: 'Notifications (F8)' }));
