import { ArrowLeft, ArrowRight, Keyboard } from 'lucide-react';
import { useEffect, useMemo, useReducer, useRef } from 'react';
import { Link } from 'react-router';
import type { Quiz, QuizQuestion } from '@/contract/quiz';
import { paths } from '@/contract/paths';
import { Button, buttonVariants } from '@/web/components/ui/button';
import { Notice } from '@/web/components/ui/notice';
import { Skeleton } from '@/web/components/ui/skeleton';
import { trackEvent } from '@/web/lib/analytics';
import { useHydrated } from '@/web/lib/hydration';
import { cn } from '@/web/lib/utils';
import { useQuiz } from '../api/get-quiz';
import { answeredCount, browserStorage, clearProgress, EMPTY_PROGRESS, fitProgress, readProgress, writeProgress, type QuizProgress } from '../lib/quiz-progress';
import { QuizFinish } from './quiz-finish';

const LETTERS = 'ABCDEFGHIJ';
/** How long a tapped answer stays on screen, marked, before the next question comes. */
export const AUTO_ADVANCE_MS = 350;

type Action =
  | { type: 'choose'; base: QuizProgress; questionId: string; answerId: string; started: boolean }
  | { type: 'go'; base: QuizProgress; step: number }
  /** Move on from `from` (a tapped answer's pause): ignored when the taker has moved already. */
  | { type: 'advance'; from: number }
  | { type: 'reset' };

function reducer(state: QuizProgress | null, action: Action): QuizProgress | null {
  switch (action.type) {
    case 'choose': {
      const p = state ?? action.base;
      return { ...p, started: p.started || action.started, answers: { ...p.answers, [action.questionId]: action.answerId } };
    }
    case 'go':
      return { ...(state ?? action.base), step: action.step };
    case 'advance':
      return state && state.step === action.from ? { ...state, step: action.from + 1 } : state;
    case 'reset':
      return EMPTY_PROGRESS;
  }
}

function ProgressBar({ step, total, answered }: { step: number; total: number; answered: number }) {
  const onFinish = step >= total;
  return (
    <div>
      <div className="flex items-baseline justify-between gap-3 text-sm">
        <p className="font-semibold tracking-widest text-brand-700 uppercase" data-testid="quiz-step">
          {onFinish ? 'All answered' : `Question ${step + 1} of ${total}`}
        </p>
        <p className="shrink-0 whitespace-nowrap text-muted">{Math.round((answered / total) * 100)}% complete</p>
      </div>
      <div
        role="progressbar"
        aria-label="Quiz progress"
        aria-valuemin={0}
        aria-valuemax={total}
        aria-valuenow={answered}
        aria-valuetext={`${answered} of ${total} questions answered`}
        className="mt-2 h-2.5 overflow-hidden rounded-full bg-paper-dark"
      >
        <div className="h-full rounded-full bg-brand-600 transition-[width] duration-300 ease-out" style={{ width: `${(answered / total) * 100}%` }} />
      </div>
    </div>
  );
}

function QuestionScreen({
  question,
  index,
  total,
  chosen,
  onChoose,
  onBack,
  onNext,
  headingRef,
}: {
  question: QuizQuestion;
  index: number;
  total: number;
  chosen: string | undefined;
  onChoose: (answerId: string, byPointer: boolean) => void;
  onBack: () => void;
  onNext: () => void;
  headingRef: React.RefObject<HTMLHeadingElement | null>;
}) {
  // A tap or click on an answer moves on by itself; arrow keys only choose (Enter moves on), so choosing by
  // keyboard never skips a question.
  const pointer = useRef(false);
  const headingId = `question-${question.id}`;
  const asideId = `${headingId}-aside`;
  return (
    <form
      className="motion-safe:animate-rise"
      onSubmit={(e) => {
        e.preventDefault();
        if (chosen) onNext();
      }}
    >
      <h1 id={headingId} ref={headingRef} tabIndex={-1} className="mt-6 text-2xl leading-tight font-semibold tracking-tight text-balance focus:outline-none sm:mt-8 sm:text-4xl">
        {question.prompt}
      </h1>
      {question.aside ? (
        <p id={asideId} className="mt-2 text-ink-soft">
          {question.aside}
        </p>
      ) : null}
      <div role="radiogroup" aria-labelledby={headingId} {...(question.aside ? { 'aria-describedby': asideId } : {})} className="mt-6 grid gap-3">
        {question.answers.map((a, i) => {
          const selected = chosen === a.id;
          return (
            <label
              key={a.id}
              onPointerDown={() => (pointer.current = true)}
              className={cn(
                'group flex cursor-pointer items-start gap-4 rounded-2xl border-2 bg-white p-4 text-left shadow-sm transition-colors sm:p-5',
                'has-[input:focus-visible]:outline-solid has-[input:focus-visible]:outline-[3px] has-[input:focus-visible]:outline-offset-2 has-[input:focus-visible]:outline-brand-600',
                selected ? 'border-brand-600 bg-brand-50' : 'border-line hover:border-ink',
              )}
            >
              <input
                type="radio"
                name={`question-${question.id}`}
                value={a.id}
                checked={selected}
                onChange={() => {
                  onChoose(a.id, pointer.current);
                  pointer.current = false;
                }}
                onClick={() => {
                  // Tapping the answer already chosen moves on too.
                  if (selected && pointer.current) {
                    pointer.current = false;
                    onNext();
                  }
                }}
                onKeyDown={() => (pointer.current = false)}
                className="sr-only"
              />
              <span
                aria-hidden="true"
                className={cn(
                  'flex size-8 shrink-0 items-center justify-center rounded-full border-2 font-display text-sm font-semibold transition-colors',
                  selected ? 'border-brand-600 bg-brand-600 text-white' : 'border-line text-ink-soft group-hover:border-ink',
                )}
              >
                {LETTERS[i] ?? i + 1}
              </span>
              <span className="pt-1 text-base leading-snug text-ink">{a.label}</span>
            </label>
          );
        })}
      </div>
      <p className="mt-4 hidden items-center gap-2 text-xs text-muted sm:flex">
        <Keyboard className="size-4" aria-hidden="true" /> Arrow keys choose an answer, Enter moves on.
      </p>
      <div className="mt-8 flex items-center justify-between gap-3">
        <Button type="button" variant="ghost" onClick={onBack} disabled={index === 0}>
          <ArrowLeft aria-hidden="true" /> Back
        </Button>
        <Button type="submit" disabled={!chosen}>
          {index === total - 1 ? 'Last step' : 'Next question'} <ArrowRight aria-hidden="true" />
        </Button>
      </div>
    </form>
  );
}

/** The whole run: one question at a time, kept in this browser as it goes, then the last step. */
function QuizFlow({ quiz }: { quiz: Quiz }) {
  const hydrated = useHydrated();
  // The server (and hydration) show the first question; the browser then picks up where this taker left off.
  const stored = useMemo(() => (hydrated ? fitProgress(readProgress(browserStorage()), quiz) : EMPTY_PROGRESS), [hydrated, quiz]);
  const [edited, dispatch] = useReducer(reducer, null);
  // Fitted again each time: the questions may have been fetched anew (an admin changed them mid-run).
  const progress = fitProgress(edited ?? stored, quiz);
  const total = quiz.questions.length;
  const step = Math.min(progress.step, total);
  const answered = answeredCount(progress, quiz);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const moved = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => {
    if (edited) writeProgress(browserStorage(), edited);
  }, [edited]);
  useEffect(() => () => clearTimeout(timer.current), []);
  // After the taker moves, the new question's heading takes focus, so a screen reader reads it.
  useEffect(() => {
    if (!moved.current) return;
    moved.current = false;
    headingRef.current?.focus();
  }, [step]);

  const go = (to: number) => {
    clearTimeout(timer.current);
    moved.current = true;
    dispatch({ type: 'go', base: progress, step: to });
  };

  if (step >= total) {
    return (
      <>
        <ProgressBar step={step} total={total} answered={answered} />
        <QuizFinish
          quiz={quiz}
          progress={progress}
          headingRef={headingRef}
          onBack={() => go(total - 1)}
          onChange={(i) => go(i)}
          onStartAgain={() => {
            clearProgress(browserStorage());
            moved.current = true;
            dispatch({ type: 'reset' });
          }}
        />
      </>
    );
  }

  const question = quiz.questions[step]!;
  return (
    <>
      <ProgressBar step={step} total={total} answered={answered} />
      <QuestionScreen
        key={question.id}
        question={question}
        index={step}
        total={total}
        chosen={progress.answers[question.id]}
        headingRef={headingRef}
        onBack={() => go(step - 1)}
        onNext={() => go(step + 1)}
        onChoose={(answerId, byPointer) => {
          // quiz_started: the first answer, when no start button recorded it (decision 098).
          if (!progress.started) trackEvent('quiz_started', { from: 'question' });
          dispatch({ type: 'choose', base: progress, questionId: question.id, answerId, started: true });
          clearTimeout(timer.current);
          if (byPointer) {
            timer.current = setTimeout(() => {
              moved.current = true;
              dispatch({ type: 'advance', from: step });
            }, AUTO_ADVANCE_MS);
          }
        }}
      />
    </>
  );
}

function QuizSkeleton() {
  return (
    <div aria-busy="true">
      <p className="sr-only" role="status">
        Loading...
      </p>
      <Skeleton className="h-5 w-40 rounded" />
      <Skeleton className="mt-3 h-2.5 w-full rounded-full" />
      <Skeleton className="mt-8 h-10 w-4/5 rounded-lg" />
      <div className="mt-6 grid gap-3">
        {Array.from({ length: 5 }, (_, i) => (
          <Skeleton key={i} className="h-16 w-full rounded-2xl" />
        ))}
      </div>
    </div>
  );
}

/** /quiz: the questions, one at a time, with a progress bar; keyboard-usable, back and forward, kept across a reload. */
export function QuizRunner() {
  const quiz = useQuiz();
  return (
    <div className="mx-auto max-w-2xl px-4 py-8 sm:px-6 sm:py-12">
      {quiz.isPending ? (
        <QuizSkeleton />
      ) : quiz.isError ? (
        <>
          <h1 className="text-3xl font-semibold">The Quiz</h1>
          <Notice tone="error" title="The questions did not load" className="mt-6">
            {quiz.error.message}{' '}
            <button type="button" className="font-semibold underline" onClick={() => void quiz.refetch()}>
              Try again
            </button>
          </Notice>
        </>
      ) : quiz.data.questions.length === 0 ? (
        <div className="text-center">
          <h1 className="text-3xl font-semibold">The Committee is out</h1>
          <p className="mt-3 text-lg text-ink-soft">The quiz is being rewritten. Come back soon; in the meantime, someone you know deserves an award.</p>
          <Link to={paths.nominate} className={cn(buttonVariants(), 'mt-6')}>
            Nominate someone
          </Link>
        </div>
      ) : (
        <QuizFlow quiz={quiz.data} />
      )}
    </div>
  );
}

