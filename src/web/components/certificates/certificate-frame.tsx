import { useState, type ReactNode } from 'react';
import { loadedBeforeHydration } from '@/web/lib/image-loaded';
import { cn } from '@/web/lib/utils';

interface CertificateFrameProps {
  /** Image URL (an API URL or an object URL of a preview); null while there is nothing to show yet. */
  src: string | null;
  alt: string;
  /** 'certificate' is the A4 landscape page; 'share' the 1200×630 link-preview card. */
  aspect?: 'certificate' | 'share';
  /** Dim the picture slightly: a newer version is on its way. */
  updating?: boolean;
  className?: string;
  /** Lazy-load below the fold (community cards). */
  lazy?: boolean;
  /** What fills the frame when there is no picture at all (defaults to a shimmering placeholder). */
  empty?: ReactNode;
  /** For the page's main image: the browser fetches it first. */
  priority?: boolean;
}

/** The pictures' intrinsic sizes (A4 landscape at 4 px/mm; the share card's 1200 × 630), so their aspect ratio is known before they load. */
const INTRINSIC = { certificate: { width: 1188, height: 840 }, share: { width: 1200, height: 630 } } as const;

function Shimmer() {
  return (
    <div
      data-testid="certificate-skeleton"
      className="absolute inset-0 animate-pulse bg-gradient-to-br from-paper-dark via-paper to-paper-dark"
      aria-hidden="true"
    />
  );
}

/**
 * A certificate as a picture: the server's own rendering (SVG or PNG) shown with <img>, never as
 * inline markup, on a mat with a soft shadow so it reads as paper. When `src` changes, the old
 * picture stays until the new one has loaded, so a live preview never flashes blank.
 */
export function CertificateFrame({ src, alt, aspect = 'certificate', updating, className, lazy, empty, priority }: CertificateFrameProps) {
  const [shown, setShown] = useState<string | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const loading = src !== null && src !== shown && src !== failed;
  const size = INTRINSIC[aspect];
  return (
    <div
      className={cn(
        'relative overflow-hidden rounded-lg bg-white shadow-[0_1px_2px_rgb(31_26_23/0.08),0_24px_48px_-24px_rgb(31_26_23/0.45)] ring-1 ring-ink/5',
        aspect === 'certificate' ? 'aspect-[297/210]' : 'aspect-[1200/630]',
        className,
      )}
    >
      {shown === null && src === null ? (empty ?? <Shimmer />) : null}
      {shown === null && src !== null && src !== failed ? <Shimmer /> : null}
      {shown === null && src !== null && src === failed ? (
        <div className="absolute inset-0 flex items-center justify-center bg-paper-dark p-4 text-center text-sm text-muted">
          The certificate did not load. Refresh the page to try again.
        </div>
      ) : null}
      {shown !== null ? (
        <img
          src={shown}
          alt={alt}
          {...size}
          decoding="async"
          className={cn('absolute inset-0 size-full object-contain transition-opacity duration-200', updating || loading ? 'opacity-80' : 'opacity-100')}
        />
      ) : null}
      {loading ? (
        // The next picture loads out of sight, then takes over.
        <img
          key={src}
          src={src}
          alt={shown === null ? alt : ''}
          {...size}
          aria-hidden={shown === null ? undefined : true}
          decoding="async"
          loading={lazy ? 'lazy' : 'eager'}
          {...(priority ? { fetchPriority: 'high' as const } : {})}
          ref={loadedBeforeHydration(() => setShown(src))}
          onLoad={() => setShown(src)}
          onError={() => setFailed(src)}
          // The first picture is visible from the start (over the shimmer): it paints as soon as it arrives,
          // even from server-rendered HTML before any JavaScript runs, and is the page's largest paint.
          // Only a replacement waits out of sight.
          className={cn('absolute inset-0 size-full object-contain', shown === null ? null : 'opacity-0')}
        />
      ) : null}
    </div>
  );
}
