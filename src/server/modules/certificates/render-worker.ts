/**
 * A render process of the RenderPool (render-pool.ts): takes one render at a
 * time over IPC and answers with the bytes. Its own process, so a resvg abort
 * or an out-of-memory kill costs one render, never the server.
 */
import { awardPicturePng } from './award-picture';
import { renderCertificateSvg, renderPdf, renderPrintPng, renderSharePng } from './certificate-renderer';
import type { WorkerReply, WorkerRequest } from './render-pool';

const RENDER = { 'share-png': renderSharePng, 'print-png': renderPrintPng, pdf: renderPdf } as const;

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

// Load the fonts and the text measurer before the first real render, so its time budget is all drawing.
renderCertificateSvg(
  {
    certificateNumber: 'CF-WARM0',
    awardTitle: 'Warm-up',
    awardTagline: null,
    awardDescription: 'Warm-up',
    awardEmblemSvg: null,
    nomineeName: 'Warm-up',
    reason: '',
    issuedAt: new Date(0),
    nominatorName: null,
    verifyUrl: 'https://certifiable.invalid/',
    brandName: 'Certifiable',
  },
  'classic-parchment',
);
reply({ type: 'ready' });
