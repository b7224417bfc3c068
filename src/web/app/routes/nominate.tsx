import { pageHead } from '@/contract/pages';
import { NominateForm } from '@/web/features/nominate/components/nominate-form';

export const head = pageHead({
  title: 'Nominate Someone',
  description:
    'Pick an award, name the culprit, add a citation and watch the certificate appear. Free to make, free to share.',
  keywords: ['nominate', 'certificate maker'],
  indexable: true,
  priority: 0.9,
  changefreq: 'weekly',
});

/** /nominate and /nominate?award={id}&template={slug}. */
export default function NominatePage() {
  return (
    <div className="mx-auto max-w-6xl px-4 pt-8 pb-6 sm:px-6 lg:pt-12 lg:pb-16">
      <header className="max-w-2xl">
        <p className="text-sm font-semibold tracking-widest text-brand-700 uppercase">Form N-1 · Official nomination</p>
        <h1 className="mt-2 text-4xl font-semibold tracking-tight sm:text-5xl">Nominate someone</h1>
        <p className="mt-3 text-lg text-ink-soft">
          Pick the award, name the culprit, write the citation. The certificate draws itself as you type.
        </p>
      </header>
      <div className="mt-8">
        <NominateForm />
      </div>
    </div>
  );
}
