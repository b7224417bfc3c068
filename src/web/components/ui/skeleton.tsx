import type { ComponentProps } from 'react';
import { cn } from '@/web/lib/utils';

export function Skeleton({ className, ...props }: ComponentProps<'div'>) {
  return <div aria-hidden="true" className={cn('animate-pulse bg-paper-dark', className ?? 'rounded-lg')} {...props} />;
}
