import { CheckCircle2, CircleAlert, Info } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '@/web/lib/utils';

const TONES = {
  info: { box: 'border-line bg-white text-ink', icon: Info, iconClass: 'text-ink-soft' },
  success: { box: 'border-emerald-700/30 bg-emerald-50 text-ink', icon: CheckCircle2, iconClass: 'text-emerald-700' },
  error: { box: 'border-brand-600/40 bg-brand-50 text-ink', icon: CircleAlert, iconClass: 'text-brand-700' },
} as const;

/** An inline message box; errors are announced (role=alert), the rest politely (role=status). */
export function Notice({
  tone = 'info',
  title,
  children,
  className,
}: {
  tone?: keyof typeof TONES;
  title?: ReactNode;
  children?: ReactNode;
  className?: string;
}) {
  const t = TONES[tone];
  const Icon = t.icon;
  return (
    <div role={tone === 'error' ? 'alert' : 'status'} className={cn('flex gap-3 rounded-2xl border p-4 text-sm', t.box, className)}>
      <Icon className={cn('mt-0.5 size-5 shrink-0', t.iconClass)} aria-hidden="true" />
      <div className="grid gap-1">
        {title ? <p className="font-semibold">{title}</p> : null}
        {children ? <div className="text-ink-soft">{children}</div> : null}
      </div>
    </div>
  );
}
