import type { Certificate } from '@/contract/nominations';
import type { HeadOverrides } from '@/contract/seo';
import { oneLine } from '@/contract/text';

/**
 * The head of /certificate/{share_id} from the API's answer — the served HTML's (the route module's server render)
 * and the browser's alike: link previews show the certificate (og:image = its 1200×630 share PNG). Only public
 * certificates the nominee accepted may be indexed (docs/decisions/031, 036); a withdrawn or unknown one says
 * nothing about itself. `answered` false: no answer yet (nothing to say).
 */
export function certificateHead(c: Certificate | undefined, answered: boolean): HeadOverrides | null {
  if (c && c.status !== 'declined') {
    const by = c.nominator_name && c.nominator_name !== 'Anonymous' ? `awarded by ${oneLine(c.nominator_name, 80)}` : 'awarded anonymously';
    const lead = c.reason ? `“${oneLine(c.reason, 160)}”` : oneLine(c.award.tagline ?? c.award.description, 160);
    return {
      title: `${oneLine(c.nominee_name, 80)}: ${oneLine(c.award.title, 100)}`,
      description: `${lead} Certificate ${c.certificate_number}, ${by}.`,
      // A path: the head tags make it absolute on PUBLIC_URL, as a link preview needs.
      image: c.urls.share_png,
      ...(c.is_public && c.status === 'claimed' ? {} : { noindex: true }),
    };
  }
  return answered ? { title: 'Certificate Not Available', description: 'This certificate does not exist or is no longer available.', noindex: true } : null;
}
