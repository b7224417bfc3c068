import { ImageOff } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { cn } from '@/web/lib/utils';

/** Spec §9: images load when 10% visible, starting 50px before they scroll into view. */
export const LAZY_IMAGE_OPTIONS: IntersectionObserverInit = { threshold: 0.1, rootMargin: '50px' };

/** Our award emblems are 240 × 240 SVGs (src/web/public/awards); the intrinsic size keeps the aspect ratio known. */
export const AWARD_IMAGE_SIZE = 240;

export function LazyImage({
  src,
  alt,
  className,
  width = AWARD_IMAGE_SIZE,
  height = AWARD_IMAGE_SIZE,
}: {
  src: string;
  alt: string;
  className?: string;
  width?: number;
  height?: number;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const [visible, setVisible] = useState(false);
  const [status, setStatus] = useState<'loading' | 'loaded' | 'error'>('loading');

  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    if (typeof IntersectionObserver === 'undefined') {
      setVisible(true);
      return;
    }
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) {
        setVisible(true);
        observer.disconnect();
      }
    }, LAZY_IMAGE_OPTIONS);
    observer.observe(el);
    return () => observer.disconnect();
  }, []);

  return (
    <div ref={ref} className={cn('relative overflow-hidden', className)}>
      {status === 'loading' ? <div className="absolute inset-0 animate-pulse bg-paper-dark" aria-hidden="true" /> : null}
      {status === 'error' ? (
        <div className="absolute inset-0 flex flex-col items-center justify-center gap-1 bg-paper-dark text-sm text-muted">
          <ImageOff className="size-6" aria-hidden="true" />
          <span>Failed to load</span>
        </div>
      ) : null}
      {visible && status !== 'error' ? (
        <img
          src={src}
          alt={alt}
          width={width}
          height={height}
          decoding="async"
          onLoad={() => setStatus('loaded')}
          onError={() => setStatus('error')}
          className={cn('size-full object-contain transition-opacity duration-300', status === 'loaded' ? 'opacity-100' : 'opacity-0')}
        />
      ) : null}
    </div>
  );
}
