import type { QuizResult } from '@/contract/quiz';

/** What the share buttons say about a verdict: deadpan, and an invitation to take the quiz. */
export function quizShareText(r: Pick<QuizResult, 'name' | 'award'>): { text: string; subject: string; linkLabel: string } {
  const award = r.award.title;
  return r.name
    ? {
        text: `${r.name} is officially ${award}, by order of the Quiz Committee. Which award do you deserve?`,
        subject: `${r.name} is officially ${award}`,
        linkLabel: 'See the verdict:',
      }
    : {
        text: `The quiz has spoken: ${award}. The Committee's decision is final. Which award do you deserve?`,
        subject: `The quiz has spoken: ${award}`,
        linkLabel: 'See the verdict:',
      };
}
