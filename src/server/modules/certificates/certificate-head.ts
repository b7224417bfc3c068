import type { FastifyBaseLogger } from 'fastify';
import type { HeadOverrides } from '@/server/lib/page-head';
import { oneLine } from '../mail';
import { type NominationsContext, certificateUrls, findByShareId, isListed, isWithdrawn } from '../nominations';

export const CERTIFICATE_PAGE = /^\/certificate\/([0-9A-Za-z]{16})$/;

const UNAVAILABLE: HeadOverrides = {
  title: 'Certificate Not Available',
  description: 'This certificate does not exist or is no longer available.',
  noindex: true,
};

/**
 * Served HTML of /certificate/{share_id}: link previews show the certificate (og:title, og:image =
 * its 1200×630 share PNG). Only public certificates the nominee has accepted may be indexed
 * (docs/decisions/031); private and pending ones are noindex, withdrawn ones say nothing about them.
 */
export function certificateHead(ctx: NominationsContext, log: FastifyBaseLogger) {
  return async (match: RegExpExecArray): Promise<HeadOverrides | null> => {
    try {
      const loaded = await findByShareId(ctx.db, match[1]!);
      if (!loaded || isWithdrawn(loaded.nomination)) return UNAVAILABLE;
      const { nomination: n, award } = loaded;
      const by = n.nominatorName ? `awarded by ${oneLine(n.nominatorName, 80)}` : 'awarded anonymously';
      const lead = n.reason ? `“${oneLine(n.reason, 160)}”` : oneLine(award.tagline ?? award.description, 160);
      return {
        title: `${oneLine(n.nomineeName, 80)}: ${oneLine(award.title, 100)}`,
        description: `${lead} Certificate ${n.certificateNumber}, ${by}.`,
        // A path: the head tags make it absolute on PUBLIC_URL, as a link preview needs.
        image: certificateUrls(n.shareId).share_png,
        noindex: !isListed(n),
      };
    } catch (err) {
      // The page still works without its preview tags.
      log.warn({ err }, 'certificate head tags failed');
      return { noindex: true };
    }
  };
}
