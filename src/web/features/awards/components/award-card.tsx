import { Award as AwardIcon } from 'lucide-react';
import { Link } from 'react-router';
import type { Award } from '@/contract/awards';
import { hrefs } from '@/contract/paths';
import { buttonVariants } from '@/web/components/ui/button';
import { Skeleton } from '@/web/components/ui/skeleton';
import { LazyImage } from './lazy-image';

export function AwardCard({ award, headingLevel = 3 }: { award: Award; headingLevel?: 3 | 4 }) {
  const Heading = headingLevel === 3 ? 'h3' : 'h4';
  const headingId = `award-${award.id}`;
  return (
    <article
      aria-labelledby={headingId}
      data-testid="award-card"
      className="group flex flex-col rounded-3xl border border-line bg-white p-5 shadow-card transition-transform hover:-translate-y-0.5"
    >
      <div className="mx-auto aspect-square w-32 sm:w-36">
        {award.image_url ? (
          <LazyImage src={award.image_url} alt="" className="size-full rounded-full" />
        ) : (
          <div className="flex size-full items-center justify-center rounded-full bg-paper-dark text-muted">
            <AwardIcon className="size-10" aria-hidden="true" />
          </div>
        )}
      </div>
      <Heading id={headingId} className="mt-4 text-center font-display text-xl leading-snug font-semibold">
        {award.title}
      </Heading>
      {award.tagline ? (
        <p className="mt-1 text-center text-sm font-semibold text-brand-700 italic">{award.tagline}</p>
      ) : null}
      <p className="mt-3 flex-1 text-center text-sm leading-relaxed text-ink-soft">{award.description}</p>
      <div className="mt-5 flex flex-wrap justify-center gap-2">
        <Link
          to={hrefs.nominateAward(award.id)}
          className={buttonVariants({ size: 'sm' })}
          aria-label={`Nominate someone for ${award.title}`}
        >
          Nominate
        </Link>
        <Link
          to={hrefs.storeAward(award.id)}
          className={buttonVariants({ variant: 'outline', size: 'sm' })}
          aria-label={`Print ${award.title}`}
        >
          Print it
        </Link>
      </div>
    </article>
  );
}

export function AwardCardSkeleton() {
  return (
    <div data-testid="award-skeleton" className="flex flex-col items-center rounded-3xl border border-line bg-white p-5">
      <Skeleton className="size-32 rounded-full sm:size-36" />
      <Skeleton className="mt-4 h-6 w-3/4 rounded-md" />
      <Skeleton className="mt-2 h-4 w-1/2 rounded-md" />
      <Skeleton className="mt-4 h-4 w-full rounded-md" />
      <Skeleton className="mt-2 h-4 w-5/6 rounded-md" />
      <Skeleton className="mt-5 h-9 w-28 rounded-full" />
    </div>
  );
}
