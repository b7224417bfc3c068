import { FileQuestion, FileX2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '@/contract/paths';
import { buttonVariants } from '@/web/components/ui/button';
import { cn } from '@/web/lib/utils';
import { getSiteSettings } from '@/web/lib/site-settings';

/** A kind full-page message for a certificate or claim link that leads nowhere: what happened, what next. */
export function KindMessage({
  icon = 'missing',
  eyebrow,
  title,
  children,
  actions,
}: {
  icon?: 'missing' | 'withdrawn';
  eyebrow: string;
  title: string;
  children: ReactNode;
  actions?: ReactNode;
}) {
  const Icon = icon === 'withdrawn' ? FileX2 : FileQuestion;
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-16 text-center sm:py-24">
      <span className="flex size-16 items-center justify-center rounded-full bg-paper-dark text-ink-soft">
        <Icon className="size-8" aria-hidden="true" />
      </span>
      <p className="mt-6 text-sm font-semibold tracking-widest text-brand-700 uppercase">{eyebrow}</p>
      <h1 className="mt-2 text-3xl font-semibold text-balance sm:text-4xl">{title}</h1>
      <div className="mt-3 space-y-2 text-lg text-ink-soft">{children}</div>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        {actions ?? (
          <>
            <Link to={paths.nominate} className={buttonVariants()}>
              Nominate someone
            </Link>
            {getSiteSettings().features.community ? (
              <Link to={paths.community} className={cn(buttonVariants({ variant: 'secondary' }))}>
                See the community wall
              </Link>
            ) : null}
          </>
        )}
      </div>
    </section>
  );
}
