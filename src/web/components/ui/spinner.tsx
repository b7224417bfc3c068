import { useEffect, useState } from 'react';
import { cn } from '@/web/lib/utils';
import { Button } from './button';

/** How long the page spinner spins before it offers a way out: a page's code normally arrives well within a second. */
export const SLOW_LOADING_MS = 10_000;

/**
 * The page-loading state of spec §2: a spinner and the text 'Loading...'. A spinner never spins for good: when the
 * page has not arrived after SLOW_LOADING_MS (a lost connection, a download that stalled), it says so and offers to
 * load the page again.
 */
export function LoadingScreen({ className }: { className?: string }) {
  const [slow, setSlow] = useState(false);
  useEffect(() => {
    const timer = window.setTimeout(() => setSlow(true), SLOW_LOADING_MS);
    return () => window.clearTimeout(timer);
  }, []);
  return (
    <div role="status" aria-live="polite" className={cn('flex min-h-[50vh] flex-col items-center justify-center gap-4 px-4 text-center', className)}>
      <span className="size-10 animate-spin rounded-full border-4 border-brand-100 border-t-brand-600" aria-hidden="true" />
      <p className="text-sm font-medium text-muted">Loading...</p>
      {slow ? (
        <div className="grid justify-items-center gap-3">
          <p className="max-w-sm text-sm text-ink-soft">This is taking longer than it should. Check your connection, then load the page again.</p>
          <Button type="button" variant="outline" size="sm" onClick={() => window.location.reload()}>
            Load the page again
          </Button>
        </div>
      ) : null}
    </div>
  );
}
