import { Hammer } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '@/contract/paths';
import { buttonVariants } from '../ui/button';

/**
 * An honest "not built yet" page for routes whose screens later work delivers. It says what
 * the page will do and offers what already works, so nobody lands on a blank screen.
 */
export function ComingSoon({ title, lead, detail }: { title: string; lead: string; detail?: string }) {
  return (
    <section className="mx-auto max-w-2xl px-4 py-20 text-center sm:px-6">
      <span className="mx-auto flex size-14 items-center justify-center rounded-full bg-gold/25 text-gold-dark">
        <Hammer className="size-7" aria-hidden="true" />
      </span>
      <p className="mt-6 text-sm font-semibold tracking-widest text-brand-700 uppercase">Under construction</p>
      <h1 className="mt-2 text-4xl font-semibold sm:text-5xl">{title}</h1>
      <p className="mt-4 text-lg text-ink-soft">{lead}</p>
      {detail ? <p className="mt-3 text-ink-soft">{detail}</p> : null}
      <p className="mt-3 text-sm text-muted">
        The committee is still drafting this page. In the meantime, the gallery is open for browsing.
      </p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Link to={paths.gallery} className={buttonVariants()}>
          Browse the awards
        </Link>
        <Link to={paths.home} className={buttonVariants({ variant: 'secondary' })}>
          Back to the homepage
        </Link>
      </div>
    </section>
  );
}
