import type { ReactNode } from 'react';

/** One card of the editor: a fieldset with its title and one line on what it is for. */
export function EditorCard({ title, lead, children, actions }: { title: string; lead?: ReactNode; children: ReactNode; actions?: ReactNode }) {
  return (
    <fieldset className="min-w-0 rounded-3xl border border-line bg-white p-5 shadow-card sm:p-6">
      <legend className="sr-only">{title}</legend>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="font-display text-xl font-semibold" aria-hidden="true">
            {title}
          </p>
          {lead ? <p className="mt-0.5 text-sm text-ink-soft">{lead}</p> : null}
        </div>
        {actions}
      </div>
      <div className="mt-4 grid gap-4">{children}</div>
    </fieldset>
  );
}
