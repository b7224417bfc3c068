import type { ReactNode } from 'react';
import { cn } from '@/web/lib/utils';

/** One section of the account page. */
export function Card({ title, lead, children, tone = 'default' }: { title: string; lead?: ReactNode; children: ReactNode; tone?: 'default' | 'danger' }) {
  const id = `section-${title.toLowerCase().replace(/[^a-z]+/g, '-')}`;
  return (
    <section
      aria-labelledby={id}
      className={cn('rounded-3xl border bg-white p-6 shadow-card sm:p-8', tone === 'danger' ? 'border-brand-600/40' : 'border-line')}
    >
      <h2 id={id} className="text-2xl font-semibold">
        {title}
      </h2>
      {lead ? <p className="mt-1 text-ink-soft">{lead}</p> : null}
      <div className="mt-5">{children}</div>
    </section>
  );
}
