import { ArrowRight } from 'lucide-react';
import type { MouseEvent } from 'react';
import { Link } from 'react-router';
import type { LandingCtaKind, LandingPageView as LandingPageData } from '@/contract/landing-pages';
import { SealMark } from '@/web/components/layout/logo';
import { buttonVariants } from '@/web/components/ui/button';
import { cn } from '@/web/lib/utils';

/** What the closing band says above the button's target. */
const TARGET_LEAD: Record<LandingCtaKind, string> = {
  award_nominate: 'Nominate someone for',
  award_store: 'Printed, framed and shipped',
  product: 'From the store',
};

/**
 * The look of the server's sanitised Markdown (the server allows only these tags: docs/decisions/102). Headings in
 * a section are h3–h6: the hero holds the h1 and each section's own heading is an h2.
 */
const PROSE = cn(
  'text-lg leading-relaxed text-ink-soft',
  '[&>*+*]:mt-5 [&_a]:font-medium [&_a]:text-brand-700 [&_a]:underline [&_a]:underline-offset-4 [&_a:hover]:text-brand-800',
  '[&_h3]:mt-10 [&_h3]:font-display [&_h3]:text-2xl [&_h3]:font-semibold [&_h3]:text-ink',
  '[&_h4]:mt-8 [&_h4]:font-display [&_h4]:text-xl [&_h4]:font-semibold [&_h4]:text-ink',
  '[&_h5]:mt-6 [&_h5]:font-semibold [&_h5]:text-ink [&_h6]:mt-6 [&_h6]:font-semibold [&_h6]:text-ink',
  '[&_strong]:font-semibold [&_strong]:text-ink',
  '[&_ul]:list-disc [&_ul]:space-y-2 [&_ul]:pl-6 [&_ol]:list-decimal [&_ol]:space-y-2 [&_ol]:pl-6 [&_li]:pl-1 [&_li::marker]:text-brand-600',
  '[&_blockquote]:border-l-4 [&_blockquote]:border-brand-600 [&_blockquote]:pl-5 [&_blockquote]:font-display [&_blockquote]:text-xl [&_blockquote]:text-ink [&_blockquote]:italic',
  '[&_hr]:my-10 [&_hr]:border-line',
  '[&_code]:rounded [&_code]:bg-paper-dark [&_code]:px-1.5 [&_code]:py-0.5 [&_code]:font-mono [&_code]:text-[0.9em]',
  '[&_pre]:overflow-x-auto [&_pre]:rounded-2xl [&_pre]:bg-ink [&_pre]:p-5 [&_pre]:text-sm [&_pre]:text-paper [&_pre_code]:bg-transparent [&_pre_code]:p-0',
  '[&_img]:h-auto [&_img]:max-w-full [&_img]:rounded-2xl',
  '[&_table]:block [&_table]:w-full [&_table]:overflow-x-auto [&_table]:text-base [&_th]:border-b-2 [&_th]:border-ink [&_th]:px-3 [&_th]:py-2 [&_th]:text-left [&_td]:border-b [&_td]:border-line [&_td]:px-3 [&_td]:py-2',
);

function CtaButton({ page, tone }: { page: LandingPageData; tone: 'light' | 'dark' }) {
  return (
    <Link
      to={page.cta.href}
      className={cn(buttonVariants({ size: 'lg', variant: tone === 'dark' ? 'gold' : 'primary' }), 'max-w-full whitespace-normal text-center')}
      data-testid="landing-cta"
    >
      {page.cta.label || 'Your button'} <ArrowRight aria-hidden="true" />
    </Link>
  );
}

/** The hero's picture in a paper frame; without one, the award's emblem under the seal; else nothing. */
function HeroFigure({ page }: { page: LandingPageData }) {
  if (page.hero.image_url) {
    return (
      <figure className="relative mx-auto w-full max-w-lg">
        <div className="absolute inset-0 translate-x-3 translate-y-3 rotate-2 rounded-2xl bg-paper-dark shadow-card" aria-hidden="true" />
        <div className="relative -rotate-1 overflow-hidden rounded-2xl border border-line bg-white p-3 shadow-[0_30px_60px_-24px_rgba(31,26,23,0.45)]">
          <img
            src={page.hero.image_url}
            alt={page.hero.image_alt}
            className="aspect-[4/3] w-full rounded-xl bg-paper object-cover"
            fetchPriority="high"
            data-testid="landing-hero-image"
          />
        </div>
      </figure>
    );
  }
  const target = page.cta.target;
  if (!target?.image_url || page.cta.kind === 'product') return null;
  return (
    <figure className="relative mx-auto flex aspect-square w-full max-w-xs items-center justify-center" aria-hidden="true">
      <div className="absolute inset-0 rounded-full border-[10px] border-double border-gold/60 bg-white shadow-card" />
      <img src={target.image_url} alt="" className="relative size-1/2 object-contain" />
      <SealMark className="absolute -right-2 -bottom-2 size-20 rotate-[-8deg] drop-shadow-[0_6px_10px_rgb(165_13_38/0.35)]" />
    </figure>
  );
}

/**
 * A landing page as the public sees it at /l/{slug}, and as the admin previews it: the hero with its call to
 * action, the sections (the server's sanitised HTML: never anything else goes into dangerouslySetInnerHTML), and
 * a closing band with the button again. In a preview, links open in a new tab so the editor keeps its work.
 */
export function LandingPageView({ page, preview = false }: { page: LandingPageData; preview?: boolean }) {
  const target = page.cta.target;
  const keepEditor = (e: MouseEvent<HTMLElement>) => {
    const link = (e.target as HTMLElement).closest('a');
    if (!preview || !link) return;
    e.preventDefault();
    window.open(link.href, '_blank', 'noopener');
  };
  return (
    // The capture handler only sends a preview's link clicks (mouse or keyboard: both are clicks) to a new tab.
    <article onClickCapture={preview ? keepEditor : undefined} className="@container" data-testid="landing-page">
      <section className="relative overflow-hidden border-b border-line">
        <div
          className="pointer-events-none absolute inset-0 opacity-[0.06]"
          style={{ backgroundImage: 'repeating-linear-gradient(0deg, #1f1a17 0 1px, transparent 1px 32px)' }}
          aria-hidden="true"
        />
        <div className="relative mx-auto grid max-w-6xl items-center gap-10 px-4 py-12 @xl:px-6 @3xl:py-20 @5xl:grid-cols-[1.15fr_1fr] @5xl:gap-14">
          <div className="min-w-0">
            <h1 className="text-4xl leading-[1.05] font-semibold tracking-tight text-balance wrap-break-word @xl:text-5xl @5xl:text-6xl">
              {page.hero.heading || (preview ? <span className="text-muted italic">Your headline</span> : null)}
            </h1>
            {page.hero.subheading ? <p className="mt-6 max-w-xl text-lg text-ink-soft @xl:text-xl">{page.hero.subheading}</p> : null}
            <div className="mt-8 flex flex-col items-start gap-3 @xl:flex-row @xl:items-center @xl:gap-5">
              <CtaButton page={page} tone="light" />
              {target ? (
                <p className="text-sm text-muted">
                  {TARGET_LEAD[page.cta.kind]}: <span className="font-semibold text-ink">{target.title}</span>
                </p>
              ) : null}
            </div>
          </div>
          <HeroFigure page={page} />
        </div>
      </section>

      {page.sections.map((s, i) => (
        <section key={i} className={cn(i % 2 === 1 && 'border-y border-line bg-white')} aria-label={s.heading ? undefined : `Section ${i + 1}`}>
          <div className="mx-auto max-w-3xl px-4 py-12 @xl:px-6 @xl:py-16">
            {s.heading ? <h2 className="mb-6 text-3xl font-semibold tracking-tight text-balance @xl:text-4xl">{s.heading}</h2> : null}
            <div className={PROSE} dangerouslySetInnerHTML={{ __html: s.html }} />
          </div>
        </section>
      ))}

      <section className="bg-brand-700 text-white" aria-label="Call to action">
        <div className="mx-auto flex max-w-4xl flex-col items-center px-4 py-14 text-center @xl:px-6 @xl:py-20">
          {target?.image_url ? (
            <span className="flex size-24 items-center justify-center rounded-full bg-white shadow-card">
              <img src={target.image_url} alt="" className="size-16 object-contain" loading="lazy" />
            </span>
          ) : (
            <SealMark className="size-16" />
          )}
          {target ? <p className="mt-5 text-sm font-semibold tracking-widest text-brand-100 uppercase">{TARGET_LEAD[page.cta.kind]}</p> : null}
          <p className="mt-2 font-display text-3xl font-semibold text-balance @xl:text-4xl">{target?.title ?? page.hero.heading}</p>
          <div className="mt-8">
            <CtaButton page={page} tone="dark" />
          </div>
        </div>
      </section>
    </article>
  );
}
