import { CircleAlert, Loader2, ScrollText } from 'lucide-react';
import type { CertificatePreviewBody } from '@/contract/nominations';
import { useBlobUrl } from '@/web/hooks/use-blob-url';
import { ApiRequestError } from '@/web/lib/api-client';
import { useCertificatePreview } from '@/web/lib/api/preview-certificate';
import { cn } from '@/web/lib/utils';
import { CertificateFrame } from './certificate-frame';

/** How long typing must pause before the preview is redrawn. */
export const PREVIEW_DEBOUNCE_MS = 300;

function EmptyPreview() {
  return (
    <div className="absolute inset-0 flex flex-col items-center justify-center gap-3 border-2 border-dashed border-line bg-paper p-6 text-center">
      <ScrollText className="size-10 text-gold-dark" aria-hidden="true" />
      <p className="max-w-xs font-display text-lg font-semibold">Your certificate appears here</p>
      <p className="max-w-xs text-sm text-ink-soft">Choose an award and it takes shape as you type.</p>
    </div>
  );
}

/**
 * The certificate as the server will draw it, redrawn when the (already debounced) fields change.
 * The SVG arrives as a blob shown through an object URL in an <img>: nothing typed can run as markup.
 */
export function LivePreview({
  body,
  alt,
  className,
  announce = true,
}: {
  body: CertificatePreviewBody | null;
  alt: string;
  className?: string;
  /** Say "preview updated" to screen readers (off where many previews redraw at once). */
  announce?: boolean;
}) {
  const preview = useCertificatePreview(body);
  const url = useBlobUrl(preview.data);
  const updating = preview.isFetching;
  const error = preview.error;
  const rateLimited = error instanceof ApiRequestError && error.status === 429;

  return (
    <div className={className}>
      <div className="relative">
        <CertificateFrame src={body ? url : null} alt={alt} updating={updating && url !== null} empty={<EmptyPreview />} priority />
        <span
          className={cn(
            'pointer-events-none absolute top-3 right-3 inline-flex items-center gap-1.5 rounded-full bg-ink/80 px-2.5 py-1 text-xs font-semibold text-white transition-opacity',
            updating && url ? 'opacity-100 delay-150' : 'opacity-0',
          )}
          aria-hidden="true"
        >
          <Loader2 className="size-3 motion-safe:animate-spin" />
          Updating
        </span>
      </div>
      {/* One polite sentence per redraw, not per keystroke. */}
      {announce ? (
        <p className="sr-only" role="status" aria-live="polite">
          {body && url && !updating ? 'Certificate preview updated.' : ''}
        </p>
      ) : null}
      {error && body ? (
        <p className="mt-3 flex items-start gap-2 text-sm text-ink-soft" role="alert">
          <CircleAlert className="mt-0.5 size-4 shrink-0 text-brand-600" aria-hidden="true" />
          {rateLimited
            ? 'The preview is catching its breath after a lot of redrawing. Keep typing; it will catch up in a moment.'
            : 'The preview could not be drawn just now. Your nomination is unaffected: you can still send it.'}
        </p>
      ) : null}
    </div>
  );
}
