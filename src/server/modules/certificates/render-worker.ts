/**
 * A render process of the RenderPool (render-pool.ts): takes one render at a
 * time over IPC and answers with the bytes. Its own process, so a resvg abort
 * or an out-of-memory kill costs one render, never the server.
 */
import { awardPicturePng } from './award-picture';
import { TEMPLATE_SLUGS, type CertificateData } from './certificate-data';
import { LEGACY_RENDERS, renderCertificateSvg, renderPdf, renderPrintPng, renderSharePng } from './certificate-renderer';
import { rasterize } from './raster';
import type { PoolRenderKind, WorkerReply, WorkerRequest } from './render-pool';

/**
 * bench/render-load.ts's comparison line only: the renders and the start-up as they were before
 * docs/decisions/114 (raster PDF, emblems as pictures, no warm-up drawing).
 */
const LEGACY = process.env.CERTIFICATE_RENDERER_LEGACY === '1';

const RENDER: Record<PoolRenderKind, (data: CertificateData, template: string) => Promise<Buffer>> = LEGACY
  ? LEGACY_RENDERS
  : { 'share-png': renderSharePng, 'print-png': renderPrintPng, pdf: renderPdf };

function reply(message: WorkerReply): void {
  process.send?.(message);
}

// The server went away (closed, crashed or killed): nothing left to render for.
process.on('disconnect', () => process.exit(0));

process.on('message', (request: WorkerRequest) => {
  void (async () => {
    try {
      const bytes = request.kind === 'award-picture' ? await awardPicturePng(request.image) : await RENDER[request.kind](request.data, request.template);
      // Drop the pixel buffers now: resvg's images are freed only when V8 collects them.
      globalThis.gc?.();
      reply({ type: 'done', id: request.id, bytes, rss: process.memoryUsage.rss() });
    } catch (error) {
      globalThis.gc?.();
      reply({ type: 'error', id: request.id, message: (error as Error).message, rss: process.memoryUsage.rss() });
    }
  })();
});

const WARM_UP: CertificateData = {
  certificateNumber: 'CF-WARM0',
  awardTitle: 'Warm-up',
  awardTagline: 'Warm-up',
  awardDescription: 'Warm-up',
  awardEmblemSvg: '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><circle cx="5" cy="5" r="4" fill="#c8102e"/></svg>',
  nomineeName: 'Warm-up',
  reason: 'Warm-up',
  issuedAt: new Date(0),
  nominatorName: 'Warm-up',
  verifyUrl: 'https://certifiable.invalid/',
  brandName: 'Certifiable',
};

/**
 * Before the first real render: the fonts and the text measurer (every template), and — outside the legacy line —
 * one small drawing of each kind, so resvg, the palette encoder, PDFKit, svg-to-pdfkit and the fonts' subsetting
 * are loaded and compiled (a first PDF costs ≈3× a later one otherwise). About a second of CPU, once per process.
 */
async function warmUp(): Promise<void> {
  renderCertificateSvg(WARM_UP, 'classic-parchment');
  if (LEGACY) return;
  for (const template of TEMPLATE_SLUGS) renderCertificateSvg(WARM_UP, template);
  await renderPdf(WARM_UP, 'classic-parchment');
  await rasterize(renderCertificateSvg(WARM_UP, 'retro'), 300);
  await renderSharePng(WARM_UP, 'retro');
  globalThis.gc?.();
}

void warmUp().then(
  () => reply({ type: 'ready' }),
  // A warm-up that fails must not keep the process from serving: the real render reports its own error.
  () => reply({ type: 'ready' }),
);
