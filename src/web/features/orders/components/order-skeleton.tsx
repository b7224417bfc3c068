import { Skeleton } from '@/web/components/ui/skeleton';

/** The shape of an order page while it loads. */
export function OrderSkeleton() {
  return (
    <div className="grid gap-6" aria-busy="true" aria-label="Loading your order">
      <Skeleton className="h-48" />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <Skeleton className="h-72" />
        <Skeleton className="h-72" />
      </div>
    </div>
  );
}
