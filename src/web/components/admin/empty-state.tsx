import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';

/** What an empty admin list says: why it is empty, and the one thing to do next. */
export function EmptyState({ icon: Icon, title, children, action }: { icon: LucideIcon; title: string; children?: ReactNode; action?: ReactNode }) {
  return (
    <div className="rounded-2xl border border-dashed border-line bg-white p-8 text-center">
      <Icon className="mx-auto size-10 text-gold-dark" aria-hidden="true" />
      <p className="mt-3 font-display text-xl font-semibold">{title}</p>
      {children ? <div className="mx-auto mt-1 max-w-md text-sm text-ink-soft">{children}</div> : null}
      {action ? <div className="mt-4 flex justify-center">{action}</div> : null}
    </div>
  );
}
