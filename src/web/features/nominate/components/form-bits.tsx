import type { ReactNode } from 'react';

/** One numbered part of the nomination form. */
export function FormStep({ step, title, lead, children, labelId }: { step: number; title: string; lead?: ReactNode; children: ReactNode; labelId?: string }) {
  return (
    <fieldset className="min-w-0 rounded-3xl border border-line bg-white p-5 shadow-card sm:p-6">
      <legend className="sr-only">{title}</legend>
      <div className="flex items-start gap-3" aria-hidden="true">
        <span className="flex size-7 shrink-0 items-center justify-center rounded-full bg-ink font-display text-sm font-semibold text-white">{step}</span>
        <div className="min-w-0">
          <p id={labelId} className="font-display text-xl leading-7 font-semibold">
            {title}
          </p>
          {lead ? <p className="mt-0.5 text-sm text-ink-soft">{lead}</p> : null}
        </div>
      </div>
      <div className="mt-4 space-y-4">{children}</div>
    </fieldset>
  );
}
