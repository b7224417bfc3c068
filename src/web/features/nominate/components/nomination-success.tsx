import { ArrowRight, ExternalLink, Globe2, Lock, Printer, Send } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link, useLocation } from 'react-router';
import type { CreateNominationResult } from '@/contract/nominations';
import { hrefs, paths } from '@/contract/paths';
import { CertificateFrame } from '@/web/components/certificates/certificate-frame';
import { DownloadLinks } from '@/web/components/certificates/download-links';
import { SealStamp } from '@/web/components/certificates/seal-stamp';
import { ShareButtons } from '@/web/components/certificates/share-buttons';
import { buttonVariants } from '@/web/components/ui/button';
import { CopyField } from '@/web/components/ui/copy-field';
import { absoluteUrl } from '@/web/lib/absolute-url';
import { textLink } from '@/web/lib/styles';
import { cn } from '@/web/lib/utils';
import { loadNominationResult } from '../lib/success-store';
import { deliveryDays, getSiteSettings } from '@/web/lib/site-settings';

function Panel({ title, children, className }: { title: string; children: React.ReactNode; className?: string }) {
  return (
    <section aria-label={title} className={cn('rounded-3xl border bg-white p-5 shadow-card sm:p-6', className ?? 'border-line')}>
      <h2 className="font-display text-xl font-semibold">{title}</h2>
      <div className="mt-3">{children}</div>
    </section>
  );
}

export function NominationSuccess() {
  const location = useLocation();
  const result: CreateNominationResult | null = loadNominationResult(location.state);
  const heading = useRef<HTMLHeadingElement>(null);

  // After the submit, focus lands on the news (screen readers hear it first).
  useEffect(() => heading.current?.focus(), []);

  if (!result) {
    return (
      <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-20 text-center">
        <SealStamp className="size-16 opacity-40" />
        <h1 ref={heading} tabIndex={-1} className="mt-6 text-3xl font-semibold outline-none sm:text-4xl">
          Nothing has been filed in this tab yet
        </h1>
        <p className="mt-3 text-lg text-ink-soft">
          This page shows a nomination right after it is made, with its share and claim links. The committee is ready when you are.
        </p>
        <Link to={paths.nominate} className={cn(buttonVariants({ size: 'lg' }), 'mt-8')}>
          Nominate someone <ArrowRight aria-hidden="true" />
        </Link>
      </section>
    );
  }

  const c = result.certificate;
  const first = c.nominee_name.split(/\s+/)[0] || c.nominee_name;
  const pageUrl = absoluteUrl(c.urls.page);
  const claimUrl = absoluteUrl(result.claim_url);
  const share = { url: pageUrl, nominee: c.nominee_name, awardTitle: c.award.title };

  return (
    <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6 lg:py-14">
      <header className="flex flex-col items-center text-center">
        <SealStamp className="size-20" />
        <p className="mt-4 text-sm font-semibold tracking-widest text-brand-700 uppercase">Filed · No. {c.certificate_number}</p>
        <h1 ref={heading} tabIndex={-1} className="mt-2 max-w-3xl text-4xl font-semibold tracking-tight text-balance wrap-anywhere outline-none sm:text-5xl">
          It&rsquo;s official. {c.nominee_name} has been recognised.
        </h1>
        <p className="mt-3 max-w-xl text-lg text-ink-soft">Now for the best part: telling everyone.</p>
      </header>

      <div className="mt-10 grid items-start gap-8 lg:grid-cols-[minmax(0,1.15fr)_minmax(0,1fr)]">
        <div className="lg:sticky lg:top-24">
          <CertificateFrame src={c.urls.svg} alt={`${c.award.title}, awarded to ${c.nominee_name}`} priority />
          <div className="mt-4 flex flex-wrap items-center justify-between gap-3">
            <Link to={hrefs.certificate(c.share_id)} className={textLink}>
              Open the certificate page <ExternalLink aria-hidden="true" />
            </Link>
            {c.is_public ? (
              <span className="inline-flex items-center gap-1.5 text-sm text-muted">
                <Globe2 className="size-4" aria-hidden="true" /> Joins the community wall once {first} accepts
              </span>
            ) : (
              <span className="inline-flex items-center gap-1.5 text-sm text-muted">
                <Lock className="size-4" aria-hidden="true" /> Private: only people with the link can see it
              </span>
            )}
          </div>
        </div>

        <div className="space-y-5">
          <Panel title="Share it">
            <CopyField label="Certificate link" value={pageUrl} testId="certificate-link" />
            <ShareButtons input={share} className="mt-4" />
          </Panel>

          <Panel title={`The claim link: for ${first} only`} className="border-gold/60 bg-[linear-gradient(180deg,#fffaf0,#fff)]">
            <p className="text-sm text-ink-soft">
              {result.claim_mail_sent
                ? `We've emailed ${first} their claim link. Here it is too, in case the email takes the scenic route.`
                : `Send this to ${first}: it's how they claim it. They can accept the honour, download it, or decline it for good.`}
            </p>
            <div className="mt-3">
              <CopyField
                label="Claim link"
                value={claimUrl}
                buttonLabel="Copy claim link"
                copiedMessage="Claim link copied"
                tone="gold"
                testId="claim-link"
                description="Shown only this once. Anyone holding it can accept or decline, so send it to the nominee alone."
              />
            </div>
            {!result.claim_mail_sent ? (
              <a
                href={`mailto:?subject=${encodeURIComponent(`You have been officially recognised: ${c.award.title}`)}&body=${encodeURIComponent(`Claim your certificate here: ${claimUrl}`)}`}
                className={cn(textLink, 'mt-3')}
              >
                <Send aria-hidden="true" /> Email it to {first}
              </a>
            ) : null}
          </Panel>

          <Panel title="Keep a copy">
            <p className="text-sm text-ink-soft">Print-ready at 300 DPI, or as an A4 PDF.</p>
            <DownloadLinks certificate={c} className="mt-3" />
            <div className="mt-5 flex flex-col gap-3 rounded-2xl bg-ink p-4 text-white sm:flex-row sm:items-center">
              <Printer className="size-6 shrink-0 text-gold" aria-hidden="true" />
              <p className="flex-1 text-sm text-white/85">
                <strong className="font-semibold text-white">Frame-worthy.</strong> Printed and shipped worldwide in {deliveryDays()} business days; express is available.
              </p>
              <Link to={hrefs.storeCertificate(c.share_id)} className={buttonVariants({ variant: 'gold', size: 'sm' })}>
                Get it printed
              </Link>
            </div>
          </Panel>

          <p className="flex flex-wrap gap-x-6 gap-y-2 px-1 text-sm">
            <Link to={paths.nominate} className="font-semibold text-brand-700 hover:underline">
              Nominate someone else
            </Link>
            {c.is_public && getSiteSettings().features.community ? (
              <Link to={paths.community} className="font-semibold text-brand-700 hover:underline">
                See the community wall
              </Link>
            ) : null}
          </p>
        </div>
      </div>
    </div>
  );
}
