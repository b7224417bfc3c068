import type { ReactNode } from 'react';
import { Skeleton } from '@/web/components/ui/skeleton';

/** The funnel's after-payment screens: no header (spec §2), one message at a time, on the brand's ink. */
export function FunnelShell({ children }: { children: ReactNode }) {
  return (
    <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6 sm:py-16">
      <div className="rounded-3xl bg-ink p-6 text-white shadow-card sm:p-10">{children}</div>
    </div>
  );
}

export function FunnelSkeleton() {
  return (
    <div className="mx-auto grid max-w-3xl gap-4 px-4 py-10 sm:px-6 sm:py-16" aria-busy="true" aria-label="Loading your order">
      <Skeleton className="h-10 w-2/3" />
      <Skeleton className="h-6 w-1/2" />
      <Skeleton className="h-64 rounded-3xl" />
    </div>
  );
}
