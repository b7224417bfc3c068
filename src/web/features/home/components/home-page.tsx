import {
  ArrowRight,
  Frame,
  HandHeart,
  Lock,
  PenLine,
  Quote,
  Send,
  ShieldCheck,
  Star,
  Target,
  Truck,
} from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { faq } from '@/contract/faq';
import { paths } from '@/contract/paths';
import { buttonVariants } from '@/web/components/ui/button';
import { getSiteSettings } from '@/web/lib/site-settings';
import { cn } from '@/web/lib/utils';
import { SampleCertificate } from './sample-certificate';

function Eyebrow({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <p className={cn('text-sm font-semibold tracking-widest text-brand-700 uppercase', className)}>{children}</p>
  );
}

const STEPS = [
  {
    Icon: Target,
    title: 'Pick a target',
    text: 'Choose the colleague, sibling or flatmate whose habit deserves official recognition, and the award that fits it.',
  },
  {
    Icon: PenLine,
    title: 'Create the roast',
    text: 'Write the citation, pick a design and watch the certificate take shape. Affectionate beats brutal, every time.',
  },
  {
    Icon: Send,
    title: 'Share',
    text: 'Send the link to the nominee and the group chat. They claim it, frame it or pretend to be outraged. Usually all three.',
  },
];


// Fictional, and labelled as such: we never pass off invented reviews as real (BRAND.md).
const TESTIMONIALS = [
  {
    quote:
      'My manager framed her Reply-All certificate and hung it above the printer. She has since replied-all to thank us.',
    name: 'A colleague in accounts',
    role: 'Fictional, but we have all met her',
  },
  {
    quote:
      'I nominated my brother for Lifetime Achievement in Snoozing. He claimed it at 11:48 on a Tuesday. Case closed.',
    name: 'A sibling with evidence',
    role: 'Imaginary focus group, panel B',
  },
  {
    quote:
      'The certificate looks more official than my actual degree. My landlord asked if it was legally binding.',
    name: 'A proud recipient',
    role: 'Made up, like the award',
  },
];

const PRIVACY_POINTS = [
  {
    Icon: Lock,
    title: 'You decide who sees it',
    text: 'Make a certificate public for the community wall, or keep it private to the people with the link.',
  },
  {
    Icon: HandHeart,
    title: 'Nominees can say no',
    text: 'Declining is one click and final. The certificate leaves public view straight away.',
  },
  {
    Icon: ShieldCheck,
    title: 'We never sell your data',
    text: 'No data brokers, no mystery partners. Optional cookies stay off until you switch them on.',
  },
];

/**
 * The home page (spec §1): hero, how it works, the invented numbers, testimonials, privacy, FAQ and
 * a call to action, then `gallery` — the awards being issued, which the route brings from the awards
 * feature (features never import each other).
 */
export function HomePage({ gallery }: { gallery: ReactNode }) {
  // Spec §1: invented numbers, set by the admin (settings → Home page); the line below them says so whatever they are.
  const { home_stats: stats, delivery } = getSiteSettings();
  return (
    <>
      {/* Hero */}
      <section className="relative overflow-hidden">
        <div
          className="pointer-events-none absolute inset-0 opacity-[0.07]"
          style={{
            backgroundImage:
              'repeating-radial-gradient(circle at 80% 30%, #c8102e 0 1px, transparent 1px 18px)',
          }}
          aria-hidden="true"
        />
        <div className="relative mx-auto grid max-w-6xl items-center gap-12 px-4 py-14 sm:px-6 md:py-20 lg:grid-cols-[1.1fr_1fr]">
          <div>
            <Eyebrow>Est. whenever you got here</Eyebrow>
            <h1 className="mt-3 text-5xl leading-[1.05] font-semibold tracking-tight text-balance sm:text-6xl">
              Official awards for gloriously <span className="text-brand-600 italic">unofficial</span> achievements.
            </h1>
            <p className="mt-6 max-w-xl text-lg text-ink-soft">
              Nominate a friend for the feat nobody else will recognise: replying &lsquo;sounds good&rsquo; to unread
              messages, owning forty tote bags, parking like modern art. We issue the certificate with a perfectly
              straight face.
            </p>
            <div className="mt-8 flex flex-wrap gap-3">
              <Link to={paths.nominate} className={buttonVariants({ size: 'lg' })}>
                Nominate someone <ArrowRight aria-hidden="true" />
              </Link>
              <Link to={paths.store} className={buttonVariants({ size: 'lg', variant: 'secondary' })}>
                Shop printed certificates
              </Link>
            </div>
            <p className="mt-5 text-sm text-muted">Free to make and share. Prints ship worldwide.</p>
          </div>
          <SampleCertificate />
        </div>
      </section>

      {/* How it works */}
      <section aria-labelledby="how-heading" className="border-y border-line bg-white">
        <div className="mx-auto max-w-6xl px-4 py-16 sm:px-6">
          <Eyebrow className="text-center">How it works</Eyebrow>
          <h2 id="how-heading" className="mt-2 text-center text-4xl font-semibold">
            Three steps from &lsquo;that&rsquo;s funny&rsquo; to &lsquo;sent it&rsquo;
          </h2>
          <ol className="mt-12 grid gap-8 md:grid-cols-3">
            {STEPS.map(({ Icon, title, text }, i) => (
              <li key={title} className="relative rounded-3xl bg-paper p-6">
                <span className="absolute -top-4 left-6 flex size-8 items-center justify-center rounded-full bg-ink font-display text-sm font-semibold text-white">
                  {i + 1}
                </span>
                <Icon className="size-8 text-brand-600" aria-hidden="true" />
                <h3 className="mt-4 text-2xl font-semibold">{title}</h3>
                <p className="mt-2 text-ink-soft">{text}</p>
              </li>
            ))}
          </ol>
        </div>
      </section>

      {/* Physical certificate promo */}
      <section aria-labelledby="print-heading" className="mx-auto max-w-6xl px-4 py-16 sm:px-6">
        <div className="grid items-center gap-10 overflow-hidden rounded-[2rem] bg-ink p-8 text-white sm:p-12 lg:grid-cols-[1.2fr_1fr]">
          <div>
            <Eyebrow className="text-gold">Printed &amp; shipped</Eyebrow>
            <h2 id="print-heading" className="mt-2 text-4xl font-semibold">
              A joke is funnier in a frame.
            </h2>
            <p className="mt-4 text-lg text-[#e9e0d6]">
              Heavyweight paper, crisp print, optional frame. We print each certificate to order and ship it
              worldwide: standard delivery takes {delivery.standard.min_days}&ndash;{delivery.standard.max_days} business days, and express is there when the office party
              is on Friday.
            </p>
            <ul className="mt-6 space-y-3 text-[#e9e0d6]">
              <li className="flex gap-3">
                <Frame className="mt-0.5 size-5 shrink-0 text-gold" aria-hidden="true" /> Museum-grade paper that
                outlasts the in-joke
              </li>
              <li className="flex gap-3">
                <Truck className="mt-0.5 size-5 shrink-0 text-gold" aria-hidden="true" /> Full price with shipping
                shown before you pay
              </li>
            </ul>
            <div className="mt-8 flex flex-wrap gap-3">
              <Link to={paths.store} className={buttonVariants({ variant: 'gold', size: 'lg' })}>
                Visit the store
              </Link>
              <Link
                to={paths.nominate}
                className={buttonVariants({ size: 'lg', variant: 'ghostOnDark' })}
              >
                Make one first
              </Link>
            </div>
          </div>
          <div className="relative mx-auto w-full max-w-xs" aria-hidden="true">
            <div className="rotate-3 rounded-xl bg-[#3b2f27] p-4 shadow-2xl">
              <div className="rounded bg-[#fffaf0] p-6 text-center text-ink">
                <p className="text-[0.55rem] tracking-[0.3em] text-gold-dark uppercase">Certificate</p>
                <p className="mt-3 font-display text-lg font-semibold">Lifetime Achievement in Snoozing</p>
                <p className="mt-2 font-display text-xs italic">awarded to The Brother</p>
                <div className="mx-auto mt-4 size-10 rounded-full bg-brand-600" />
              </div>
            </div>
          </div>
        </div>
      </section>

      {/* Stats */}
      <section aria-labelledby="stats-heading" className="bg-brand-600 text-white">
        <div className="mx-auto max-w-6xl px-4 py-16 sm:px-6">
          <h2 id="stats-heading" className="text-center text-4xl font-semibold">
            Impressive numbers, officially invented
          </h2>
          <dl className="mt-10 grid grid-cols-2 gap-6 md:grid-cols-3">
            {stats.map((s, i) => (
              <div key={i} className="rounded-3xl bg-white/10 p-6 text-center">
                <dt className="text-sm font-medium text-brand-50">{s.label}</dt>
                <dd className="order-first font-display text-4xl font-semibold sm:text-5xl">{s.value}</dd>
              </div>
            ))}
          </dl>
          <p className="mx-auto mt-8 max-w-2xl text-center text-brand-50">
            Full disclosure: every number above is made up. They look official, they sound official, and they are
            exactly as real as the awards. The only figures we never invent are prices and delivery times.
          </p>
        </div>
      </section>

      {/* Testimonials */}
      <section aria-labelledby="testimonials-heading" className="mx-auto max-w-6xl px-4 py-16 sm:px-6">
        <Eyebrow className="text-center">Testimonials</Eyebrow>
        <h2 id="testimonials-heading" className="mt-2 text-center text-4xl font-semibold">
          What our imaginary focus group says
        </h2>
        <p className="mx-auto mt-3 max-w-xl text-center text-ink-soft">
          These quotes are fictional, written by us, in the spirit of the awards. Real reviews will appear when real
          people write them.
        </p>
        <ul className="mt-10 grid gap-6 md:grid-cols-3">
          {TESTIMONIALS.map((t) => (
            <li key={t.name} className="flex flex-col rounded-3xl border border-line bg-white p-6 shadow-card">
              <Quote className="size-7 text-brand-600" aria-hidden="true" />
              <blockquote className="mt-3 flex-1 font-display text-lg leading-snug">{t.quote}</blockquote>
              <div className="mt-5 flex items-center gap-1 text-gold" aria-hidden="true">
                {Array.from({ length: 5 }, (_, i) => (
                  <Star key={i} className="size-4 fill-current" />
                ))}
              </div>
              <p className="mt-2 font-semibold">{t.name}</p>
              <p className="text-sm text-muted">{t.role}</p>
            </li>
          ))}
        </ul>
      </section>

      {/* Privacy summary */}
      <section aria-labelledby="privacy-heading" className="border-y border-line bg-white">
        <div className="mx-auto max-w-6xl px-4 py-16 sm:px-6">
          <Eyebrow className="text-center">Privacy, seriously</Eyebrow>
          <h2 id="privacy-heading" className="mt-2 text-center text-4xl font-semibold">
            The awards are a joke. Your data is not.
          </h2>
          <ul className="mt-10 grid gap-6 md:grid-cols-3">
            {PRIVACY_POINTS.map(({ Icon, title, text }) => (
              <li key={title} className="rounded-3xl bg-paper p-6">
                <Icon className="size-7 text-brand-600" aria-hidden="true" />
                <h3 className="mt-3 text-xl font-semibold">{title}</h3>
                <p className="mt-2 text-ink-soft">{text}</p>
              </li>
            ))}
          </ul>
          <p className="mt-8 text-center">
            <Link to={paths.privacyPolicy} className="font-semibold text-brand-700 underline underline-offset-4">
              Read our privacy policy
            </Link>
          </p>
        </div>
      </section>

      {/* FAQ (also published as structured data) */}
      <section aria-labelledby="faq-heading" className="mx-auto max-w-3xl px-4 py-16 sm:px-6">
        <h2 id="faq-heading" className="text-center text-4xl font-semibold">
          Questions, answered officially
        </h2>
        <div className="mt-8 space-y-3">
          {faq.map((item) => (
            <details key={item.question} className="group rounded-2xl border border-line bg-white p-5 open:shadow-card">
              <summary className="cursor-pointer list-none font-semibold marker:hidden">
                <span className="flex items-center justify-between gap-4">
                  {item.question}
                  <span className="text-brand-600 transition-transform group-open:rotate-45" aria-hidden="true">
                    +
                  </span>
                </span>
              </summary>
              <p className="mt-3 text-ink-soft">{item.answer}</p>
            </details>
          ))}
        </div>
      </section>

      {/* Call to action */}
      <section aria-labelledby="cta-heading" className="px-4 pb-16 sm:px-6">
        <div className="mx-auto max-w-4xl rounded-[2rem] border-2 border-ink bg-gold/20 px-6 py-12 text-center sm:px-12">
          <h2 id="cta-heading" className="text-4xl font-semibold text-balance">
            Somebody you know has earned this.
          </h2>
          <p className="mx-auto mt-3 max-w-xl text-lg text-ink-soft">
            You know exactly who. It takes a minute, costs nothing and will be mentioned at every family gathering
            for years.
          </p>
          <div className="mt-8 flex flex-wrap justify-center gap-3">
            <Link to={paths.nominate} className={buttonVariants({ size: 'lg' })}>
              Start a nomination
            </Link>
            <Link to={paths.gallery} className={buttonVariants({ size: 'lg', variant: 'secondary' })}>
              Browse the gallery
            </Link>
          </div>
        </div>
      </section>

      {/* Award gallery, limited to 8 */}
      <section aria-labelledby="home-gallery-heading" className="mx-auto max-w-6xl px-4 pb-20 sm:px-6">
        <div className="flex flex-wrap items-end justify-between gap-4">
          <div>
            <Eyebrow>From the register</Eyebrow>
            <h2 id="home-gallery-heading" className="mt-2 text-4xl font-semibold">
              Awards currently being issued
            </h2>
          </div>
          <Link to={paths.gallery} className={buttonVariants({ variant: 'secondary' })}>
            View All Awards <ArrowRight aria-hidden="true" />
          </Link>
        </div>
        <div className="mt-8">
          {gallery}
        </div>
      </section>
    </>
  );
}
