import { Link } from 'react-router';
import { endSentence } from '@/contract/format';
import { getSiteSettings } from '@/web/lib/site-settings';
import type { PolicyDocument } from '../content/types';

function fill(text: string) {
  const s = getSiteSettings();
  // "{company}." ends a sentence: a name with its own full stop ("Dubious Enterprises Ltd.") gets no second one.
  return text
    .replaceAll('{company}.', endSentence(s.company_name))
    .replaceAll('{brand}', s.brand_name)
    .replaceAll('{company}', s.company_name)
    .replaceAll('{email}', s.support_email);
}

const slugify = (heading: string) =>
  heading
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

/** A policy page: title, last update, a table of contents and the sections. */
export function PolicyPage({ doc }: { doc: PolicyDocument }) {
  const email = getSiteSettings().support_email;
  const updated = new Date(`${doc.updated}T00:00:00Z`).toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
  return (
    <article className="mx-auto max-w-3xl px-4 py-12 sm:px-6 sm:py-16">
      <p className="text-sm font-semibold tracking-widest text-brand-700 uppercase">The small print</p>
      <h1 className="mt-2 text-4xl font-semibold sm:text-5xl">{doc.title}</h1>
      <p className="mt-3 text-sm text-muted">
        Last updated <time dateTime={doc.updated}>{updated}</time>
      </p>
      <p className="mt-6 text-lg text-ink-soft">{fill(doc.intro)}</p>
      <nav aria-labelledby="toc-heading" className="mt-8 rounded-2xl border border-line bg-white p-5">
        <h2 id="toc-heading" className="font-sans text-sm font-bold tracking-wider uppercase">
          On this page
        </h2>
        <ol className="mt-3 grid list-decimal gap-1.5 pl-5 text-sm sm:grid-cols-2">
          {doc.sections.map((s) => (
            <li key={s.heading}>
              <a href={`#${slugify(s.heading)}`} className="text-brand-700 underline-offset-2 hover:underline">
                {fill(s.heading)}
              </a>
            </li>
          ))}
        </ol>
      </nav>
      {doc.sections.map((s) => (
        <section key={s.heading} id={slugify(s.heading)} className="mt-10 scroll-mt-24">
          <h2 className="text-2xl font-semibold">{fill(s.heading)}</h2>
          {s.paragraphs.map((p, i) => (
            <p key={i} className="mt-3 leading-relaxed text-ink-soft">
              {fill(p)}
            </p>
          ))}
          {s.list ? (
            <ul className="mt-3 list-disc space-y-1.5 pl-6 leading-relaxed text-ink-soft">
              {s.list.map((item, i) => (
                <li key={i}>{fill(item)}</li>
              ))}
            </ul>
          ) : null}
        </section>
      ))}
      <p className="mt-12 rounded-2xl bg-paper-dark p-5 text-sm text-ink-soft">
        Questions about this page? Write to{' '}
        <a href={`mailto:${email}`} className="font-semibold text-brand-700 underline">
          {email}
        </a>{' '}
        or go back to the <Link to="/" className="font-semibold text-brand-700 underline">homepage</Link>.
      </p>
    </article>
  );
}
