import { SealMark } from '@/web/components/layout/logo';
import { cn } from '@/web/lib/utils';

/** The brand seal pressed onto the page: the one celebratory motion (skipped with reduced motion). */
export function SealStamp({ className }: { className?: string }) {
  return (
    <span className={cn('inline-block motion-safe:animate-stamp', className)} aria-hidden="true">
      <SealMark className="size-full drop-shadow-[0_6px_10px_rgb(165_13_38/0.35)]" />
    </span>
  );
}
