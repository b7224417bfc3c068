import type { FastifyBaseLogger } from 'fastify';
import { LANDING_SLUG_PATTERN } from '@/contract/landing-pages';
import type { Db } from '@/server/db/client';
import type { HeadOverrides } from '@/server/lib/page-head';
import { oneLine } from '../mail';
import { publishedLandingPageMeta } from './landing-pages.service';

export const LANDING_PAGE_PATH = /^\/l\/([^/]+)\/?$/;

const UNKNOWN: HeadOverrides = {
  title: 'Page Not Found',
  description: "The page you're looking for doesn't exist.",
  noindex: true,
};

/**
 * Served HTML of /l/{slug}: a published page's own title, description and picture (og:image, twitter:image), and
 * indexable; a draft or an unknown address says nothing about itself and is noindex (docs/decisions/102).
 */
export function landingPageHead(db: Db, log: FastifyBaseLogger) {
  return async (match: RegExpExecArray): Promise<HeadOverrides | null> => {
    try {
      const slug = match[1]!;
      const page = LANDING_SLUG_PATTERN.test(slug) ? await publishedLandingPageMeta(db, slug) : null;
      if (!page) return UNKNOWN;
      return {
        title: oneLine(page.title, 120),
        description: oneLine(page.description, 300),
        // A path or an https address: the head tags make a path absolute on PUBLIC_URL, as a link preview needs.
        ...(page.image ? { image: page.image } : {}),
      };
    } catch (err) {
      // The page still works without its own tags.
      log.warn({ err }, 'landing page head tags failed');
      return { noindex: true };
    }
  };
}
