/**
 * A render process of the RenderPool (render-pool.ts): takes one render at a
 * time over IPC and answers with the bytes. Its own process, so a resvg abort
 * or an out-of-memory kill costs one render, never the server.
 */
import { awardPicturePng } from './award-picture';
import { DEFAULT_TEMPLATE, TEMPLATE_SLUGS, type CertificateData } from './certificate-data';
import { LEGACY_RENDERS, keptBytes, prepareFrames, renderCertificateSvg, renderPdf, renderPrintPng, renderSharePng } from './certificate-renderer';
import type { PoolRenderKind, WorkerReply, WorkerRequest } from './render-pool';

/**
 * bench/render-load.ts's comparison line only: the renders and the start-up as they were before
 * docs/decisions/114 (raster PDF, emblems as pictures, no warm-up drawing).
 */
const LEGACY = process.env.CERTIFICATE_RENDERER_LEGACY === '1';
/** RenderPoolOptions.warmUp: false in the app's tests, where each render draws what it needs when it needs it. */
const WARM_UP_ON = process.env.RENDER_WARM_UP !== '0';

const RENDER: Record<PoolRenderKind, (data: CertificateData, template: string) => Promise<Buffer>> = LEGACY
  ? LEGACY_RENDERS
  : { 'share-png': renderSharePng, 'print-png': renderPrintPng, pdf: renderPdf };

/**
 * A full collection after a render only once the memory left (less what the renderer keeps on purpose) passes this
 * (RENDER_COLLECT_OVER_MB: the pool gives half the process's budget; unset, after every render). A full collection
 * cost 115–195 ms of CPU after a print or PDF render — a third of the drawing — and gave back little: the allocator
 * keeps the freed pages, so a process measured 250–310 MB resident without it and 263 MB with it (decision 139).
 */
const COLLECT_OVER_BYTES = Number(process.env.RENDER_COLLECT_OVER_MB ?? 0) * 1024 * 1024;

/** Sends a message; resolves once it is written to the channel. */
function reply(message: WorkerReply): Promise<void> {
  return new Promise((resolve) => {
    if (!process.send) return resolve();
    process.send(message, () => resolve());
  });
}

// The server went away (closed, crashed or killed): nothing left to render for.
process.on('disconnect', () => process.exit(0));

/** Renders under way; the frames of the other templates are drawn between them (framesAfterReady). */
let rendering = 0;
const quiet: (() => void)[] = [];

/** Resolves at once, or when the render under way is answered. */
function noRender(): Promise<void> {
  return rendering === 0 ? Promise.resolve() : new Promise((resolve) => quiet.push(resolve));
}

process.on('message', (request: WorkerRequest) => {
  rendering++;
  void (async () => {
    // resvg's images are freed only when V8 collects them: once the memory left passes COLLECT_OVER_BYTES, a full
    // collection after the answer is sent (20–200 ms) — after every render on the legacy line, as it was.
    let sent: Promise<void>;
    let collected = false;
    try {
      const bytes = request.kind === 'award-picture' ? await awardPicturePng(request.image) : await RENDER[request.kind](request.data, request.template);
      if (LEGACY) globalThis.gc?.();
      sent = reply({ type: 'done', id: request.id, bytes });
    } catch (error) {
      if (LEGACY) globalThis.gc?.();
      sent = reply({ type: 'error', id: request.id, message: (error as Error).message });
    }
    // What the renderer keeps on purpose (frames, tables): a collection frees none of it.
    const kept = LEGACY ? 0 : keptBytes();
    if (!LEGACY) {
      await sent;
      if (globalThis.gc && process.memoryUsage.rss() - kept > COLLECT_OVER_BYTES) {
        globalThis.gc();
        collected = true;
        // resvg's native pixels are released by finalisers that run after the collection.
        await new Promise((resolve) => setImmediate(resolve));
      }
    }
    // The memory left, for the pool's replacement rule, and what of it the renderer keeps on purpose.
    void reply({ type: 'idle', rss: process.memoryUsage.rss(), kept, collected: collected || LEGACY });
    if (--rendering === 0) for (const resolve of quiet.splice(0)) resolve();
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
 * the default template's frames (print and share, backdrop.ts) and one drawing of each kind in it, so resvg, the
 * compositing, zlib, the quantiser, PDFKit, svg-to-pdfkit and the fonts' subsetting are loaded and compiled (a first
 * PDF costs ≈3× a later one otherwise). About 1.4 s of CPU at niceness 10, once per process.
 */
async function warmUp(): Promise<void> {
  renderCertificateSvg(WARM_UP, DEFAULT_TEMPLATE);
  if (LEGACY) return;
  for (const template of TEMPLATE_SLUGS) renderCertificateSvg(WARM_UP, template);
  await prepareFrames(WARM_UP, DEFAULT_TEMPLATE);
  await renderPdf(WARM_UP, DEFAULT_TEMPLATE);
  await renderPrintPng(WARM_UP, DEFAULT_TEMPLATE);
  await renderSharePng(WARM_UP, DEFAULT_TEMPLATE);
  globalThis.gc?.();
}

/**
 * Once ready: the other templates' frames (0.2–0.5 s of CPU each), giving way to renders between strips. A render in
 * a template whose frame is not drawn yet waits for it (or draws it, if not begun).
 */
async function framesAfterReady(): Promise<void> {
  for (const template of TEMPLATE_SLUGS) {
    if (template !== DEFAULT_TEMPLATE) await prepareFrames(WARM_UP, template, { giveWay: noRender });
  }
  await noRender();
  globalThis.gc?.();
}

void (WARM_UP_ON ? warmUp() : Promise.resolve())
  // A warm-up that fails must not keep the process from serving: the real render reports its own error.
  .catch(() => undefined)
  .then(() => reply({ type: 'ready' }))
  .then(() => (LEGACY || !WARM_UP_ON ? undefined : framesAfterReady()))
  .catch(() => undefined);
