import { pageHead } from '@/contract/pages';
import { TemplateShowcase } from '@/web/features/designs/components/template-showcase';
import { prefetchAwards, prefetchTemplates, renderOnServer } from '../server-render';

export const head = pageHead({
  title: 'Certificate Designs',
  description: 'See every certificate design applied to your own words, then use the one you like.',
  keywords: ['certificate templates', 'certificate designs'],
  indexable: true,
  priority: 0.6,
  changefreq: 'monthly',
});

/** /dynamic-templates: the design templates, live, with your own words. */
export default function DynamicTemplatesPage() {
  return (
    <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6 sm:py-14">
      <header className="max-w-2xl">
        <p className="text-sm font-semibold tracking-widest text-brand-700 uppercase">The house styles</p>
        <h1 className="mt-2 text-4xl font-semibold tracking-tight sm:text-5xl">Certificate Designs</h1>
        <p className="mt-3 text-lg text-ink-soft">
          Every design the press will print, filled in with your words. Change the name or the reason and watch them all redraw.
        </p>
      </header>
      <div className="mt-8">
        <TemplateShowcase />
      </div>
    </div>
  );
}

/** Served with every design and the awards they can be filled in with. */
export const serverRender = renderOnServer(async (p) => {
  await Promise.all([prefetchTemplates(p), prefetchAwards(p)]);
});
