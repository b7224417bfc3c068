import { ArrowRight, ClipboardCheck, Clock, Gavel, ListChecks, RotateCcw, ScrollText, Stamp, UserRoundX } from 'lucide-react';
import { useMemo } from 'react';
import { Link, useNavigate } from 'react-router';
import { paths } from '@/contract/paths';
import { SealStamp } from '@/web/components/certificates/seal-stamp';
import { buttonVariants } from '@/web/components/ui/button';
import { Skeleton } from '@/web/components/ui/skeleton';
import { useHydrated } from '@/web/lib/hydration';
import { cn } from '@/web/lib/utils';
import { useQuiz } from '../api/get-quiz';
import { answeredCount, browserStorage, clearProgress, EMPTY_PROGRESS, fitProgress, readProgress } from '../lib/quiz-progress';
import { startQuiz } from '../lib/start-quiz';
import { AwardEmblem } from './award-emblem';

const STEPS = [
  {
    Icon: ListChecks,
    title: 'Answer the questions',
    text: 'Ten of them, about mornings, meetings, passwords and the chair in your bedroom. There are no wrong answers. There are revealing ones.',
  },
  {
    Icon: Gavel,
    title: 'The Committee deliberates',
    text: 'Every answer carries weight, measured to the nearest biscuit. The Committee adds it all up and reaches a verdict. Its decision is final.',
  },
  {
    Icon: ScrollText,
    title: 'Collect your certificate',
    text: 'Your award, with your name on it, ready to share with the group chat, frame above the desk or send to someone who saw it coming.',
  },
];

/** The exam paper beside the headline: decorative, the first question as the Committee files it. */
function ExamPaper({ prompt, answers }: { prompt: string; answers: string[] }) {
  return (
    <figure aria-hidden="true" className="relative mx-auto w-full max-w-md">
      <div className="absolute inset-0 translate-x-3 translate-y-3 rotate-2 rounded-lg bg-paper-dark shadow-card" />
      <div className="relative -rotate-1 rounded-lg border border-line bg-white p-6 shadow-[0_30px_60px_-24px_rgba(31,26,23,0.45)] sm:p-8">
        <div className="flex items-center justify-between border-b-2 border-ink pb-2">
          <p className="font-mono text-xs font-semibold tracking-widest text-ink uppercase">Form Q-10</p>
          <p className="font-mono text-xs text-muted">Assessment of character</p>
        </div>
        <p className="mt-5 text-xs font-semibold tracking-widest text-brand-700 uppercase">Question 1 of 10</p>
        <p className="mt-1 font-display text-xl leading-snug font-semibold text-ink">{prompt}</p>
        <ul className="mt-4 space-y-2">
          {answers.map((a, i) => (
            <li key={a} className="flex items-start gap-3 text-sm text-ink-soft">
              <span className={cn('mt-0.5 flex size-5 shrink-0 items-center justify-center rounded border-2', i === 0 ? 'border-brand-600 bg-brand-600 text-white' : 'border-line')}>
                {i === 0 ? '✓' : ''}
              </span>
              <span className="line-clamp-2">{a}</span>
            </li>
          ))}
        </ul>
        <div className="mt-6 flex items-end justify-between gap-4 border-t border-dashed border-line pt-4">
          <div>
            <p className="text-[0.65rem] font-semibold tracking-widest text-muted uppercase">For Committee use only</p>
            <p className="mt-1 font-display text-sm text-ink italic">Verdict pending</p>
          </div>
          <SealStamp className="size-16 shrink-0" />
        </div>
      </div>
    </figure>
  );
}

/** The call to start, or to go on with a quiz already begun in this browser (known only once hydrated). */
function StartButtons({ total }: { total: number }) {
  const navigate = useNavigate();
  const hydrated = useHydrated();
  const quiz = useQuiz();
  const progress = useMemo(() => (hydrated && quiz.data ? fitProgress(readProgress(browserStorage()), quiz.data) : EMPTY_PROGRESS), [hydrated, quiz.data]);
  const answered = quiz.data ? answeredCount(progress, quiz.data) : 0;


  if (answered > 0 && quiz.data) {
    const next = Math.min(progress.step + 1, total);
    return (
      <div className="flex flex-wrap gap-3">
        <Link to={paths.quiz} className={buttonVariants({ size: 'lg' })}>
          {progress.step >= total ? 'Go on to the verdict' : `Go on with question ${next} of ${total}`} <ArrowRight aria-hidden="true" />
        </Link>
        <button
          type="button"
          className={buttonVariants({ size: 'lg', variant: 'secondary' })}
          onClick={() => {
            clearProgress(browserStorage());
            startQuiz('again');
            void navigate(paths.quiz);
          }}
        >
          <RotateCcw aria-hidden="true" /> Start again
        </button>
      </div>
    );
  }
  return (
    <Link to={paths.quiz} onClick={() => startQuiz('landing')} className={buttonVariants({ size: 'lg' })}>
      Start the quiz <ArrowRight aria-hidden="true" />
    </Link>
  );
}

/** /quiz-landing: what the quiz is, why it is worth two minutes, and the way in. */
export function QuizLanding() {
  const quiz = useQuiz();
  const first = quiz.data?.questions[0];
  const total = quiz.data?.questions.length ?? 10;
  const outcomes = quiz.data?.outcomes ?? [];
  const shown = outcomes.slice(0, 12);

  return (
    <>
      <section className="relative overflow-hidden">
        <div
          className="pointer-events-none absolute inset-0 opacity-[0.07]"
          style={{ backgroundImage: 'repeating-linear-gradient(0deg, #1f1a17 0 1px, transparent 1px 32px)' }}
          aria-hidden="true"
        />
        <div className="relative mx-auto grid max-w-6xl items-center gap-12 px-4 py-14 sm:px-6 md:py-20 lg:grid-cols-[1.1fr_1fr]">
          <div>
            <p className="text-sm font-semibold tracking-widest text-brand-700 uppercase">An official assessment</p>
            <h1 className="mt-3 text-5xl leading-[1.05] font-semibold tracking-tight text-balance sm:text-6xl">
              Which award do you <span className="text-brand-600 italic">deserve?</span>
            </h1>
            <p className="mt-6 max-w-xl text-lg text-ink-soft">
              You have been quietly earning an award for years. Answer {total} honest questions and the Committee will tell you which one, with a
              certificate to prove it.
            </p>
            <div className="mt-8">
              {quiz.isPending ? <Skeleton className="h-13 w-56 rounded-full" /> : <StartButtons total={total} />}
            </div>
            <ul className="mt-8 flex max-w-xl flex-wrap gap-x-6 gap-y-3 text-sm text-ink-soft">
              <li className="flex items-center gap-2">
                <ClipboardCheck className="size-4 shrink-0 text-brand-600" aria-hidden="true" /> {total} questions
              </li>
              <li className="flex items-center gap-2">
                <Clock className="size-4 shrink-0 text-brand-600" aria-hidden="true" /> About 2 minutes
              </li>
              <li className="flex items-center gap-2">
                <UserRoundX className="size-4 shrink-0 text-brand-600" aria-hidden="true" /> No sign-up
              </li>
              <li className="flex items-center gap-2">
                <Stamp className="size-4 shrink-0 text-brand-600" aria-hidden="true" /> Free certificate
              </li>
            </ul>
          </div>
          {first ? (
            <ExamPaper prompt={first.prompt} answers={first.answers.slice(0, 3).map((a) => a.label)} />
          ) : (
            <Skeleton className="mx-auto h-96 w-full max-w-md rounded-lg" />
          )}
        </div>
      </section>

      <section aria-labelledby="how-heading" className="border-y border-line bg-white">
        <div className="mx-auto max-w-6xl px-4 py-14 sm:px-6">
          <h2 id="how-heading" className="text-3xl font-semibold tracking-tight sm:text-4xl">
            How the assessment works
          </h2>
          <ol className="mt-8 grid gap-8 md:grid-cols-3">
            {STEPS.map(({ Icon, title, text }, i) => (
              <li key={title} className="relative rounded-3xl bg-paper p-6">
                <span className="absolute top-5 right-6 font-display text-5xl font-semibold text-brand-100" aria-hidden="true">
                  {i + 1}
                </span>
                <Icon className="size-8 text-brand-600" aria-hidden="true" />
                <h3 className="mt-4 text-xl font-semibold">{title}</h3>
                <p className="mt-2 text-ink-soft">{text}</p>
              </li>
            ))}
          </ol>
        </div>
      </section>

      <section aria-labelledby="verdicts-heading" className="mx-auto max-w-6xl px-4 py-14 sm:px-6">
        <div className="flex flex-col gap-3 md:flex-row md:items-end md:justify-between">
          <div className="max-w-2xl">
            <h2 id="verdicts-heading" className="text-3xl font-semibold tracking-tight sm:text-4xl">
              Verdicts the Committee may reach
            </h2>
            <p className="mt-2 text-ink-soft">
              {outcomes.length ? `${outcomes.length} possible honours. ` : ''}Each of them has been earned by somebody. Possibly this morning.
            </p>
          </div>
          <Link to={paths.quizGallery} className={cn(buttonVariants({ variant: 'secondary' }), 'self-start md:self-auto')}>
            See the Hall of Fame
          </Link>
        </div>
        <ul className="mt-8 grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3" aria-busy={quiz.isPending}>
          {quiz.isPending
            ? Array.from({ length: 6 }, (_, i) => (
                <li key={i}>
                  <Skeleton className="h-20 w-full rounded-2xl" />
                </li>
              ))
            : shown.map((a) => (
                <li key={a.id} className="flex min-w-0 items-center gap-4 rounded-2xl border border-line bg-white p-3 pr-4">
                  <AwardEmblem award={a} className="size-14" lazy />
                  <div className="min-w-0">
                    <p className="font-display leading-snug font-semibold text-ink">{a.title}</p>
                    {a.tagline ? <p className="truncate text-sm text-muted italic">{a.tagline}</p> : null}
                  </div>
                </li>
              ))}
        </ul>
        {outcomes.length > shown.length ? (
          <p className="mt-4 text-sm text-muted">…and {outcomes.length - shown.length} more, which the Committee prefers to reveal in person.</p>
        ) : null}
      </section>

      <section className="mx-auto max-w-6xl px-4 pb-16 sm:px-6">
        <div className="flex flex-col items-start gap-5 rounded-3xl bg-ink p-8 text-white sm:p-10 md:flex-row md:items-center md:justify-between">
          <div>
            <h2 className="text-3xl font-semibold">The Committee will see you now.</h2>
            <p className="mt-2 text-white/80">Scientifically dubious. Legally meaningless. Emotionally binding.</p>
          </div>
          <Link to={paths.quiz} onClick={() => startQuiz('landing')} className={buttonVariants({ size: 'lg', variant: 'gold' })}>
            Take the quiz
          </Link>
        </div>
      </section>
    </>
  );
}
