import { FileText } from 'lucide-react';
import { useState } from 'react';
import { loadedBeforeHydration } from '@/web/lib/image-loaded';
import { cn } from '@/web/lib/utils';
import type { MockupKind } from '../lib/variant-options';

const FRAMES: Record<'black' | 'oak' | 'gold', string> = {
  black: 'linear-gradient(135deg, #4a4a4a 0%, #141414 35%, #2b2b2b 60%, #0b0b0b 100%)',
  oak: 'repeating-linear-gradient(96deg, rgb(90 50 15 / 0.10) 0 2px, transparent 2px 7px), linear-gradient(135deg, #d6ab6c 0%, #a9743b 35%, #c99656 62%, #8a5a2a 100%)',
  gold: 'linear-gradient(135deg, #f8e08e 0%, #c8961e 32%, #f4d57c 58%, #a27510 100%)',
};

const LABELS: Record<MockupKind, string> = {
  black: 'in a black frame',
  oak: 'in an oak frame',
  gold: 'in a gold frame',
  paper: 'as a paper print',
  pdf: 'as a PDF on a screen',
};

/**
 * The certificate itself (an SVG from the renderer) over a shimmer that shows until it has loaded. The image is
 * never hidden: a server-rendered store shows it as it arrives, before any script could fade it in.
 */
function Picture({ src, alt }: { src: string | null; alt: string }) {
  const [loaded, setLoaded] = useState<string | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  if (src !== null && failed === src) {
    return (
      <div className="flex aspect-[297/210] w-full items-center justify-center bg-paper-dark p-4 text-center text-sm text-muted" role="status">
        The picture did not load. What you choose is still printed exactly as chosen.
      </div>
    );
  }
  return (
    <div className="relative aspect-[297/210] w-full overflow-hidden bg-white">
      {src === null || loaded !== src ? (
        <div data-testid="mockup-skeleton" className="absolute inset-0 animate-pulse bg-gradient-to-br from-paper-dark via-paper to-paper-dark" aria-hidden="true" />
      ) : null}
      {src ? (
        <img
          key={src}
          ref={loadedBeforeHydration(() => setLoaded(src))}
          src={src}
          alt={alt}
          decoding="async"
          fetchPriority="high"
          onLoad={() => setLoaded(src)}
          onError={() => setFailed(src)}
          className="absolute inset-0 size-full object-contain"
        />
      ) : null}
    </div>
  );
}

/**
 * The personalised certificate shown on the product: inside a black, oak or gold frame on a wall, as a
 * paper print on a desk, or as a PDF on a screen. Frames are CSS, the certificate is the renderer's own SVG.
 */
export function ProductMockup({ kind, src, title, className }: { kind: MockupKind; src: string | null; title: string; className?: string }) {
  const alt = `${title}, ${LABELS[kind]}`;
  return (
    <div
      className={cn(
        'relative overflow-hidden rounded-3xl px-[8%] py-[9%] ring-1 ring-ink/5',
        kind === 'pdf' ? 'bg-gradient-to-b from-[#f3e7e7] to-[#e7d3d3]' : 'bg-gradient-to-b from-[#f7ede1] to-[#ecdcc6]',
        className,
      )}
    >
      {kind === 'black' || kind === 'oak' || kind === 'gold' ? (
        <div className="relative">
          <div
            data-frame={kind}
            className="rounded-[3px] p-[4.5%] shadow-[0_2px_4px_rgb(31_26_23/0.25),0_30px_50px_-20px_rgb(31_26_23/0.55)]"
            style={{ background: FRAMES[kind] }}
          >
            <div className="bg-[#fbf8f2] p-[7%] shadow-[inset_0_1px_3px_rgb(31_26_23/0.35)]">
              <Picture src={src} alt={alt} />
            </div>
          </div>
        </div>
      ) : null}
      {kind === 'paper' ? (
        <div className="mx-auto w-[94%] -rotate-2 bg-white p-[2.5%] shadow-[0_1px_2px_rgb(31_26_23/0.15),0_24px_40px_-18px_rgb(31_26_23/0.5)]">
          <Picture src={src} alt={alt} />
        </div>
      ) : null}
      {kind === 'pdf' ? (
        <div className="mx-auto w-[96%]">
          <div className="rounded-t-xl bg-[#221c1a] p-[3.5%] pb-[4%] shadow-[0_20px_40px_-20px_rgb(31_26_23/0.6)]">
            <Picture src={src} alt={alt} />
          </div>
          <div className="mx-[-4%] h-3 rounded-b-xl bg-gradient-to-b from-[#cfc6c2] to-[#9c928d] sm:h-4" aria-hidden="true" />
          <span className="absolute top-4 right-4 inline-flex items-center gap-1 rounded-full bg-brand-600 px-2.5 py-1 text-xs font-bold tracking-wide text-white shadow-sm">
            <FileText className="size-3.5" aria-hidden="true" /> PDF
          </span>
        </div>
      ) : null}
    </div>
  );
}
