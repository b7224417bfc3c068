/**
 * Certificate renderer: one drawing (SVG), four outputs.
 *
 *   renderCertificateSvg(data, template)  → SVG text (viewBox 0 0 2970 2100, 1 unit = 0.1 mm)
 *   renderSharePng(data, template)        → 1200×630 PNG for og:image
 *   renderPrintPng(data, template)        → 3508×2480 PNG, 300 DPI (A4 landscape)
 *   renderPdf(data, template)             → one-page A4 landscape PDF drawn in vectors (docs/decisions/114)
 *
 * `CertificateRenderer` wraps the same functions in a content-hash cache
 * (memory LRU + optional size-bounded directory) and, given a RenderPool, runs
 * the raster and PDF renders in the pool's processes (docs/decisions/021).
 * Pure module: no database, no HTTP.
 */
import { basename } from 'node:path';
import { frameStats, paletteComposite, pixelFrame, stripComposite, stripFrame, type FrameOptions } from './backdrop';
import { resolveTemplate, type CertificateData } from './certificate-data';
import { bandAlignment, certificateBand, certificateRoot, drawCertificate, type CertificateDrawing } from './certificate-svg';
import { FONT_FILES } from '@/server/lib/fonts';
import { inlineEmblems } from './inline-emblems';
import { buildPdf } from './pdf';
import { buildRasterPdf } from './pdf-raster';
import { quantizerBytes } from './quantize';
import type { RenderedImage } from '@resvg/resvg-js';
import { rasterize, setPngDpi, svgToPalettePng, svgToPng } from './raster';
import { RenderCache, contentHash, type RenderCacheOptions, type RenderCacheStats } from './render-cache';
import type { PoolRenderKind, RenderPool, RenderPoolStats } from './render-pool';
import { SHARE_W, shareLayers, shareSvg } from './share-image';

export type { CertificateData, TemplateSlug } from './certificate-data';
export { TEMPLATE_SLUGS, DEFAULT_TEMPLATE, resolveTemplate } from './certificate-data';
export { renderCertificateSvg, drawCertificate } from './certificate-svg';
export type { CertificateLayout } from './templates/template';
export type { RenderCacheStats } from './render-cache';

/** Bump whenever output for the same input changes (drawing, fonts, sizes): it is part of every cache key. */
export const CERTIFICATE_RENDERER_VERSION = 3;

export const SHARE_SIZE = { width: 1200, height: 630 } as const;
export const PRINT_DPI = 300;
/** A4 landscape at 300 DPI: 297 × 210 mm → 3508 × 2480 px. */
export const PRINT_SIZE = { width: 3508, height: 2480 } as const;

export type RenderKind = 'svg' | 'share-png' | 'print-png' | 'pdf';
const EXTENSION: Record<RenderKind, string> = { svg: 'svg', 'share-png': 'png', 'print-png': 'png', pdf: 'pdf' };

/**
 * The share image: the template's frame (the red ground, the card, the certificate's ground) drawn once per process,
 * the rest over it, in a 256-colour palette (backdrop.ts).
 */
export async function renderSharePng(data: CertificateData, templateSlug: string): Promise<Buffer> {
  const drawing = drawCertificate(data, templateSlug);
  const layers = shareLayers(drawing);
  const frame = await pixelFrame(layers.frame, SHARE_W);
  if (!frame) return svgToPalettePng(inlineEmblems(shareSvg(drawing)).svg, SHARE_W);
  return paletteComposite(frame, inlineEmblems(layers.overlay).svg);
}

function printSvg(data: CertificateData, templateSlug: string) {
  const drawing = drawCertificate(data, templateSlug);
  return { drawing, svg: certificateRoot(drawing, PRINT_SIZE) };
}

/** One layer of the drawing (CertificateDrawing.layers) as a print-sized SVG. */
function printLayer(drawing: CertificateDrawing, layer: 'frame' | 'overlay'): string {
  return certificateRoot({ ...drawing, inner: drawing.layers[layer] }, PRINT_SIZE);
}

/**
 * The print PNG, RGB at 300 DPI: the template's frame drawn once per process, the rest over it (backdrop.ts).
 */
export async function renderPrintPng(data: CertificateData, templateSlug: string): Promise<Buffer> {
  const drawing = drawCertificate(data, templateSlug);
  const frame = await stripFrame(printLayer(drawing, 'frame'), PRINT_SIZE.width);
  if (!frame) return setPngDpi(await svgToPng(inlineEmblems(certificateRoot(drawing, PRINT_SIZE)).svg, PRINT_SIZE.width), PRINT_DPI);
  const overlay = { ...drawing, inner: inlineEmblems(drawing.layers.overlay).svg };
  return stripComposite(frame, (y, rows) => certificateBand(overlay, PRINT_SIZE, y, rows), PRINT_DPI, bandAlignment(PRINT_SIZE));
}

/**
 * Memory the renderer keeps on purpose between renders (frames, the quantiser's tables): the render pool's rule
 * against creeping memory leaves it out.
 */
export function keptBytes(): number {
  const frames = frameStats();
  return frames.bytes + frames.inflated + quantizerBytes();
}

/**
 * Draws the template's print and share frames now (backdrop.ts), so that the first certificate in it need not;
 * `options.giveWay` lets renders go first (a render process drawing its templates' frames after start-up).
 */
export async function prepareFrames(data: CertificateData, templateSlug: string, options: FrameOptions = {}): Promise<void> {
  const drawing = drawCertificate(data, templateSlug);
  await stripFrame(printLayer(drawing, 'frame'), PRINT_SIZE.width, options);
  await pixelFrame(shareLayers(drawing).frame, SHARE_W, options);
}

/** The PDF in vectors: the drawing's paths and text, fonts embedded (pdf.ts). */
export async function renderPdf(data: CertificateData, templateSlug: string): Promise<Buffer> {
  return (await buildPdf(drawCertificate(data, templateSlug))).pdf;
}

/**
 * The renders as they were before docs/decisions/114 (emblems as pictures, the PDF a 300 DPI raster), for the
 * comparison line of bench/render-load.ts only: a render process started with CERTIFICATE_RENDERER_LEGACY=1 draws these.
 */
export const LEGACY_RENDERS: Record<PoolRenderKind, (data: CertificateData, templateSlug: string) => Promise<Buffer>> = {
  'share-png': async (data, templateSlug) => svgToPalettePng(shareSvg(drawCertificate(data, templateSlug)), SHARE_W),
  'print-png': async (data, templateSlug) => setPngDpi(await svgToPng(printSvg(data, templateSlug).svg, PRINT_SIZE.width), PRINT_DPI),
  pdf: async (data, templateSlug) => {
    const { drawing, svg } = printSvg(data, templateSlug);
    const pixels = await rgbaPixels(svg, PRINT_SIZE.width);
    return buildRasterPdf(pixels, drawing.view, drawing.view.nominee);
  },
};

/**
 * The pixels as a JS copy, with resvg's own canvas (35 MB at 300 DPI) released before the PDF is
 * built: it is freed only when V8 collects its wrapper, which the render processes can ask for.
 */
async function rgbaPixels(svg: string, width: number) {
  let image: RenderedImage | null = await rasterize(svg, width);
  const out = { width: image.width, height: image.height, pixels: image.pixels };
  image = null;
  globalThis.gc?.();
  return out;
}

/**
 * The cache key: sha256 of the render kind, the resolved template, every
 * field of the data (explicitly listed, so stray properties don't split the
 * cache), the renderer version and the font files in use.
 */
export function certificateCacheKey(kind: RenderKind, data: CertificateData, templateSlug: string): string {
  return contentHash([
    'certificate',
    CERTIFICATE_RENDERER_VERSION,
    kind,
    resolveTemplate(templateSlug),
    data.certificateNumber,
    data.awardTitle,
    data.awardTagline,
    data.awardDescription,
    data.awardEmblemSvg,
    data.awardPicturePng ?? null,
    data.nomineeName,
    data.reason,
    data.issuedAt instanceof Date && !Number.isNaN(data.issuedAt.getTime()) ? data.issuedAt.toISOString() : String(data.issuedAt),
    data.nominatorName,
    data.verifyUrl,
    data.brandName,
    FONT_FILES.map((f) => basename(f)),
  ]);
}

export interface CertificateRendererOptions extends RenderCacheOptions {
  /**
   * Where PNGs and PDFs are drawn. The server always passes one (resvg and pdf-lib must not run in
   * the server process); without it they are drawn in this process (tests of the drawing, scripts).
   */
  pool?: RenderPool;
}

const IN_PROCESS: Record<PoolRenderKind, (data: CertificateData, templateSlug: string) => Promise<Buffer>> = {
  'share-png': renderSharePng,
  'print-png': renderPrintPng,
  pdf: renderPdf,
};

/**
 * Cached renders. One instance per process is plenty; pass `cacheDir` to keep renders across restarts
 * and `pool` to draw off the server process. Concurrent requests for one file share one render.
 */
export class CertificateRenderer {
  readonly #cache: RenderCache;
  readonly #pool: RenderPool | undefined;

  constructor(options: CertificateRendererOptions = {}) {
    const { pool, ...cache } = options;
    this.#cache = new RenderCache(cache);
    this.#pool = pool;
  }

  /** Stops the render pool and lets the cache finish the files it is writing (the app's onClose). */
  async close(): Promise<void> {
    await Promise.all([this.#pool?.close(), this.#cache.settled()]);
  }

  /** The render pool's counters (null: drawing in this process, no pool). */
  get poolStats(): RenderPoolStats | null {
    return this.#pool?.stats ?? null;
  }

  get stats(): RenderCacheStats {
    return this.#cache.stats;
  }

  /** Gives back disk space: the cache's least recently used files go until `bytes` are freed (DATA_DIR nearly full). */
  evictDisk(bytes: number): Promise<number> {
    return this.#cache.evictBytes(bytes);
  }

  async svg(data: CertificateData, templateSlug: string): Promise<string> {
    const bytes = await this.#get('svg', data, templateSlug, async () => Buffer.from(certificateRoot(drawCertificate(data, templateSlug)), 'utf8'));
    return bytes.toString('utf8');
  }

  sharePng(data: CertificateData, templateSlug: string): Promise<Buffer> {
    return this.#raster('share-png', data, templateSlug);
  }

  printPng(data: CertificateData, templateSlug: string): Promise<Buffer> {
    return this.#raster('print-png', data, templateSlug);
  }

  pdf(data: CertificateData, templateSlug: string): Promise<Buffer> {
    return this.#raster('pdf', data, templateSlug);
  }

  #raster(kind: PoolRenderKind, data: CertificateData, templateSlug: string): Promise<Buffer> {
    const pool = this.#pool;
    return this.#get(kind, data, templateSlug, () =>
      pool ? pool.run({ kind, data, template: templateSlug }) : IN_PROCESS[kind](data, templateSlug),
    );
  }

  #get(kind: RenderKind, data: CertificateData, templateSlug: string, render: () => Promise<Buffer>): Promise<Buffer> {
    return this.#cache.get(certificateCacheKey(kind, data, templateSlug), EXTENSION[kind], render);
  }
}
