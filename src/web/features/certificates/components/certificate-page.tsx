import { Award as AwardIcon, BadgeCheck, Clock, Globe2, Lock, Printer, Sparkles } from 'lucide-react';
import { Link, useLocation } from 'react-router';
import type { Certificate } from '@/contract/nominations';
import { CERTIFICATE_ERROR_CODES as CERTIFICATE_ERRORS } from '@/contract/nominations-constants';
import { hrefs } from '@/contract/paths';
import { CertificateFrame } from '@/web/components/certificates/certificate-frame';
import { DownloadLinks } from '@/web/components/certificates/download-links';
import { KindMessage } from '@/web/components/certificates/kind-message';
import { ReactionBar } from '@/web/components/certificates/reaction-bar';
import { ShareButtons } from '@/web/components/certificates/share-buttons';
import { buttonVariants } from '@/web/components/ui/button';
import { CopyField } from '@/web/components/ui/copy-field';
import { Notice } from '@/web/components/ui/notice';
import { Skeleton } from '@/web/components/ui/skeleton';
import { absoluteUrl } from '@/web/lib/absolute-url';
import { ApiRequestError } from '@/web/lib/api-client';
import { useHeadOverrides } from '@/web/lib/head';
import { certificateHead } from '../lib/certificate-head';
import { useOrigin, useRefreshAfterHydration } from '@/web/lib/hydration';
import { queryKeys } from '@/web/lib/query-keys';
import { totalReactions } from '@/web/lib/reactions';
import { issuedDate } from '@/web/lib/time-ago';
import { cn } from '@/web/lib/utils';
import { useCertificate } from '@/web/lib/api/get-certificate';
import { deliveryDays } from '@/web/lib/site-settings';

function VerificationPanel({ c }: { c: Certificate }) {
  return (
    <section aria-labelledby="verify-heading" className="rounded-3xl border border-emerald-700/25 bg-emerald-50/70 p-5 sm:p-6">
      <div className="flex items-start gap-3">
        <BadgeCheck className="size-7 shrink-0 text-emerald-700" aria-hidden="true" />
        <div>
          <h2 id="verify-heading" className="font-sans text-base font-bold text-ink">
            This certificate is genuine
          </h2>
          <p className="mt-0.5 text-sm text-ink-soft" data-testid="verification">
            No. <span className="font-mono font-semibold text-ink">{c.certificate_number}</span>, issued {issuedDate(c.issued_at)}
          </p>
        </div>
      </div>
      <dl className="mt-4 grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-2 text-sm">
        <dt className="text-muted">Awarded to</dt>
        <dd className="font-semibold wrap-anywhere">{c.nominee_name}</dd>
        <dt className="text-muted">Nominated by</dt>
        <dd className="wrap-anywhere">{c.nominator_name}</dd>
        <dt className="text-muted">Status</dt>
        <dd className="flex items-center gap-1.5">
          {c.status === 'claimed' ? (
            <>
              <Sparkles className="size-4 text-gold-dark" aria-hidden="true" /> Accepted by the recipient
            </>
          ) : (
            <>
              <Clock className="size-4 text-muted" aria-hidden="true" /> Awaiting the recipient&rsquo;s acceptance
            </>
          )}
        </dd>
        <dt className="text-muted">Record</dt>
        <dd className="flex items-center gap-1.5">
          {c.is_public ? (
            <>
              <Globe2 className="size-4 text-muted" aria-hidden="true" /> Public
            </>
          ) : (
            <>
              <Lock className="size-4 text-muted" aria-hidden="true" /> Private: link holders only
            </>
          )}
        </dd>
      </dl>
      <p className="mt-4 border-t border-emerald-700/15 pt-3 text-xs text-muted">
        Checked against the register just now. The register is confident. The register is always confident.
      </p>
    </section>
  );
}

function AwardCard({ c }: { c: Certificate }) {
  const a = c.award;
  return (
    <section aria-labelledby="award-heading" className="rounded-3xl border border-line bg-white p-5 shadow-card sm:p-6">
      <div className="flex items-start gap-4">
        {a.image_url ? (
          <img src={a.image_url} alt="" className="size-16 shrink-0 rounded-full bg-paper object-contain" />
        ) : (
          <span className="flex size-16 shrink-0 items-center justify-center rounded-full bg-paper-dark">
            <AwardIcon className="size-7 text-muted" aria-hidden="true" />
          </span>
        )}
        <div className="min-w-0">
          {a.category ? (
            <p className="flex items-center gap-1.5 text-xs font-semibold tracking-wide text-muted uppercase">
              <span className="size-2 rounded-full" style={{ backgroundColor: a.category.color ?? '#6366f1' }} aria-hidden="true" />
              {a.category.name}
            </p>
          ) : null}
          <h2 id="award-heading" className="mt-0.5 text-xl leading-snug font-semibold">
            {a.title}
          </h2>
          {a.tagline ? <p className="text-sm text-brand-700 italic">{a.tagline}</p> : null}
        </div>
      </div>
      <p className="mt-3 text-sm leading-relaxed text-ink-soft">{a.description}</p>
      <div className="mt-5 rounded-2xl bg-paper p-4">
        <p className="text-sm font-semibold">Know someone who deserves this too?</p>
        <Link to={hrefs.nominateAward(a.id)} className={cn(buttonVariants({ size: 'sm' }), 'mt-3')}>
          Nominate someone for this award
        </Link>
      </div>
    </section>
  );
}

function LoadingState() {
  return (
    <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 sm:px-6 lg:grid-cols-[minmax(0,1.35fr)_minmax(0,1fr)]" aria-busy="true">
      <p className="sr-only" role="status">
        Loading...
      </p>
      <div>
        <Skeleton className="h-10 w-2/3 rounded-lg" />
        <Skeleton className="mt-6 aspect-[297/210] w-full rounded-lg" />
      </div>
      <div className="space-y-4">
        <Skeleton className="h-56 w-full rounded-3xl" />
        <Skeleton className="h-64 w-full rounded-3xl" />
      </div>
    </div>
  );
}

/** /certificate/:shareId — the public page a share or a QR code opens; it doubles as "verify this certificate". */
export function CertificatePage({ shareId }: { shareId: string }) {
  const { pathname } = useLocation();
  const query = useCertificate(shareId);
  useRefreshAfterHydration(queryKeys.certificates.detail(shareId));
  const origin = useOrigin();
  const c = query.data;
  const error = query.error instanceof ApiRequestError ? query.error : null;
  const withdrawn = error?.code === CERTIFICATE_ERRORS.withdrawn || error?.status === 410 || c?.status === 'declined';
  const missing = !withdrawn && (error?.status === 404 || error?.status === 400);

  // The served page's head too (its route module's server render): one wording for both.
  useHeadOverrides(pathname, certificateHead(withdrawn ? undefined : c, withdrawn || missing));

  if (query.isPending) return <LoadingState />;

  if (withdrawn) {
    return (
      <KindMessage icon="withdrawn" eyebrow="Off the record" title="This certificate has been withdrawn">
        <p>It is no longer on the public record. That happens when the recipient declines the honour, or when our moderators take one down.</p>
        <p className="text-base text-muted">No hard feelings either way. The committee has filed it under &lsquo;modesty&rsquo;.</p>
      </KindMessage>
    );
  }

  if (missing || !c) {
    return (
      <KindMessage eyebrow="Not in the register" title="We can't find that certificate">
        {missing ? (
          <p>The link may be incomplete: certificate links end in 16 letters and numbers. If someone sent it to you, ask them to send it again.</p>
        ) : (
          <Notice tone="error" title="The certificate did not load">
            {query.error?.message ?? 'An unexpected error occurred'}
          </Notice>
        )}
      </KindMessage>
    );
  }

  const pageUrl = absoluteUrl(c.urls.page, origin);
  const share = { url: pageUrl, nominee: c.nominee_name, awardTitle: c.award.title };
  const reactions = totalReactions(c.reactions);
  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6 lg:py-12">
      <div className="grid items-start gap-8 lg:grid-cols-[minmax(0,1.35fr)_minmax(0,1fr)] lg:gap-10">
        <div className="min-w-0">
          <p className="text-sm font-semibold tracking-widest text-brand-700 uppercase">Official certificate</p>
          <h1 className="mt-1 text-3xl leading-tight font-semibold tracking-tight text-balance wrap-anywhere sm:text-4xl">
            {c.nominee_name}
            <span className="block font-display text-xl font-normal text-ink-soft italic sm:text-2xl">
              is hereby recognised for {c.award.title}
            </span>
          </h1>
          <CertificateFrame className="mt-6" src={c.urls.svg} alt={`${c.award.title}, awarded to ${c.nominee_name}. ${c.reason}`} priority />
          {c.reason ? (
            <blockquote className="mt-6 border-l-4 border-gold pl-4">
              <p className="font-display text-lg text-ink italic wrap-anywhere" data-testid="citation">
                &ldquo;{c.reason}&rdquo;
              </p>
              <footer className="mt-1 text-sm text-muted">Nominated by {c.nominator_name}</footer>
            </blockquote>
          ) : null}
          <div className="mt-6 flex flex-wrap items-center justify-between gap-3">
            <ReactionBar certificate={c} />
            <p className="text-sm text-muted" aria-live="polite">
              {reactions === 0 ? 'Be the first to react.' : `${reactions} ${reactions === 1 ? 'reaction' : 'reactions'} so far.`}
            </p>
          </div>
        </div>

        <div className="min-w-0 space-y-5 lg:pt-16">
          <VerificationPanel c={c} />
          <section aria-labelledby="share-heading" className="rounded-3xl border border-line bg-white p-5 shadow-card sm:p-6">
            <h2 id="share-heading" className="font-display text-xl font-semibold">
              Spread the news
            </h2>
            <div className="mt-3">
              <CopyField label="Link to this certificate" value={pageUrl} />
            </div>
            <ShareButtons input={share} className="mt-4" />
            <div className="mt-5 border-t border-line pt-4">
              <DownloadLinks certificate={c} />
            </div>
          </section>
          <section aria-labelledby="print-heading" className="rounded-3xl bg-ink p-5 text-white shadow-card sm:p-6">
            <h2 id="print-heading" className="flex items-center gap-2 font-display text-xl font-semibold">
              <Printer className="size-5 text-gold" aria-hidden="true" /> Frame-worthy
            </h2>
            <p className="mt-2 text-sm text-white/80">
              Printed on heavyweight paper, framed in black, oak or gold, and shipped worldwide in {deliveryDays()} business days; express is available.
            </p>
            <Link to={hrefs.storeCertificate(c.share_id)} className={cn(buttonVariants({ variant: 'gold', size: 'sm' }), 'mt-4')}>
              Get it printed
            </Link>
          </section>
          <AwardCard c={c} />
        </div>
      </div>
    </div>
  );
}
