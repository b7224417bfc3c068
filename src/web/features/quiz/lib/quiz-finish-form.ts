import { z } from 'zod';
import { createQuizResultBodySchema } from '@/contract/quiz';

const body = createQuizResultBodySchema.shape;

/** The last screen's form: the contract's own name and Hall of Fame fields (the server checks the same rules). */
export const quizFinishFormSchema = z.object({ name: body.name, in_gallery: body.in_gallery });
export type QuizFinishFormValues = z.input<typeof quizFinishFormSchema>;
export const emptyQuizFinish: QuizFinishFormValues = { name: '', in_gallery: false };
