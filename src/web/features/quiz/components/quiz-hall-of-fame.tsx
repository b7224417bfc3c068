import { ArrowDown, ArrowRight, Trophy } from 'lucide-react';
import { useId } from 'react';
import { Link, useSearchParams } from 'react-router';
import { paths } from '@/contract/paths';
import type { QuizAward, QuizGalleryItem } from '@/contract/quiz';
import { Button, buttonVariants } from '@/web/components/ui/button';
import { Notice } from '@/web/components/ui/notice';
import { Skeleton } from '@/web/components/ui/skeleton';
import { useNow } from '@/web/lib/hydration';
import { timeAgo } from '@/web/lib/time-ago';
import { cn } from '@/web/lib/utils';
import { useQuiz } from '../api/get-quiz';
import { useQuizGallery } from '../api/get-quiz-gallery';
import { GALLERY_AWARD_PARAM, galleryAwardFrom } from '../lib/gallery-filter';
import { startQuiz } from '../lib/start-quiz';
import { AwardEmblem } from './award-emblem';

function Entry({ item, now }: { item: QuizGalleryItem; now: number }) {
  return (
    <Link
      to={item.urls.page}
      className="group flex h-full min-w-0 flex-col rounded-3xl border border-line bg-white p-5 shadow-card transition-colors hover:border-ink focus-visible:ring-4 focus-visible:ring-brand-200"
    >
      <div className="flex items-start gap-4">
        <AwardEmblem award={item.award} className="size-16" lazy />
        <div className="min-w-0">
          <p className="font-display text-xl leading-snug font-semibold wrap-anywhere text-ink">{item.name ?? 'An anonymous taker'}</p>
          <p className="text-sm text-muted italic">is officially</p>
        </div>
      </div>
      <p className="mt-3 font-display text-lg leading-snug font-semibold text-brand-700">{item.award.title}</p>
      {item.award.tagline ? <p className="mt-1 text-sm text-ink-soft italic">“{item.award.tagline}”</p> : null}
      <p className="mt-auto flex items-center justify-between gap-3 pt-4 text-sm text-muted">
        <span>Certified {timeAgo(item.created_at, now, 'en')}</span>
        <span className="flex items-center gap-1 font-semibold text-ink group-hover:text-brand-700">
          See it <ArrowRight className="size-4" aria-hidden="true" />
        </span>
      </p>
    </Link>
  );
}

function EntrySkeleton() {
  return (
    <div className="rounded-3xl border border-line bg-white p-5">
      <div className="flex items-center gap-4">
        <Skeleton className="size-16 rounded-full" />
        <Skeleton className="h-6 w-32 rounded" />
      </div>
      <Skeleton className="mt-4 h-6 w-4/5 rounded" />
      <Skeleton className="mt-2 h-4 w-3/5 rounded" />
      <Skeleton className="mt-6 h-4 w-24 rounded" />
    </div>
  );
}

function AwardFilter({ outcomes, value, onChange }: { outcomes: QuizAward[]; value: string | undefined; onChange: (id: string | undefined) => void }) {
  const id = useId();
  return (
    // A GET form: the filter works before the page's script has arrived, and without it.
    <form method="get" action={paths.quizGallery} className="flex flex-col gap-2 sm:flex-row sm:items-center" onSubmit={(e) => e.preventDefault()}>
      <label htmlFor={id} className="text-sm font-semibold text-ink">
        Verdict
      </label>
      <select
        id={id}
        name={GALLERY_AWARD_PARAM}
        value={value ?? ''}
        onChange={(e) => onChange(e.target.value || undefined)}
        className="h-11 w-full rounded-xl border border-line bg-white px-3 text-base text-ink shadow-sm focus:border-ink focus:ring-4 focus:ring-brand-100 focus:outline-none sm:w-80"
      >
        <option value="">Every verdict</option>
        {outcomes.map((a) => (
          <option key={a.id} value={a.id}>
            {a.title}
          </option>
        ))}
      </select>
      <noscript>
        <button type="submit" className={buttonVariants({ variant: 'secondary', size: 'sm' })}>
          Show
        </button>
      </noscript>
    </form>
  );
}

/** /quiz/gallery: the results whose takers opted in, newest first, by award, a page at a time. */
export function QuizHallOfFame() {
  const [params, setParams] = useSearchParams();
  const awardId = galleryAwardFrom(params);
  const quiz = useQuiz();
  const gallery = useQuizGallery({ award_id: awardId });
  const now = useNow();
  const items = gallery.data?.pages.flatMap((p) => p.items) ?? [];
  const outcomes = quiz.data?.outcomes ?? [];
  const awardTitle = awardId ? outcomes.find((a) => a.id === awardId)?.title : undefined;

  const setAward = (id: string | undefined) =>
    setParams(
      (p) => {
        if (id) p.set(GALLERY_AWARD_PARAM, id);
        else p.delete(GALLERY_AWARD_PARAM);
        return p;
      },
      { replace: true, preventScrollReset: true },
    );

  return (
    <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6 sm:py-14">
      <header className="flex flex-col gap-5 md:flex-row md:items-end md:justify-between">
        <div className="max-w-2xl">
          <p className="text-sm font-semibold tracking-widest text-brand-700 uppercase">The quiz’s public record</p>
          <h1 className="mt-2 text-4xl font-semibold tracking-tight sm:text-5xl">Quiz Hall of Fame</h1>
          <p className="mt-3 text-lg text-ink-soft">
            Verdicts their recipients chose to make public. Every one of them was reached fairly, by a Committee that does not understand the
            word “appeal”.
          </p>
        </div>
        <Link to={paths.quizLanding} className={cn(buttonVariants({ size: 'lg' }), 'self-start md:self-auto')}>
          Take the quiz
        </Link>
      </header>

      <div className="mt-8 flex flex-col gap-3 border-y border-line py-4 sm:flex-row sm:items-center sm:justify-between">
        {quiz.isPending ? <Skeleton className="h-11 w-80 rounded-xl" /> : <AwardFilter outcomes={outcomes} value={awardId} onChange={setAward} />}
        <p className="text-sm text-muted" role="status" aria-live="polite">
          {gallery.isPending ? 'Loading...' : `${items.length}${gallery.hasNextPage ? '+' : ''} ${items.length === 1 ? 'verdict' : 'verdicts'} shown`}
        </p>
      </div>

      {gallery.isError && !items.length ? (
        <Notice tone="error" title="The Hall of Fame did not load" className="mt-8">
          {gallery.error.message}{' '}
          <button type="button" className="font-semibold underline" onClick={() => void gallery.refetch()}>
            Try again
          </button>
        </Notice>
      ) : null}

      {gallery.isPending ? (
        <div className="mt-8 grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3" aria-busy="true">
          {Array.from({ length: 6 }, (_, i) => (
            <EntrySkeleton key={i} />
          ))}
        </div>
      ) : null}

      {!gallery.isPending && !gallery.isError && items.length === 0 ? (
        <div className="mx-auto mt-10 max-w-lg rounded-3xl border border-dashed border-line bg-white p-10 text-center">
          <Trophy className="mx-auto size-10 text-gold-dark" aria-hidden="true" />
          <h2 className="mt-4 text-2xl font-semibold">{awardTitle ? `Nobody is ${awardTitle} yet` : 'The Hall of Fame is empty'}</h2>
          <p className="mt-2 text-ink-soft">
            {awardTitle
              ? 'No one who reached this verdict has made it public. It could be you: the Committee is ready when you are.'
              : 'No verdict has been made public yet. Take the quiz, tick the Hall of Fame box at the end, and be the first on the wall.'}
          </p>
          <div className="mt-6 flex flex-wrap justify-center gap-3">
            <Link to={paths.quiz} onClick={() => startQuiz('gallery')} className={buttonVariants()}>
              Take the quiz
            </Link>
            {awardId ? (
              <Button variant="secondary" onClick={() => setAward(undefined)}>
                Show every verdict
              </Button>
            ) : null}
          </div>
        </div>
      ) : null}

      {items.length > 0 ? (
        <ul className="mt-8 grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {items.map((item) => (
            <li key={item.id} className="flex min-w-0 flex-col">
              <Entry item={item} now={now} />
            </li>
          ))}
          {gallery.isFetchingNextPage
            ? Array.from({ length: 3 }, (_, i) => (
                <li key={`s${i}`} aria-hidden="true">
                  <EntrySkeleton />
                </li>
              ))
            : null}
        </ul>
      ) : null}

      <div className="mt-10 flex flex-col items-center gap-3">
        {gallery.hasNextPage ? (
          <Button variant="secondary" onClick={() => void gallery.fetchNextPage()} disabled={gallery.isFetchingNextPage}>
            <ArrowDown aria-hidden="true" />
            {gallery.isFetchingNextPage ? 'Loading...' : 'Show more verdicts'}
          </Button>
        ) : items.length > 6 ? (
          <p className="text-sm text-muted">That is every verdict on record. For now.</p>
        ) : null}
        {gallery.isError && items.length ? <p className="text-sm text-brand-700">More could not be loaded: {gallery.error.message}</p> : null}
      </div>
    </div>
  );
}

