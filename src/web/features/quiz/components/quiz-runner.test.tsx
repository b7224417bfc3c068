// @vitest-environment happy-dom
import { act, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Quiz } from '@/contract/quiz';
import { STORAGE_KEYS } from '@/web/lib/storage-keys';
import { startLiveApp, type LiveApp } from '@/web/test/live-app';
import { renderWithApp } from '@/web/test/render';
import { AUTO_ADVANCE_MS, QuizRunner } from './quiz-runner';

let server: LiveApp;
let quiz: Quiz;
beforeAll(async () => {
  server = await startLiveApp('/quiz');
  quiz = (await server.app.inject({ method: 'GET', url: '/api/quiz' })).json<Quiz>();
});
afterAll(() => server?.close());
beforeEach(() => localStorage.clear());

const renderQuiz = () =>
  renderWithApp(
    <Routes>
      <Route path="/quiz" element={<QuizRunner />} />
      <Route path="/quiz/results/:resultId" element={<p>Result page</p>} />
    </Routes>,
    { path: '/quiz' },
  );

const heading = (n: number) => screen.findByRole('heading', { level: 1, name: quiz.questions[n]!.prompt });
const progress = () => screen.getByRole('progressbar', { name: 'Quiz progress' });
const answer = (q: number, a: number) => screen.getByRole('radio', { name: quiz.questions[q]!.answers[a]!.label });

describe('QuizRunner', () => {
  it('asks one question at a time with a progress bar; a tapped answer moves on by itself', async () => {
    const { user } = renderQuiz();
    await heading(0);
    expect(screen.getByTestId('quiz-step')).toHaveTextContent('Question 1 of 10');
    expect(progress()).toHaveAttribute('aria-valuenow', '0');
    expect(progress()).toHaveAttribute('aria-valuemax', '10');
    expect(screen.getByRole('button', { name: 'Back' })).toBeDisabled();
    expect(screen.getByRole('button', { name: /Next question/ })).toBeDisabled();

    await user.click(screen.getByText(quiz.questions[0]!.answers[2]!.label));
    // The next question arrives, and its heading takes focus (a screen reader reads it).
    // Focus moves in an effect after the heading is on screen: waited for, not assumed (a busy machine runs it later).
    const next = await heading(1);
    await waitFor(() => expect(next).toHaveFocus());
    expect(screen.getByTestId('quiz-step')).toHaveTextContent('Question 2 of 10');
    expect(progress()).toHaveAttribute('aria-valuenow', '1');
  });

  it('is usable by keyboard: arrow keys choose without moving on, Enter moves on; Back and forward keep the answers', async () => {
    const { user } = renderQuiz();
    await heading(0);
    // Focus in the first question's radio group (Tab reaches it); choosing by keyboard stays on the question.
    // A clock the test moves: past the moment a click would have moved on, the question is still there.
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      act(() => answer(0, 0).focus());
      await user.keyboard(' ');
      expect(answer(0, 0)).toBeChecked();
      await user.keyboard('{ArrowDown}');
      expect(answer(0, 1)).toBeChecked();
      expect(answer(0, 0)).not.toBeChecked();
      act(() => vi.advanceTimersByTime(AUTO_ADVANCE_MS * 2));
    } finally {
      vi.useRealTimers();
    }
    expect(screen.getByTestId('quiz-step')).toHaveTextContent('Question 1 of 10');
    await user.keyboard('{Enter}');
    await heading(1);

    await user.click(screen.getByText(quiz.questions[1]!.answers[4]!.label));
    await heading(2);
    await user.click(screen.getByRole('button', { name: 'Back' }));
    await heading(1);
    expect(answer(1, 4)).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Back' }));
    await heading(0);
    expect(answer(0, 1)).toBeChecked();
    // Forward again, through answered questions, to the first open one.
    await user.click(screen.getByRole('button', { name: /Next question/ }));
    await heading(1);
    await user.click(screen.getByRole('button', { name: /Next question/ }));
    await heading(2);
    expect(screen.getByRole('button', { name: /Next question/ })).toBeDisabled();
    expect(progress()).toHaveAttribute('aria-valuenow', '2');
  });

  it('keeps the answers and the question on screen across a reload', async () => {
    const first = renderQuiz();
    await heading(0);
    await first.user.click(screen.getByText(quiz.questions[0]!.answers[3]!.label));
    await heading(1);
    await first.user.click(screen.getByText(quiz.questions[1]!.answers[0]!.label));
    await heading(2);
    first.unmount();
    expect(localStorage.getItem(STORAGE_KEYS.quizProgress)).toContain(quiz.questions[1]!.answers[0]!.id);

    const again = renderQuiz();
    await heading(2);
    expect(progress()).toHaveAttribute('aria-valuenow', '2');
    await again.user.click(screen.getByRole('button', { name: 'Back' }));
    await heading(1);
    expect(answer(1, 0)).toBeChecked();
  });

  it('ends with a name and an unticked Hall of Fame box, then issues the verdict and forgets the run', async () => {
    const { user } = renderQuiz();
    for (let i = 0; i < quiz.questions.length; i++) {
      await heading(i);
      await user.click(screen.getByText(quiz.questions[i]!.answers[i % 5]!.label));
    }
    const ready = await screen.findByRole('heading', { level: 1, name: 'The Committee is ready to rule' });
    await waitFor(() => expect(ready).toHaveFocus());
    expect(progress()).toHaveAttribute('aria-valuenow', '10');
    const box = screen.getByRole('checkbox', { name: 'Add my result to the Hall of Fame' });
    expect(box).not.toBeChecked();

    // Change an answer from the review list, then come back to the end.
    await user.click(screen.getByText('Review your answers'));
    await user.click(screen.getByRole('button', { name: 'Change your answer to question 2' }));
    await heading(1);
    await user.click(screen.getByText(quiz.questions[1]!.answers[3]!.label));
    await heading(2);
    for (let i = 2; i < quiz.questions.length; i++) {
      await user.click(screen.getByRole('button', { name: /Next question|Last step/ }));
    }
    await screen.findByRole('heading', { level: 1, name: 'The Committee is ready to rule' });

    await user.type(screen.getByLabelText(/Your name for the certificate/), 'x'.repeat(61));
    await user.click(screen.getByRole('button', { name: 'Reveal my award' }));
    expect(await screen.findByText('name must be at most 60 characters')).toBeVisible();
    expect(server.requests.filter((r) => r === 'POST /api/quiz/results')).toHaveLength(0);

    await user.clear(screen.getByLabelText(/Your name for the certificate/));
    await user.type(screen.getByLabelText(/Your name for the certificate/), 'Kim');
    await user.click(screen.getByRole('button', { name: 'Reveal my award' }));
    expect(await screen.findByText('Result page')).toBeVisible();
    const path = within(document.body).getByRole('status', { name: 'Current path' }).textContent ?? '';
    expect(path).toMatch(/^\/quiz\/results\/[\w-]{22}$/);
    expect(localStorage.getItem(STORAGE_KEYS.quizProgress)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.quizResults)).toContain(path.split('/').pop()!);
    const stored = (await server.app.inject({ method: 'GET', url: `/api/quiz/results/${path.split('/').pop()}` })).json<{ name: string; in_gallery: boolean }>();
    expect(stored).toMatchObject({ name: 'Kim', in_gallery: false });
    await waitFor(() => expect(server.requests.filter((r) => r === 'POST /api/quiz/results')).toHaveLength(1));
  });
});
