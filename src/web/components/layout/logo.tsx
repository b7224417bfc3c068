import { cn } from '@/web/lib/utils';

/** The seal: a rosette with a ribbon, in the brand red. */
export function SealMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 64 64" className={cn('size-9', className)} aria-hidden="true" focusable="false">
      <path d="M20 40 L14 60 L24 55 L29 62 L32 44 Z" fill="#a50d26" />
      <path d="M44 40 L50 60 L40 55 L35 62 L32 44 Z" fill="#a50d26" />
      <path
        d="M32 3l5.2 4.6 6.8-1.3 2.3 6.5 6.6 2.1-1.2 6.8 4.6 5.3-4.6 5.2 1.2 6.8-6.6 2.1-2.3 6.5-6.8-1.3L32 52l-5.2-4.6-6.8 1.3-2.3-6.5-6.6-2.1 1.2-6.8L7.7 28l4.6-5.3-1.2-6.8 6.6-2.1 2.3-6.5 6.8 1.3z"
        fill="#c8102e"
      />
      <circle cx="32" cy="27.5" r="14.5" fill="none" stroke="#fff8ef" strokeWidth="2.5" />
      <path d="M25 28l5 5 9-11" fill="none" stroke="#fff8ef" strokeWidth="4" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

export function Wordmark({ brand, className }: { brand: string; className?: string }) {
  return (
    <span className={cn('flex items-center gap-2', className)}>
      <SealMark />
      <span className="font-display text-2xl font-semibold tracking-tight">{brand}</span>
    </span>
  );
}
