import { eq } from 'drizzle-orm';
import { awards, templates, type orderLines, type orders } from '@/server/db/schema/index';
import { requireVisibleByShareId } from '../nominations';
import type { CertificateData } from './certificate-renderer';
import { certificateDataFor, type CertificatesContext } from './certificates.service';
import { NO_EMBLEM } from './emblem-loader';

type OrderRow = typeof orders.$inferSelect;
type LineRow = typeof orderLines.$inferSelect;

/**
 * What an order line prints: the certificate it was bought for (a nomination's), or — for an award bought as
 * itself, or a certificate that has since been taken down — the award and design as they were bought, even if
 * retired since. Shared by the PDF download and the print files of fulfilment.
 */
export async function lineCertificate(
  ctx: CertificatesContext,
  order: Pick<OrderRow, 'number' | 'createdAt'>,
  line: LineRow,
  /** When it was paid for: the certificate's date. */
  paidAt: Date | null,
): Promise<{ data: CertificateData; template: string }> {
  if (line.design.shareId) {
    const loaded = await requireVisibleByShareId(ctx.db, line.design.shareId).catch(() => null);
    if (loaded) return { data: await certificateDataFor(ctx, loaded), template: loaded.template.slug };
  }
  const [award] = await ctx.db.select().from(awards).where(eq(awards.id, line.design.awardId));
  const [tpl] = line.design.templateId ? await ctx.db.select().from(templates).where(eq(templates.id, line.design.templateId)) : [];
  const settings = await ctx.settings.getPublic();
  return {
    data: {
      certificateNumber: line.design.certificateNumber ?? `${order.number}-${line.position + 1}`,
      awardTitle: line.design.awardTitle,
      awardTagline: award?.tagline ?? null,
      awardDescription: award?.description ?? '',
      ...(award ? await ctx.emblems.get(award) : NO_EMBLEM),
      nomineeName: line.design.recipientName || 'The Bearer of This Certificate',
      reason: '',
      issuedAt: paidAt ?? order.createdAt,
      nominatorName: null,
      verifyUrl: `${ctx.config.publicUrl}/`,
      brandName: settings.brand_name,
    },
    template: tpl?.slug ?? 'classic-parchment',
  };
}
