import type { z } from 'zod';
import type { certificatePreviewBodySchema } from '@/contract/nominations';
import {
  type NominationsContext,
  cleanNominationText,
  resolveAwardAndTemplate,
  certificatePageUrl,
  type LoadedNomination,
  normaliseLine,
} from '../nominations';
import { renderCertificateSvg, type CertificateData, type CertificateRenderer } from './certificate-renderer';
import type { EmblemLoader } from './emblem-loader';

/** What the certificate routes need: the nominations' context plus the renderer and the award emblems. */
export interface CertificatesContext extends NominationsContext {
  emblems: EmblemLoader;
  renderer: CertificateRenderer;
}

/** What the renderer draws for a stored nomination. */
export async function certificateDataFor(ctx: CertificatesContext, loaded: LoadedNomination): Promise<CertificateData> {
  const { nomination: n, award } = loaded;
  const [settings, emblem] = await Promise.all([ctx.settings.getPublic(), ctx.emblems.get(award)]);
  return {
    certificateNumber: n.certificateNumber,
    awardTitle: award.title,
    awardTagline: award.tagline,
    awardDescription: award.description,
    ...emblem,
    nomineeName: n.nomineeName,
    reason: n.reason,
    issuedAt: n.createdAt,
    nominatorName: n.nominatorName || null,
    verifyUrl: certificatePageUrl(ctx.config.publicUrl, n.shareId),
    brandName: settings.brand_name,
  };
}

const PREVIEW_NOMINEE = 'Your Nominee';

/** The live preview of a nomination being typed (never stored): placeholders for empty fields, today's date. */
export async function previewSvg(ctx: CertificatesContext, body: z.output<typeof certificatePreviewBodySchema>): Promise<string> {
  const { award, template } = await resolveAwardAndTemplate(ctx, body.award_id, body.template_id);
  const text = cleanNominationText({
    nominee_name: normaliseLine(body.nominee_name) || PREVIEW_NOMINEE,
    reason: body.reason,
    nominator_name: body.nominator_name,
  });
  const [settings, emblem] = await Promise.all([ctx.settings.getPublic(), ctx.emblems.get(award)]);
  const today = new Date();
  today.setUTCHours(0, 0, 0, 0);
  return renderCertificateSvg(
    {
      certificateNumber: 'CF-SAMPLE',
      awardTitle: award.title,
      awardTagline: award.tagline,
      awardDescription: award.description,
      ...emblem,
      nomineeName: text.nomineeName,
      reason: text.reason,
      issuedAt: today,
      nominatorName: text.nominatorName || null,
      verifyUrl: `${ctx.config.publicUrl}/`,
      brandName: settings.brand_name,
    },
    template.slug,
  );
}
