import { pageHead } from '@/contract/pages';
import { AwardGallery } from '@/web/features/awards/components/award-gallery';
import { prefetchAwards, renderOnServer } from '../server-render';

export const head = pageHead({
  title: 'Award Gallery',
  description:
    'Browse every award we are prepared to issue, from Distinguished Reply-All Service to Lifetime Snooze Achievement. Search, pick one, nominate.',
  keywords: ['award gallery', 'funny award ideas'],
  indexable: true,
  priority: 0.9,
  changefreq: 'weekly',
});

export default function GalleryPage() {
  return (
    <div className="mx-auto max-w-6xl px-4 py-12 sm:px-6 sm:py-16">
      <header className="text-center">
        <p className="text-sm font-semibold tracking-widest text-brand-700 uppercase">The official register</p>
        <h1 className="mt-2 text-4xl font-semibold sm:text-5xl">Award Gallery</h1>
        <p className="mx-auto mt-4 max-w-2xl text-lg text-ink-soft">
          Every honour the committee is currently prepared to bestow. Find the one that fits, then nominate the
          person who earned it.
        </p>
      </header>
      <div className="mt-10">
        <AwardGallery searchable />
      </div>
    </div>
  );
}

/** Served with the awards, searched when the address asks (`?search=`). */
export const serverRender = renderOnServer(async (p) => {
  const search = (p.search.get('search') ?? '').trim();
  await prefetchAwards(p, search ? { search } : {});
});
