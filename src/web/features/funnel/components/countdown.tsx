import { Clock } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { cn } from '@/web/lib/utils';

/** Milliseconds left until `closesAt`, by the server's clock (`serverNow` was its time when the answer was made). */
export function useRemaining(closesAt: string | null, serverNow: string | null): number | null {
  // The visitor's clock may be wrong: count from the server's time, moved on by the time since it answered.
  const offset = useMemo(() => (serverNow ? new Date(serverNow).getTime() - Date.now() : 0), [serverNow]);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!closesAt) return;
    const id = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(id);
  }, [closesAt]);
  if (!closesAt) return null;
  return Math.max(0, new Date(closesAt).getTime() - (now + offset));
}

export function formatRemaining(ms: number): string {
  const total = Math.ceil(ms / 1000);
  const m = Math.floor(total / 60);
  const s = total % 60;
  return `${m}:${String(s).padStart(2, '0')}`;
}

/**
 * The real time left before the order goes to print — the one deadline the offers have. It ticks visually; screen
 * readers hear the minutes, not every second.
 */
export function Countdown({ remaining, label, className, tone = 'light' }: { remaining: number; label: string; className?: string; tone?: 'light' | 'dark' }) {
  const minutes = Math.ceil(remaining / 60_000);
  return (
    <p className={cn('inline-flex items-center gap-2 rounded-full px-4 py-2 text-sm font-semibold', tone === 'dark' ? 'bg-white/10 text-white' : 'bg-brand-50 text-brand-800', className)}>
      <Clock className="size-4" aria-hidden="true" />
      <span>{label}</span>
      <span role="timer" className="font-display text-lg tabular-nums">
        {formatRemaining(remaining)}
      </span>
      <span className="sr-only" aria-live="polite">
        {remaining > 0 ? `about ${minutes} minute${minutes === 1 ? '' : 's'}` : 'now'}
      </span>
    </p>
  );
}
