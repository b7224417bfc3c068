import { cn } from '@/web/lib/utils';

/** The page-loading state of spec §2: a spinner and the text 'Loading...'. */
export function LoadingScreen({ className }: { className?: string }) {
  return (
    <div role="status" aria-live="polite" className={cn('flex min-h-[50vh] flex-col items-center justify-center gap-4', className)}>
      <span className="size-10 animate-spin rounded-full border-4 border-brand-100 border-t-brand-600" aria-hidden="true" />
      <p className="text-sm font-medium text-muted">Loading...</p>
    </div>
  );
}
