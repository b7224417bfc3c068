import type { LandingPageView } from '@/contract/landing-pages';
import type { HeadOverrides } from '@/contract/seo';
import { oneLine } from '@/contract/text';

/**
 * The head of /l/{slug} from the API's answer, served and in the browser alike: a published page's own title,
 * description and picture; a draft or an unknown address says nothing about itself and is noindex (decision 102).
 * `answered` false: no answer yet.
 */
export function landingPageHead(page: LandingPageView | undefined, answered: boolean): HeadOverrides | null {
  if (page) {
    return {
      title: oneLine(page.title, 120),
      description: oneLine(page.meta_description, 300),
      // A path or an https address: the head tags make a path absolute on PUBLIC_URL, as a link preview needs.
      ...(page.og_image_url ? { image: page.og_image_url } : {}),
    };
  }
  return answered ? { title: 'Page Not Found', description: "The page you're looking for doesn't exist.", noindex: true } : null;
}
