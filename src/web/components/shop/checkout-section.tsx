import type { ReactNode } from 'react';

/** One numbered step of a checkout page ("2. Shipping address"): the shop's checkout and the funnel's. */
export function CheckoutSection({ step, title, children, idPrefix = 'checkout-step' }: { step: number; title: string; children: ReactNode; idPrefix?: string }) {
  return (
    <section aria-labelledby={`${idPrefix}-${step}`} className="rounded-3xl border border-line bg-white p-5 shadow-card sm:p-6">
      <h2 id={`${idPrefix}-${step}`} className="font-display text-xl font-semibold">
        <span className="mr-2 text-brand-700" aria-hidden="true">
          {step}.
        </span>
        {title}
      </h2>
      <div className="mt-4">{children}</div>
    </section>
  );
}
