import { ArrowLeft, Gavel, Loader2, Pencil, RotateCcw } from 'lucide-react';
import { useId } from 'react';
import { useNavigate } from 'react-router';
import { hrefs } from '@/contract/paths';
import { QUIZ_LIMITS, type Quiz } from '@/contract/quiz';
import { Button } from '@/web/components/ui/button';
import { apiErrorField, Form, FormTextField, showFieldError, useZodForm } from '@/web/components/ui/form';
import { toast } from '@/web/components/ui/use-toast';
import { trackEvent } from '@/web/lib/analytics';
import { useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '@/web/lib/query-keys';
import { useCreateQuizResult } from '../api/create-quiz-result';
import { emptyQuizFinish, quizFinishFormSchema } from '../lib/quiz-finish-form';
import { browserStorage, clearProgress, completeAnswers, type QuizProgress } from '../lib/quiz-progress';
import { rememberManageToken } from '../lib/quiz-tokens';

/**
 * The last step: the answers for a last look (each can be changed), the name for the certificate, and the
 * Hall of Fame, which is opt-in (the box starts unticked). Then the verdict.
 */
export function QuizFinish({
  quiz,
  progress,
  headingRef,
  onBack,
  onChange,
  onStartAgain,
}: {
  quiz: Quiz;
  progress: QuizProgress;
  headingRef: React.RefObject<HTMLHeadingElement | null>;
  onBack: () => void;
  onChange: (questionIndex: number) => void;
  onStartAgain: () => void;
}) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const create = useCreateQuizResult();
  const form = useZodForm(quizFinishFormSchema, { defaultValues: emptyQuizFinish });
  const galleryHint = useId();

  return (
    <div className="motion-safe:animate-rise">
      <h1 ref={headingRef} tabIndex={-1} className="mt-8 text-3xl leading-tight font-semibold tracking-tight focus:outline-none sm:text-4xl">
        The Committee is ready to rule
      </h1>
      <p className="mt-2 text-lg text-ink-soft">Every question is answered. One last formality, then the verdict.</p>

      <Form
        form={form}
        className="mt-8 space-y-6 rounded-3xl border border-line bg-white p-5 shadow-card sm:p-7"
        onSubmit={(values) => {
          const answers = completeAnswers(progress, quiz);
          if (!answers) return;
          create.mutate(
            { answers, name: values.name, in_gallery: values.in_gallery },
            {
              onSuccess: ({ result, manage_token }) => {
                const storage = browserStorage();
                rememberManageToken(storage, result.id, manage_token);
                clearProgress(storage);
                trackEvent('quiz_completed', { award_id: result.award.id, award: result.award.slug, in_gallery: result.in_gallery });
                void navigate(hrefs.quizResult(result.id), { state: { fresh: true } });
              },
              onError: (err) => {
                if (showFieldError(form, err)) return;
                if (apiErrorField(err)?.startsWith('answers')) {
                  // The quiz changed while this run was going on: fetch it again; answers that no longer fit are dropped.
                  void queryClient.invalidateQueries({ queryKey: queryKeys.quiz.questions() });
                  toast({ variant: 'destructive', title: 'The questions have changed', description: 'The Committee revised its questions. Please check your answers.' });
                  return;
                }
                toast({ variant: 'destructive', title: 'The verdict could not be issued', description: err.message });
              },
            },
          );
        }}
      >
        <FormTextField
          control={form.control}
          name="name"
          label="Your name for the certificate (optional)"
          description={`Up to ${QUIZ_LIMITS.name} characters. Left empty, the certificate honours “The Bearer of This Certificate”.`}
          autoComplete="given-name"
          maxLength={QUIZ_LIMITS.name + 20}
        />
        <div className="flex items-start gap-3 rounded-2xl bg-paper p-4">
          <input
            id="quiz-in-gallery"
            type="checkbox"
            {...form.register('in_gallery')}
            aria-describedby={galleryHint}
            className="mt-0.5 size-5 shrink-0 accent-brand-600"
          />
          <div>
            <label htmlFor="quiz-in-gallery" className="font-semibold text-ink">
              Add my result to the Hall of Fame
            </label>
            <p id={galleryHint} className="mt-0.5 text-sm text-ink-soft">
              Your award, and your name if you gave one, will be listed publicly on the quiz’s Hall of Fame. You can take it out again from this
              browser. Left unticked, only people you give the link to will see it.
            </p>
          </div>
        </div>
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:items-center sm:justify-between">
          <Button type="button" variant="ghost" onClick={onBack}>
            <ArrowLeft aria-hidden="true" /> Back to question {quiz.questions.length}
          </Button>
          <Button type="submit" size="lg" disabled={create.isPending}>
            {create.isPending ? <Loader2 className="animate-spin" aria-hidden="true" /> : <Gavel aria-hidden="true" />}
            {create.isPending ? 'The Committee is deliberating…' : 'Reveal my award'}
          </Button>
        </div>
      </Form>

      <details className="group mt-8 rounded-3xl border border-line bg-white">
        <summary className="cursor-pointer list-none rounded-3xl px-5 py-4 font-semibold text-ink sm:px-7 [&::-webkit-details-marker]:hidden">
          <span className="flex items-center justify-between gap-3">
            Review your answers
            <span className="text-sm font-normal text-muted group-open:hidden">Show</span>
            <span className="hidden text-sm font-normal text-muted group-open:inline">Hide</span>
          </span>
        </summary>
        <ol className="divide-y divide-line border-t border-line">
          {quiz.questions.map((q, i) => {
            const answer = q.answers.find((a) => a.id === progress.answers[q.id]);
            return (
              <li key={q.id} className="flex items-start justify-between gap-4 px-5 py-3 sm:px-7">
                <div className="min-w-0">
                  <p className="text-sm text-muted">
                    {i + 1}. {q.prompt}
                  </p>
                  <p className="mt-0.5 text-ink">{answer?.label}</p>
                </div>
                <Button type="button" variant="ghost" size="sm" onClick={() => onChange(i)} aria-label={`Change your answer to question ${i + 1}`}>
                  <Pencil aria-hidden="true" /> Change
                </Button>
              </li>
            );
          })}
        </ol>
        <div className="border-t border-line px-5 py-3 sm:px-7">
          <Button type="button" variant="ghost" size="sm" onClick={onStartAgain}>
            <RotateCcw aria-hidden="true" /> Start again from question 1
          </Button>
        </div>
      </details>
    </div>
  );
}
