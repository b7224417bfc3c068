import { Coffee } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '@/contract/paths';
import type { FeatureToggles } from '@/contract/settings-defaults';
import { buttonVariants } from '@/web/components/ui/button';
import { getSiteSettings } from '@/web/lib/site-settings';

const COPY: Record<'quiz' | 'community', { eyebrow: string; title: string; text: string }> = {
  quiz: {
    eyebrow: 'Temporarily adjourned',
    title: 'The quiz is taking a break',
    text: 'The Committee has stepped out to review its own answers. Every award is still in the gallery, and you can nominate someone for one right now.',
  },
  community: {
    eyebrow: 'Closed for filing',
    title: 'The community wall is closed for now',
    text: 'The public record is being tidied. Certificates still open at their own links, and new ones can be issued as usual.',
  },
};

/** Whether an admin left this part of the site on (settings → Features, docs/decisions/104). */
export const featureOn = (feature: keyof FeatureToggles) => getSiteSettings().features[feature];

/**
 * What a page says when an admin switched its part of the site off: politely, with the way on. The server marks
 * the page noindex and leaves it out of the sitemap meanwhile.
 */
export function FeaturePaused({ feature }: { feature: 'quiz' | 'community' }) {
  const copy = COPY[feature];
  return (
    <section className="mx-auto flex min-h-[60vh] max-w-xl flex-col items-center justify-center px-4 py-16 text-center">
      <span className="flex size-14 items-center justify-center rounded-full bg-gold/25 text-gold-dark">
        <Coffee className="size-7" aria-hidden="true" />
      </span>
      <p className="mt-5 text-sm font-semibold tracking-widest text-brand-700 uppercase">{copy.eyebrow}</p>
      <h1 className="mt-2 text-3xl font-semibold sm:text-4xl">{copy.title}</h1>
      <p className="mt-3 text-lg text-ink-soft">{copy.text}</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Link to={paths.gallery} className={buttonVariants({ size: 'lg' })}>
          Browse the awards
        </Link>
        <Link to={paths.nominate} className={buttonVariants({ size: 'lg', variant: 'secondary' })}>
          Nominate someone
        </Link>
      </div>
    </section>
  );
}
