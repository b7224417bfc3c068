import { trackEvent } from '@/web/lib/analytics';
import { browserStorage, EMPTY_PROGRESS, readProgress, writeProgress } from './quiz-progress';

/**
 * A quiz run begins: quiz_started is recorded once per run (docs/decisions/098) — by a start button, or by the
 * first answer for someone who came to /quiz directly. A run already begun is left as it is.
 */
export function startQuiz(from: 'landing' | 'gallery' | 'question' | 'again') {
  const storage = browserStorage();
  const progress = readProgress(storage) ?? EMPTY_PROGRESS;
  if (progress.started) return progress;
  trackEvent('quiz_started', { from });
  const started = { ...progress, started: true };
  writeProgress(storage, started);
  return started;
}
