import { Check, EyeOff, Globe2, Lock, PenLine, Printer, RotateCcw, Sparkles } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { hrefs, paths } from '@/contract/paths';
import type { QuizResult } from '@/contract/quiz';
import { QUIZ_ERROR_CODES } from '@/contract/quiz-constants';
import { CertificateFrame } from '@/web/components/certificates/certificate-frame';
import { KindMessage } from '@/web/components/certificates/kind-message';
import { SealStamp } from '@/web/components/certificates/seal-stamp';
import { ShareButtons } from '@/web/components/certificates/share-buttons';
import { Button, buttonVariants } from '@/web/components/ui/button';
import { CopyField } from '@/web/components/ui/copy-field';
import { Notice } from '@/web/components/ui/notice';
import { Skeleton } from '@/web/components/ui/skeleton';
import { toast } from '@/web/components/ui/use-toast';
import { absoluteUrl } from '@/web/lib/absolute-url';
import { ApiRequestError } from '@/web/lib/api-client';
import { useHeadOverrides } from '@/web/lib/head';
import { quizResultHead } from '../lib/quiz-result-head';
import { useHydrated, useOrigin } from '@/web/lib/hydration';
import { issuedDate } from '@/web/lib/time-ago';
import { cn } from '@/web/lib/utils';
import { useQuizResult } from '../api/get-quiz-result';
import { useLeaveQuizGallery } from '../api/leave-quiz-gallery';
import { browserStorage } from '../lib/quiz-progress';
import { manageTokenFor } from '../lib/quiz-tokens';
import { quizShareText } from '../lib/quiz-share';
import { AwardEmblem } from './award-emblem';
import { deliveryDays } from '@/web/lib/site-settings';

function LoadingState() {
  return (
    <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 sm:px-6 lg:grid-cols-[minmax(0,1.35fr)_minmax(0,1fr)]" aria-busy="true">
      <p className="sr-only" role="status">
        Loading...
      </p>
      <div>
        <Skeleton className="h-5 w-48 rounded" />
        <Skeleton className="mt-3 h-12 w-3/4 rounded-lg" />
        <Skeleton className="mt-6 aspect-[297/210] w-full rounded-lg" />
      </div>
      <div className="space-y-4 lg:pt-16">
        <Skeleton className="h-56 w-full rounded-3xl" />
        <Skeleton className="h-48 w-full rounded-3xl" />
      </div>
    </div>
  );
}

/** Where the result is shown, and — for the browser that made it — the way out of the Hall of Fame. */
function HallOfFamePanel({ result }: { result: QuizResult }) {
  const hydrated = useHydrated();
  // The manage token lives in the browser that took the quiz; the server's page never knows it.
  const token = useMemo(() => (hydrated ? manageTokenFor(browserStorage(), result.id) : null), [hydrated, result.id]);
  const leave = useLeaveQuizGallery();
  return (
    <section aria-labelledby="fame-heading" className="rounded-3xl border border-line bg-white p-5 shadow-card sm:p-6">
      <h2 id="fame-heading" className="flex items-center gap-2 font-display text-xl font-semibold">
        {result.in_gallery ? <Globe2 className="size-5 text-brand-600" aria-hidden="true" /> : <Lock className="size-5 text-muted" aria-hidden="true" />}
        {result.in_gallery ? 'In the Hall of Fame' : 'Not in the Hall of Fame'}
      </h2>
      <p className="mt-2 text-sm text-ink-soft">
        {result.in_gallery
          ? 'This verdict is listed publicly on the quiz’s Hall of Fame, with the name on it.'
          : 'Only people with this link can see this verdict. The Committee respects discretion.'}
      </p>
      {result.in_gallery && token ? (
        <Button
          type="button"
          variant="outline"
          size="sm"
          className="mt-4"
          disabled={leave.isPending}
          onClick={() =>
            leave.mutate(
              { resultId: result.id, manageToken: token },
              {
                onSuccess: () => toast({ variant: 'success', title: 'Taken out of the Hall of Fame', description: 'Your link still works for anyone you send it to.' }),
                onError: (err) => toast({ variant: 'destructive', title: 'It could not be taken out', description: err.message }),
              },
            )
          }
        >
          <EyeOff aria-hidden="true" /> {leave.isPending ? 'Taking it out…' : 'Take it out of the Hall of Fame'}
        </Button>
      ) : null}
      <Link to={paths.quizGallery} className={cn(buttonVariants({ variant: 'link' }), 'mt-3 block h-auto text-sm')}>
        Visit the Hall of Fame
      </Link>
    </section>
  );
}

/** /quiz/results/:resultId — the verdict as a certificate, to share, print or pass on. */
export function QuizResultPage({ resultId }: { resultId: string }) {
  const { pathname, state } = useLocation();
  const query = useQuizResult(resultId);
  const origin = useOrigin();
  const hydrated = useHydrated();
  // "Just issued" comes with the quiz's own navigation, in this tab's history, which a reload keeps. A page the server
  // rendered (a reload, a reopened tab) never had it: it shows the emblem it was served with, and the seal stamps once.
  const [served] = useState(!hydrated);
  const fresh = !served && (state as { fresh?: boolean } | null)?.fresh === true;
  const r = query.data;
  const error = query.error instanceof ApiRequestError ? query.error : null;
  const missing = error?.code === QUIZ_ERROR_CODES.resultNotFound || error?.status === 404 || error?.status === 400;
  const mine = useMemo(() => (hydrated && r ? manageTokenFor(browserStorage(), r.id) !== null : false), [hydrated, r]);

  // The served page's head too (its route module's server render): one wording for both.
  useHeadOverrides(pathname, quizResultHead(r, missing));

  if (query.isPending) return <LoadingState />;

  if (missing || !r) {
    return (
      <KindMessage
        eyebrow="Not in the register"
        title="We can't find that quiz result"
        actions={
          <>
            <Link to={paths.quizLanding} className={buttonVariants()}>
              Take the quiz
            </Link>
            <Link to={paths.quizGallery} className={buttonVariants({ variant: 'secondary' })}>
              See the Hall of Fame
            </Link>
          </>
        }
      >
        {missing ? (
          <p>The link may be incomplete: quiz result links end in 22 letters, digits, dashes or underscores. Ask whoever sent it to send it again.</p>
        ) : (
          <Notice tone="error" title="The result did not load">
            {query.error?.message ?? 'An unexpected error occurred'}
          </Notice>
        )}
      </KindMessage>
    );
  }

  const pageUrl = absoluteUrl(r.urls.page, origin);
  const share = { url: pageUrl, nominee: r.name ?? 'Someone', awardTitle: r.award.title, ...quizShareText(r) };
  const who = r.name ?? 'The bearer of this certificate';
  return (
    <div className="mx-auto max-w-6xl overflow-x-clip px-4 py-8 sm:px-6 lg:py-12">
      <div className="grid items-start gap-8 lg:grid-cols-[minmax(0,1.35fr)_minmax(0,1fr)] lg:gap-10">
        <div className="min-w-0">
          <div className="flex items-start gap-4">
            <div className="min-w-0 flex-1">
              <p className="text-sm font-semibold tracking-widest text-brand-700 uppercase">The Committee has ruled</p>
              <h1 className="mt-1 text-3xl leading-tight font-semibold tracking-tight text-balance wrap-anywhere sm:text-4xl" data-testid="quiz-verdict">
                {r.name ? (
                  <>
                    {r.name}
                    <span className="block font-display text-xl font-normal text-ink-soft italic sm:text-2xl">is officially</span>
                  </>
                ) : (
                  <span className="block font-display text-xl font-normal text-ink-soft italic sm:text-2xl">The quiz has spoken:</span>
                )}
                <span className="block text-brand-700">{r.award.title}</span>
              </h1>
              {r.award.tagline ? <p className="mt-2 font-display text-lg text-ink-soft italic">“{r.award.tagline}”</p> : null}
            </div>
            {/* The seal lands once, on the verdict just issued; its stamping scale is clipped by the page (overflow-x-clip), so a phone never scrolls sideways. */}
            {fresh ? <SealStamp className="size-20 shrink-0 sm:size-24" /> : <AwardEmblem award={r.award} className="size-16 shrink-0 sm:size-20" />}
          </div>
          <CertificateFrame
            className="mt-6"
            src={r.urls.svg}
            alt={`Certificate: ${r.award.title}, awarded to ${who} by the Quiz Committee. ${r.award.description}`}
            priority
          />
          <p className="mt-3 text-sm text-muted">
            Certificate <span className="font-mono font-semibold text-ink">{r.certificate_number}</span>, issued {issuedDate(r.created_at)} by the
            Quiz Committee.
          </p>
          <div className="mt-6 rounded-2xl bg-paper-dark/60 p-5">
            <p className="text-sm font-semibold tracking-widest text-muted uppercase">The citation</p>
            <p className="mt-1 text-ink-soft">{r.award.description}</p>
          </div>
        </div>

        <div className="min-w-0 space-y-5 lg:pt-16">
          <section aria-labelledby="share-heading" className="rounded-3xl border border-line bg-white p-5 shadow-card sm:p-6">
            <h2 id="share-heading" className="font-display text-xl font-semibold">
              Announce it
            </h2>
            <p className="mt-1 text-sm text-ink-soft">The link shows the certificate in any chat it is pasted into.</p>
            <div className="mt-3">
              <CopyField label="Link to this verdict" value={pageUrl} testId="quiz-result-link" />
            </div>
            <ShareButtons input={share} className="mt-4" />
          </section>

          <section aria-labelledby="next-heading" className="rounded-3xl bg-ink p-5 text-white shadow-card sm:p-6">
            <h2 id="next-heading" className="flex items-center gap-2 font-display text-xl font-semibold">
              <Sparkles className="size-5 text-gold" aria-hidden="true" /> What next
            </h2>
            <ul className="mt-4 space-y-3">
              <li>
                <Link to={hrefs.storeAward(r.award.id)} className={cn(buttonVariants({ variant: 'gold' }), 'w-full justify-start')}>
                  <Printer aria-hidden="true" /> Get it printed and framed
                </Link>
              </li>
              <li>
                <Link to={hrefs.nominateAward(r.award.id)} className={cn(buttonVariants({ variant: 'ghostOnDark' }), 'w-full justify-start border border-white/30')}>
                  <PenLine aria-hidden="true" /> Nominate a friend for this award
                </Link>
              </li>
              <li>
                <Link to={mine ? paths.quiz : paths.quizLanding} className={cn(buttonVariants({ variant: 'ghostOnDark' }), 'w-full justify-start border border-white/30')}>
                  {mine ? <RotateCcw aria-hidden="true" /> : <Check aria-hidden="true" />}
                  {mine ? 'Take the quiz again' : 'Take the quiz yourself'}
                </Link>
              </li>
            </ul>
            <p className="mt-4 text-xs text-white/70">Prints ship worldwide in {deliveryDays()} business days; express is available.</p>
          </section>

          <HallOfFamePanel result={r} />
        </div>
      </div>
    </div>
  );
}
