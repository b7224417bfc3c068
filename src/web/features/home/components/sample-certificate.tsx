import { SealMark } from '@/web/components/layout/logo';

/** The hero's example certificate: parchment, double border, seal and signature lines. */
export function SampleCertificate() {
  return (
    <figure
      aria-label="Example certificate: Distinguished Service in Reply-All, awarded to Dana Okafor"
      className="relative mx-auto w-full max-w-md rotate-[-2deg] rounded-md bg-[#fffaf0] p-3 shadow-[0_30px_60px_-20px_rgba(31,26,23,0.45)]"
    >
      <div className="rounded-sm border-[3px] border-double border-gold-dark p-1.5">
        <div className="relative rounded-sm border border-gold-dark/60 px-5 py-7 text-center sm:px-8 sm:py-9">
          <svg className="absolute top-1 left-1 size-8 text-gold-dark" viewBox="0 0 32 32" aria-hidden="true">
            <path d="M2 30 V12 Q2 2 12 2 H30" fill="none" stroke="currentColor" strokeWidth="1.5" />
            <path d="M6 30 V14 Q6 6 14 6 H30" fill="none" stroke="currentColor" strokeWidth="1" />
          </svg>
          <svg className="absolute right-1 bottom-1 size-8 rotate-180 text-gold-dark" viewBox="0 0 32 32" aria-hidden="true">
            <path d="M2 30 V12 Q2 2 12 2 H30" fill="none" stroke="currentColor" strokeWidth="1.5" />
            <path d="M6 30 V14 Q6 6 14 6 H30" fill="none" stroke="currentColor" strokeWidth="1" />
          </svg>
          <p className="text-[0.65rem] font-semibold tracking-[0.3em] text-gold-dark uppercase">Certificate of Achievement</p>
          <p className="mt-4 font-display text-sm text-ink-soft italic">This is to certify that</p>
          <p className="mt-1 font-display text-3xl font-semibold text-ink sm:text-4xl">Dana Okafor</p>
          <p className="mt-3 font-display text-sm text-ink-soft italic">is hereby recognised for</p>
          <p className="mt-1 font-display text-xl font-semibold text-brand-700 sm:text-2xl">
            Distinguished Service in Reply-All
          </p>
          <p className="mx-auto mt-3 max-w-xs text-xs leading-relaxed text-ink-soft">
            in recognition of sustained excellence in replying &lsquo;sounds good&rsquo; to messages not read.
          </p>
          <div className="mt-6 flex items-end justify-between gap-4 text-left">
            <div className="flex-1">
              <p className="font-display text-sm text-ink italic">J. Bureaucrat</p>
              <p className="border-t border-ink/40 pt-1 text-[0.6rem] leading-tight text-muted">
                Chief Officer of Dubious Honours
              </p>
            </div>
            <div className="-mb-2 shrink-0 motion-safe:animate-stamp">
              <SealMark className="size-16" />
            </div>
            <div className="flex-1 text-right">
              <p className="font-mono text-xs text-ink">No. CF-7Q2K</p>
              <p className="border-t border-ink/40 pt-1 text-[0.6rem] leading-tight text-muted">Certificate number</p>
            </div>
          </div>
        </div>
      </div>
    </figure>
  );
}
