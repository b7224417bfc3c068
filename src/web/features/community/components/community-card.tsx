import { Link } from 'react-router';
import type { Certificate } from '@/contract/nominations';
import { FALLBACK_CATEGORY_COLOR } from '@/contract/catalog-constants';
import { hrefs } from '@/contract/paths';
import { CertificateFrame } from '@/web/components/certificates/certificate-frame';
import { ReactionBar } from '@/web/components/certificates/reaction-bar';
import { Skeleton } from '@/web/components/ui/skeleton';
import { useNow } from '@/web/lib/hydration';
import { timeAgo } from '@/web/lib/time-ago';

/** "5 minutes ago": on its own, so that when hydration switches to the browser's clock only this text renders again. */
function TimeAgo({ iso }: { iso: string }) {
  const now = useNow();
  return <time dateTime={iso}>{timeAgo(iso, now)}</time>;
}

/**
 * One certificate on the wall: the picture, who and what, the citation, reactions. The first cards are in view on
 * arrival (`eager`): their pictures are fetched with the page rather than after the layout finds them in view.
 */
export function CommunityCard({ c, eager = false }: { c: Certificate; eager?: boolean }) {
  const href = hrefs.certificate(c.share_id);
  const headingId = `wall-${c.share_id}`;
  return (
    <article aria-labelledby={headingId} data-testid="community-card" className="flex w-full flex-col overflow-hidden rounded-3xl border border-line bg-white shadow-card">
      <Link to={href} tabIndex={-1} aria-hidden="true" className="block bg-paper-dark/50 p-4 transition-colors hover:bg-paper-dark">
        <CertificateFrame src={c.urls.svg} alt="" lazy={!eager} priority={eager} />
      </Link>
      <div className="flex flex-1 flex-col p-5">
        <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-muted">
          {c.award.category ? (
            <span className="inline-flex items-center gap-1.5 font-semibold tracking-wide uppercase">
              <span className="size-2 rounded-full" style={{ backgroundColor: c.award.category.color ?? FALLBACK_CATEGORY_COLOR }} aria-hidden="true" />
              {c.award.category.name}
            </span>
          ) : null}
          <span aria-hidden="true">·</span>
          <TimeAgo iso={c.issued_at} />
        </p>
        <h2 id={headingId} className="mt-2 font-display text-xl leading-snug font-semibold wrap-anywhere">
          <Link to={href} className="hover:text-brand-700 focus-visible:underline">
            {c.nominee_name}
          </Link>
        </h2>
        <p className="text-sm font-semibold text-brand-700">{c.award.title}</p>
        {c.reason ? <p className="mt-2 line-clamp-3 text-sm text-ink-soft italic wrap-anywhere">&ldquo;{c.reason}&rdquo;</p> : null}
        <div className="mt-auto flex flex-wrap items-center justify-between gap-2 pt-4">
          <p className="min-w-0 truncate text-xs text-muted">Nominated by {c.nominator_name}</p>
          <ReactionBar certificate={c} size="sm" />
        </div>
      </div>
    </article>
  );
}

export function CommunityCardSkeleton() {
  return (
    <div className="overflow-hidden rounded-3xl border border-line bg-white" aria-hidden="true">
      <div className="bg-paper-dark/50 p-4">
        <Skeleton className="aspect-[297/210] w-full rounded-lg" />
      </div>
      <div className="space-y-2 p-5">
        <Skeleton className="h-3 w-1/3 rounded" />
        <Skeleton className="h-6 w-2/3 rounded-md" />
        <Skeleton className="h-4 w-1/2 rounded" />
        <Skeleton className="h-4 w-full rounded" />
      </div>
    </div>
  );
}
