import { ArrowRight, Gift, LogIn, Printer, UserCheck } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import type { Certificate } from '@/contract/nominations';
import { hrefs, paths } from '@/contract/paths';
import { CLAIM_ERROR_CODES as CLAIM_ERRORS } from '@/contract/nominations-constants';
import { CertificateFrame } from '@/web/components/certificates/certificate-frame';
import { DownloadLinks } from '@/web/components/certificates/download-links';
import { KindMessage } from '@/web/components/certificates/kind-message';
import { SealStamp } from '@/web/components/certificates/seal-stamp';
import { ShareButtons } from '@/web/components/certificates/share-buttons';
import { Button, buttonVariants } from '@/web/components/ui/button';
import { CopyField } from '@/web/components/ui/copy-field';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/web/components/ui/dialog';
import { Notice } from '@/web/components/ui/notice';
import { Skeleton } from '@/web/components/ui/skeleton';
import { toast } from '@/web/components/ui/use-toast';
import { absoluteUrl } from '@/web/lib/absolute-url';
import { trackEvent } from '@/web/lib/analytics';
import { ApiRequestError } from '@/web/lib/api-client';
import { useAuth } from '@/web/lib/auth';
import { textLink } from '@/web/lib/styles';
import { issuedDate } from '@/web/lib/time-ago';
import { cn } from '@/web/lib/utils';
import { useAcceptClaim } from '../api/accept-claim';
import { useDeclineClaim } from '../api/decline-claim';
import { useClaim } from '../api/get-claim';
import { getSiteSettings } from '@/web/lib/site-settings';

const firstName = (name: string) => name.trim().split(/\s+/)[0] || name;

function DeclineDialog({
  open,
  onOpenChange,
  certificate,
  onConfirm,
  pending,
}: {
  open: boolean;
  onOpenChange(open: boolean): void;
  certificate: Certificate;
  onConfirm(): void;
  pending: boolean;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogTitle>Decline this award?</DialogTitle>
        <DialogDescription className="mt-2 text-base text-ink-soft">
          This is final. {certificate.award.title} is withdrawn at once: it leaves public view, its page says it was withdrawn, and
          this link stops working. Nobody can accept it for you afterwards.
        </DialogDescription>
        <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={() => onOpenChange(false)} autoFocus>
            Keep it
          </Button>
          <Button onClick={onConfirm} disabled={pending}>
            {pending ? 'Declining…' : 'Decline for good'}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}

function Declined() {
  return (
    <KindMessage
      icon="withdrawn"
      eyebrow="Declined"
      title="Declined. The certificate has been withdrawn."
      actions={
        <>
          <Link to={paths.nominate} className={buttonVariants()}>
            Turn the tables: nominate someone <ArrowRight aria-hidden="true" />
          </Link>
          <Link to={paths.home} className={buttonVariants({ variant: 'secondary' })}>
            Back to the homepage
          </Link>
        </>
      }
    >
      <p>No hard feelings. The committee has shredded the paperwork and will not bring it up again.</p>
    </KindMessage>
  );
}

function ClaimLoading() {
  return (
    <div className="mx-auto max-w-4xl px-4 py-12 sm:px-6" aria-busy="true">
      <p className="sr-only" role="status">
        Loading...
      </p>
      <Skeleton className="mx-auto h-4 w-40 rounded-md" />
      <Skeleton className="mx-auto mt-4 h-12 w-3/4 rounded-lg" />
      <Skeleton className="mx-auto mt-8 aspect-[297/210] w-full max-w-3xl rounded-lg" />
    </div>
  );
}

/** /claim/:token — the nominee's moment: accept (optionally signed in), download, print, share, or decline for good. */
export function ClaimPage({ token }: { token: string }) {
  const claim = useClaim(token);
  const { user } = useAuth();
  const accept = useAcceptClaim(token);
  const decline = useDeclineClaim(token, claim.data?.certificate.share_id);
  const [confirming, setConfirming] = useState(false);
  const [declined, setDeclined] = useState(false);
  const [accepted, setAccepted] = useState<{ linked: boolean } | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);

  // After accepting or declining, focus moves to the new headline so the change is heard.
  useEffect(() => {
    if (accepted || declined) heading.current?.focus();
  }, [accepted, declined]);

  const error = claim.error instanceof ApiRequestError ? claim.error : null;
  if (declined || error?.code === CLAIM_ERRORS.used || error?.status === 410) {
    return declined ? (
      <Declined />
    ) : (
      <KindMessage
        icon="withdrawn"
        eyebrow="Already answered"
        title="This award has been declined"
        actions={
          <Link to={paths.home} className={buttonVariants()}>
            Back to the homepage
          </Link>
        }
      >
        <p>Someone with this link declined it, so the certificate was withdrawn and the link has retired with it.</p>
        <p className="text-base text-muted">If that wasn&rsquo;t you, ask the person who nominated you: they can issue a new nomination.</p>
      </KindMessage>
    );
  }
  if (claim.isPending) return <ClaimLoading />;
  if (error?.status === 404 || error?.status === 400 || error?.code === CLAIM_ERRORS.notFound) {
    return (
      <KindMessage
        eyebrow="Claim link not recognised"
        title="This claim link doesn't lead anywhere"
        actions={
          <>
            <Link to={paths.home} className={buttonVariants()}>
              Back to the homepage
            </Link>
            {getSiteSettings().features.community ? (
              <Link to={paths.community} className={buttonVariants({ variant: 'secondary' })}>
                See the community wall
              </Link>
            ) : null}
          </>
        }
      >
        <p>It may have been copied only in part, or replaced by a newer link.</p>
        <p className="text-base text-muted">
          Open the latest email about it, or ask the person who nominated you for a fresh link: they can make one from their account in a
          click.
        </p>
      </KindMessage>
    );
  }
  if (!claim.data) {
    return (
      <div className="mx-auto max-w-xl px-4 py-16">
        <Notice tone="error" title="The claim did not load">
          {claim.error?.message ?? 'An unexpected error occurred'}
        </Notice>
        <Button className="mt-4" onClick={() => void claim.refetch()}>
          Try again
        </Button>
      </div>
    );
  }

  const c = claim.data.certificate;
  const isAccepted = claim.data.status === 'claimed' || accepted !== null;
  const first = firstName(c.nominee_name);
  const from = c.nominator_name === 'Anonymous' ? 'Someone who prefers to remain Anonymous' : c.nominator_name;

  function onAccept() {
    accept.mutate(undefined, {
      onSuccess: (r) => {
        trackEvent('award_claimed', { award_id: r.certificate.award.id, signed_in: r.linked_to_account });
        setAccepted({ linked: r.linked_to_account });
      },
      onError: (err) => {
        if (err instanceof ApiRequestError && err.status === 410) void claim.refetch();
        toast({ title: 'The honour was not accepted', description: err.message, variant: 'destructive' });
      },
    });
  }
  function onDecline() {
    decline.mutate(undefined, {
      onSuccess: () => {
        setConfirming(false);
        setDeclined(true);
      },
      onError: (err) => toast({ title: 'That did not work', description: err.message, variant: 'destructive' }),
    });
  }

  const dialog = (
    <DeclineDialog open={confirming} onOpenChange={setConfirming} certificate={c} onConfirm={onDecline} pending={decline.isPending} />
  );

  if (isAccepted) {
    const pageUrl = absoluteUrl(c.urls.page);
    const share = { url: pageUrl, nominee: c.nominee_name, awardTitle: c.award.title };
    return (
      <div className="mx-auto max-w-5xl px-4 py-10 sm:px-6 lg:py-14">
        <header className="flex flex-col items-center text-center">
          <SealStamp className="size-20" />
          <p className="mt-4 text-sm font-semibold tracking-widest text-brand-700 uppercase">Accepted · No. {c.certificate_number}</p>
          <h1 ref={heading} tabIndex={-1} className="mt-2 max-w-3xl text-4xl font-semibold tracking-tight text-balance outline-none sm:text-5xl">
            Congratulations, {first}. It&rsquo;s yours.
          </h1>
          <p className="mt-3 max-w-xl text-lg text-ink-soft">
            {accepted?.linked
              ? 'It is on your account now, next to everything else you have achieved.'
              : 'The honour is on the record. Frame it, post it, or bring it up at every opportunity.'}
          </p>
          {accepted?.linked ? (
            <Link to={paths.account} className={cn(textLink, 'mt-3')}>
              <UserCheck aria-hidden="true" /> See it on your account
            </Link>
          ) : null}
        </header>

        <CertificateFrame className="mx-auto mt-10 max-w-3xl" src={c.urls.svg} alt={`${c.award.title}, awarded to ${c.nominee_name}`} priority />

        <div className="mx-auto mt-8 grid max-w-3xl gap-5 md:grid-cols-2">
          <section aria-labelledby="keep-heading" className="rounded-3xl border border-line bg-white p-5 shadow-card">
            <h2 id="keep-heading" className="font-display text-xl font-semibold">
              Keep it
            </h2>
            <p className="mt-1 text-sm text-ink-soft">Print-ready at 300 DPI, or as an A4 PDF.</p>
            <DownloadLinks certificate={c} className="mt-3" />
            <Link to={hrefs.storeCertificate(c.share_id)} className={cn(buttonVariants({ variant: 'gold' }), 'mt-4 w-full')}>
              <Printer aria-hidden="true" /> Get it printed
            </Link>
          </section>
          <section aria-labelledby="share-heading" className="rounded-3xl border border-line bg-white p-5 shadow-card">
            <h2 id="share-heading" className="font-display text-xl font-semibold">
              Show it off
            </h2>
            <div className="mt-3">
              <CopyField label="Link to your certificate" value={pageUrl} />
            </div>
            <ShareButtons input={share} className="mt-4" />
          </section>
        </div>

        <p className="mt-10 text-center text-sm text-muted">
          Changed your mind?{' '}
          <button type="button" className="font-semibold text-ink underline underline-offset-4" onClick={() => setConfirming(true)}>
            Decline this award
          </button>
        </p>
        {dialog}
      </div>
    );
  }

  return (
    <div className="relative overflow-hidden">
      <div
        className="pointer-events-none absolute inset-x-0 top-0 h-[36rem] bg-[radial-gradient(ellipse_at_top,rgb(224_165_38/0.22),transparent_65%)]"
        aria-hidden="true"
      />
      <div className="relative mx-auto max-w-4xl px-4 py-10 sm:px-6 lg:py-14">
        <header className="text-center">
          <p className="inline-flex items-center gap-2 rounded-full border border-gold/50 bg-white/70 px-3 py-1 text-xs font-semibold tracking-widest text-gold-dark uppercase">
            <Gift className="size-3.5" aria-hidden="true" /> Official notice · {issuedDate(c.issued_at)}
          </p>
          <h1 ref={heading} tabIndex={-1} className="mt-4 text-4xl leading-[1.08] font-semibold tracking-tight text-balance wrap-anywhere outline-none sm:text-5xl">
            You have been officially recognised, {first}.
          </h1>
          <p className="mx-auto mt-4 max-w-2xl text-lg text-ink-soft">
            {from} has nominated you for <strong className="font-semibold text-ink">{c.award.title}</strong>. The committee has reviewed the
            evidence and found it compelling.
          </p>
        </header>

        <CertificateFrame className="mx-auto mt-8 max-w-3xl" src={c.urls.svg} alt={`${c.award.title}, awarded to ${c.nominee_name}. ${c.reason}`} priority />
        {c.reason ? (
          <blockquote className="mx-auto mt-6 max-w-2xl text-center">
            <p className="font-display text-xl text-ink italic wrap-anywhere">&ldquo;{c.reason}&rdquo;</p>
            <footer className="mt-1 text-sm text-muted">{c.nominator_name}</footer>
          </blockquote>
        ) : null}

        <section aria-label="Your answer" className="mx-auto mt-8 max-w-xl rounded-3xl border border-line bg-white p-6 text-center shadow-card">
          <Button size="lg" className="w-full sm:w-auto" onClick={onAccept} disabled={accept.isPending}>
            {accept.isPending ? 'Accepting…' : 'Accept the honour'}
          </Button>
          <p className="mt-3 text-sm text-ink-soft">
            {user ? (
              <>
                Accepting as <strong className="font-semibold break-all">{user.email}</strong>: it will appear on your account.
              </>
            ) : (
              <>
                Want it on your account?{' '}
                <Link to={hrefs.signIn(`/claim/${token}`)} className="inline-flex items-center gap-1 font-semibold text-brand-700 underline underline-offset-4">
                  <LogIn className="size-3.5" aria-hidden="true" />
                  Sign in first
                </Link>
                . Or accept as a guest: that works too.
              </>
            )}
          </p>
          <p className="mt-2 text-xs text-muted">
            {c.is_public
              ? 'Your nominator would like it on the community wall: it goes up only once you accept. You can still decline later.'
              : 'This one is private: only people with its link can see it. You can still decline later.'}
          </p>
          <div className="mt-5 border-t border-line pt-4">
            <button type="button" onClick={() => setConfirming(true)} className="text-sm font-semibold text-ink-soft underline underline-offset-4 hover:text-ink">
              No thanks, decline this award
            </button>
          </div>
        </section>
        {dialog}
      </div>
    </div>
  );
}
