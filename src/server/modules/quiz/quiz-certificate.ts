import { QUIZ_ANONYMOUS_NAME, QUIZ_SIGNATORY } from '@/contract/quiz';
import { hrefs } from '@/contract/paths';
import type { CertificateData } from '../certificates';
import type { QuizContext } from './context';
import type { LoadedResult } from './quiz.service';

/**
 * What the one certificate renderer draws for a quiz result: the award with the taker's name (or "The Bearer of
 * This Certificate"), signed by the Quiz Committee, dated the day it was taken, its QR code pointing at the result.
 * Like an award bought without a nomination (certificates/line-certificate.ts), the citation is the award's own.
 */
export async function quizCertificateData(ctx: QuizContext, { result, award }: LoadedResult): Promise<CertificateData> {
  const [settings, emblem] = await Promise.all([ctx.settings.getPublic(), ctx.emblems.get(award)]);
  return {
    certificateNumber: result.certificateNumber,
    awardTitle: award.title,
    awardTagline: award.tagline,
    awardDescription: award.description,
    ...emblem,
    nomineeName: result.takerName || QUIZ_ANONYMOUS_NAME,
    reason: '',
    issuedAt: result.createdAt,
    nominatorName: QUIZ_SIGNATORY,
    verifyUrl: `${ctx.config.publicUrl}${hrefs.quizResult(result.publicId)}`,
    brandName: settings.brand_name,
  };
}
