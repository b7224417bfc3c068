import { Hammer } from 'lucide-react';
import { Link } from 'react-router';
import { buttonVariants } from '@/web/components/ui/button';

/** An admin section a later release builds: says what it will do, and what works today. */
export function AdminPlaceholder({ title, lead }: { title: string; lead: string }) {
  return (
    <section className="rounded-3xl border border-line bg-white p-6 shadow-card sm:p-10">
      <span className="flex size-12 items-center justify-center rounded-full bg-gold/25 text-gold-dark">
        <Hammer className="size-6" aria-hidden="true" />
      </span>
      <p className="mt-5 text-sm font-semibold tracking-widest text-brand-700 uppercase">Under construction</p>
      <h1 className="mt-1 text-3xl font-semibold sm:text-4xl">{title}</h1>
      <p className="mt-3 max-w-2xl text-lg text-ink-soft">{lead}</p>
      <p className="mt-3 max-w-2xl text-sm text-muted">
        This part of the admin area arrives in a later release. The sections in the menu that open a page of their own
        work today; the dashboard links to each of them.
      </p>
      <Link to="/admin" className={`${buttonVariants({ variant: 'secondary' })} mt-6`}>
        Go to the dashboard
      </Link>
    </section>
  );
}
