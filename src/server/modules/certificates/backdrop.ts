/**
 * The raster renders drawn as a frame kept per render process plus the certificate's own drawing over it
 * (docs/decisions/114, update of 2026-11-27).
 *
 * Most of a print render's time went into each template's ground — parchment, guilloché bands, deco fans — which is
 * the same on every certificate. A render process draws each frame once (`CertificateDrawing.layers.frame`; for the
 * share image the red ground, the card and the certificate's ground) and keeps it: for the print as PNG scanlines
 * deflated in strips of 32 rows (0.1–1.5 MB a template; a strip the overlay leaves blank goes into the file as it
 * is), for the share image as deflated pixels. A render then draws only the overlay (`layers.overlay`: text, emblem,
 * seal, signatures, QR code) on a transparent canvas and lays it over the frame, source-over, as resvg would have
 * drawn it onto the frame: one more rounding, so about 0.5 % of the channel values come out one level apart and a
 * handful two or three — up to six where translucent layers stack, as retro's scanlines do in the share image
 * (tested).
 *
 * The last print frame drawn over is also kept inflated (26 MB), so that a run of certificates in one template does
 * not inflate it each time. A frame that is not opaque everywhere (none of ours) is not kept: such a certificate is
 * drawn whole.
 */
import { constants, deflateRawSync, inflateRawSync } from 'node:zlib';
import { assemblePng, deflateStrip, StripDeflater, type DeflatedStrip } from './png';
import { quantize } from './quantize';
import { rasterize } from './raster';

/** Rows a strip: the unit that is reused from the frame or composited and deflated anew (32 rows ≈ 330 KB of RGB). */
export const ROWS_PER_STRIP = 32;
/**
 * zlib level of the frames' strips. Most strips of a page are drawn over and deflated again at DRAWN_LEVEL, so a
 * higher level here bought a few per cent of the file for several times the frame's time.
 */
const FRAME_LEVEL = 1;
/** zlib level of the strips a certificate draws over: they are on the request's path. */
const DRAWN_LEVEL = 1;
/** zlib level of the share image's palette indices (1200 × 630 bytes: a few ms). */
const SHARE_LEVEL = 6;

/** A print frame: its PNG scanlines (filter byte 0, RGB), deflated a strip at a time. */
export interface StripFrame {
  width: number;
  height: number;
  strips: DeflatedStrip[];
}

/** A share frame: opaque RGBA pixels, deflated (3 MB of pixels kept in 0.1–0.3 MB; inflating them takes ≈ 2 ms). */
export interface PixelFrame {
  width: number;
  height: number;
  deflated: Buffer;
}

interface Kept<T> {
  frame: Promise<T | null>;
  /** Bytes it holds, once drawn. */
  bytes: number;
  /** A render waits for it: drawn in the background, it stops giving way (FrameOptions.giveWay). */
  wanted: boolean;
  /** Marks it wanted, ending a wait to give way. */
  want: () => void;
}

export interface FrameOptions {
  /**
   * Drawn ahead of need (the render process's other templates, after start-up): between strips the drawing awaits
   * this, so that a render that arrived meanwhile goes first — unless that render is waiting for this very frame.
   */
  giveWay?: () => Promise<void>;
}

/** Kept frames, by width and the frame's SVG (the same markup always draws the same pixels), least recently used first. */
const stripFrames = new Map<string, Kept<StripFrame>>();
const pixelFrames = new Map<string, Kept<PixelFrame>>();
/** Frames of each kind a process keeps at most: our five templates, and one to spare. */
const MAX_FRAMES = 6;

/** The compositing reads pixels as little-endian 32-bit words; elsewhere (no such Node platform today) draw whole. */
const LITTLE_ENDIAN = new Uint8Array(new Uint32Array([1]).buffer)[0] === 1;

function remember<T>(
  cache: Map<string, Kept<T>>,
  key: string,
  options: FrameOptions,
  build: (giveWay: () => Promise<void>) => Promise<{ frame: T; bytes: number } | null>,
): Promise<T | null> {
  const kept = cache.get(key);
  if (kept) {
    cache.delete(key);
    cache.set(key, kept);
    if (!options.giveWay) kept.want();
    return kept.frame;
  }
  framesDrawn++;
  let wanted = () => {};
  const wantedNow = new Promise<void>((resolve) => (wanted = resolve));
  const entry: Kept<T> = {
    frame: Promise.resolve(null),
    bytes: 0,
    wanted: !options.giveWay,
    want: () => {
      entry.wanted = true;
      wanted();
    },
  };
  // A render that waits for this frame must not wait for itself to end.
  const giveWay = async () => {
    if (!entry.wanted && options.giveWay) await Promise.race([options.giveWay(), wantedNow]);
  };
  entry.frame = (LITTLE_ENDIAN ? build(giveWay) : Promise.resolve(null)).then(
    (built) => {
      entry.bytes = built?.bytes ?? 0;
      return built?.frame ?? null;
    },
    // Not drawable as a frame (resvg refused it): the certificate is drawn whole; the overlay reports any error.
    () => null,
  );
  cache.set(key, entry);
  for (const oldest of cache.keys()) {
    if (cache.size <= MAX_FRAMES) break;
    cache.delete(oldest);
  }
  return entry.frame;
}

let framesDrawn = 0;

/**
 * The frames a process keeps, the bytes they hold (pixels or deflated scanlines), those of the last print frame's
 * scanlines kept inflated, and how many frames it has drawn so far.
 */
export function frameStats(): { frames: number; bytes: number; inflated: number; drawn: number } {
  const all = [...stripFrames.values(), ...pixelFrames.values()];
  return { frames: all.length, bytes: all.reduce((sum, kept) => sum + kept.bytes, 0), inflated: inflatedFrame?.lines.length ?? 0, drawn: framesDrawn };
}

/** The print frame of `svg` drawn at `width` px, kept for the next render (null: not opaque, draw whole). */
export function stripFrame(svg: string, width: number, options: FrameOptions = {}): Promise<StripFrame | null> {
  return remember(stripFrames, `${width}:${svg}`, options, async (giveWay) => {
    await giveWay();
    const image = await rasterize(svg, width);
    const { width: w, height: h } = image;
    const rgba = words(image.pixels);
    // Two strips in zlib at a time (one a thread), the next converted meanwhile: a deflater holds ≈ 0.5 MB.
    const strips: DeflatedStrip[] = [];
    const inFlight: Promise<void>[] = [];
    for (let i = 0, y = 0; y < h; i++, y += ROWS_PER_STRIP) {
      const rows = Math.min(ROWS_PER_STRIP, h - y);
      const lines = rgbScanlines(rgba, w, y, rows);
      if (!lines) {
        await Promise.all(inFlight);
        return null;
      }
      if (inFlight.length >= 2) await inFlight.shift();
      await giveWay();
      inFlight.push(deflateStrip(lines, FRAME_LEVEL).then((strip) => void (strips[i] = strip)));
    }
    await Promise.all(inFlight);
    const frame = { width: w, height: h, strips };
    return { frame, bytes: frame.strips.reduce((sum, s) => sum + s.deflated.length, 0) };
  });
}

/** The share frame of `svg` drawn at `width` px, kept for the next render (null: not opaque, draw whole). */
export function pixelFrame(svg: string, width: number, options: FrameOptions = {}): Promise<PixelFrame | null> {
  return remember(pixelFrames, `${width}:${svg}`, options, async (giveWay) => {
    await giveWay();
    const image = await rasterize(svg, width);
    const rgba = image.pixels;
    for (let i = 3; i < rgba.length; i += 4) if (rgba[i] !== 255) return null;
    const deflated = deflateRawSync(rgba, { level: FRAME_LEVEL });
    return { frame: { width: image.width, height: image.height, deflated }, bytes: deflated.length };
  });
}

/**
 * `rows` rows from `y` of RGBA pixels (as 32-bit words) as PNG scanlines: a filter byte (0: none) and RGB. Null
 * when a pixel is not opaque (the alpha channel is dropped).
 */
function rgbScanlines(rgba: Uint32Array, width: number, y: number, rows: number): Buffer | null {
  const stride = 1 + width * 3;
  const out = Buffer.allocUnsafe(rows * stride);
  let all = 0xffffffff;
  for (let r = 0; r < rows; r++) {
    let o = r * stride;
    out[o++] = 0;
    for (let i = (y + r) * width, end = i + width; i < end; i++, o += 3) {
      const v = rgba[i]!;
      out[o] = v;
      out[o + 1] = v >>> 8;
      out[o + 2] = v >>> 16;
      all &= v;
    }
  }
  return all >>> 24 === 255 ? out : null;
}

/** x / 255, rounded, for 0 ≤ x ≤ 255 × 255. */
const div255 = (x: number) => {
  const t = x + 128;
  return (t + (t >>> 8)) >>> 8;
};

/**
 * Lays premultiplied RGBA pixels (resvg's) over opaque ones, source-over: `out = over + under × (1 − α)`.
 * `under` holds `rows` rows of `underStride` bytes, pixel x at `underOffset + x × underBpp`; `over` is tightly packed.
 */
function composite(over: Uint8Array, under: Uint8Array, width: number, rows: number, underStride: number, underOffset: number, underBpp: number): void {
  const over32 = new Uint32Array(over.buffer, over.byteOffset, (width * rows) >>> 0);
  for (let r = 0; r < rows; r++) {
    const rowBase = r * width;
    const lineBase = r * underStride + underOffset;
    for (let x = 0; x < width; x++) {
      const v = over32[rowBase + x]!;
      if (v === 0) continue;
      const o = lineBase + x * underBpp;
      const a = v >>> 24;
      if (a === 255) {
        under[o] = v & 255;
        under[o + 1] = (v >>> 8) & 255;
        under[o + 2] = (v >>> 16) & 255;
      } else {
        const rest = 255 - a;
        under[o] = (v & 255) + div255(under[o]! * rest);
        under[o + 1] = ((v >>> 8) & 255) + div255(under[o + 1]! * rest);
        under[o + 2] = ((v >>> 16) & 255) + div255(under[o + 2]! * rest);
      }
    }
  }
}

/** Bytes as 32-bit words (little-endian RGBA: 0xAABBGGRR), copied first if they are not 4-byte aligned. */
function words(bytes: Uint8Array): Uint32Array {
  const aligned = bytes.byteOffset % 4 === 0 ? bytes : new Uint8Array(bytes);
  return new Uint32Array(aligned.buffer, aligned.byteOffset, aligned.byteLength >>> 2);
}

/** The overlay's premultiplied RGBA pixels, 4-byte aligned (composite() reads them as words). */
async function overlayPixels(svg: string, width: number, height: number): Promise<Uint8Array> {
  const image = await rasterize(svg, width);
  if (image.width !== width || image.height !== height) throw new Error(`Overlay drawn at ${image.width}×${image.height}, frame is ${width}×${height}`);
  const pixels = image.pixels;
  return pixels.byteOffset % 4 === 0 ? pixels : new Uint8Array(pixels);
}

let zeros = Buffer.alloc(0);
function isBlank(pixels: Uint8Array): boolean {
  if (zeros.length < pixels.length) zeros = Buffer.alloc(pixels.length);
  return Buffer.compare(pixels, zeros.subarray(0, pixels.length)) === 0;
}

/**
 * Drawn-over strips are deflated in runs of at most this many (256 rows, 2.7 MB of scanlines, ≈ 6 ms of zlib): each
 * run is one stream, handed to the thread pool in one piece as soon as it is composited, so that zlib works on two
 * runs while this thread composites the next one.
 */
const RUN_STRIPS = 8;

/**
 * The scanlines of the last print frame drawn over, inflated (26 MB for A4 at 300 DPI): a run of certificates in one
 * template — the default one, mostly — then inflates nothing and allocates little more than resvg's canvas, which
 * also keeps V8 from collecting during the render (it collects once a render's external memory passes 64 MB).
 */
let inflatedFrame: { frame: StripFrame; lines: Buffer } | null = null;

/** All of a frame's scanlines in one buffer: its strips laid end to end are one raw deflate stream. */
function inflateFrame(frame: StripFrame): Buffer {
  const length = frame.strips.reduce((sum, strip) => sum + strip.length, 0);
  const lines = inflateRawSync(Buffer.concat(frame.strips.map((strip) => strip.deflated)), { finishFlush: constants.Z_SYNC_FLUSH, chunkSize: length + 1024 });
  if (lines.length !== length) throw new Error('Frame of the wrong size');
  return lines;
}

/** One row of the overlay, copied out before the row is overwritten in place. */
let rowCopy = new Uint8Array(0);

/**
 * Bands the overlay of a print is drawn in, side by side on the thread pool (one a core): resvg draws one canvas on
 * one thread, so a page drawn as two halves is ready in about half the time. Each band starts on a strip's first row.
 */
export const OVERLAY_BANDS = 2;
/**
 * Rows each band is drawn beyond its edges and then left out: a filter (a shadow, a blur) is drawn within its canvas,
 * so near the cut it would miss what the other band holds (seen up to 90 rows away).
 */
const BAND_MARGIN = 128;

/** The overlay drawn as a band of the page: `rows` rows of pixels from row `y`, at the frame's width. */
export type OverlayBand = (y: number, rows: number) => string;

/**
 * The page's rows split into OVERLAY_BANDS bands, each a whole number of strips but the last: `[y, y + rows)` is the
 * band, `top` the rows drawn above it (and `drawn` in all, margins included).
 */
export function overlayBands(height: number, align = 1): { y: number; rows: number; top: number; drawn: number }[] {
  const strips = Math.ceil(height / ROWS_PER_STRIP);
  const per = Math.ceil(strips / OVERLAY_BANDS);
  const bands: { y: number; rows: number; top: number; drawn: number }[] = [];
  for (let y = 0; y < height; y += per * ROWS_PER_STRIP) {
    const rows = Math.min(per * ROWS_PER_STRIP, height - y);
    const top = y - Math.max(0, Math.floor((y - BAND_MARGIN) / align) * align);
    const bottom = Math.min(BAND_MARGIN, height - y - rows);
    bands.push({ y, rows, top, drawn: top + rows + bottom });
  }
  return bands;
}

/**
 * The print PNG (RGB, `dpi` in pHYs): the overlay drawn over `frame`, in bands (`overlayBand`, OVERLAY_BANDS) drawn
 * at once. Strips of rows the overlay leaves blank are the frame's own, already deflated. The others are composited
 * in place, in the band's own pixel buffer — a run's scanlines laid end to end from where its first strip's pixels
 * begin: a scanline (1 + 3 × width bytes) is shorter than a row of pixels (4 × width), so writing never overtakes
 * reading — and deflated again, a run a stream.
 */
export async function stripComposite(frame: StripFrame, overlayBand: OverlayBand, dpi: number, bandAlign = 1): Promise<Buffer> {
  const { width, height } = frame;
  const bands = overlayBands(height, bandAlign).map((band) => {
    const pixels = overlayPixels(overlayBand(band.y - band.top, band.drawn), width, band.drawn);
    pixels.catch(() => undefined); // awaited below, unless an earlier step fails first
    return { ...band, pixels };
  });
  // While resvg draws on the thread pool: the frame's scanlines, unless this frame was the last one drawn over.
  if (inflatedFrame?.frame !== frame) {
    inflatedFrame = null; // the last one's 26 MB go before this one's come
    inflatedFrame = { frame, lines: inflateFrame(frame) };
  }
  const lines = inflatedFrame.lines;
  const stride = 1 + width * 3;
  const rowBytes = width * 4;
  if (rowCopy.length < rowBytes) rowCopy = new Uint8Array(rowBytes);
  const row32 = new Uint32Array(rowCopy.buffer, 0, width);
  const out: Promise<DeflatedStrip>[] = [];
  try {
    for (const band of bands) {
      const over = await band.pixels;
      // The run being composited: where its scanlines start in `over`, their length, its strips.
      let runAt = 0;
      let runLength = 0;
      let runStrips = 0;
      const endRun = () => {
        if (runStrips === 0) return;
        const deflater = new StripDeflater(DRAWN_LEVEL);
        deflater.write(over.subarray(runAt, runAt + runLength));
        out.push(deflater.finish());
        runStrips = 0;
      };
      for (let y = band.y; y < band.y + band.rows; y += ROWS_PER_STRIP) {
        const rows = Math.min(ROWS_PER_STRIP, height - y);
        const base = (y - band.y + band.top) * rowBytes;
        if (isBlank(over.subarray(base, base + rows * rowBytes))) {
          endRun();
          out.push(Promise.resolve(frame.strips[y / ROWS_PER_STRIP]!));
          continue;
        }
        if (runStrips === 0) {
          runAt = base;
          runLength = 0;
        }
        for (let r = 0; r < rows; r++) {
          const at = runAt + runLength + r * stride; // this row's scanline
          const ground = lines.subarray((y + r) * stride, (y + r + 1) * stride);
          const row = over.subarray(base + r * rowBytes, base + (r + 1) * rowBytes);
          if (isBlank(row)) {
            over.set(ground, at);
            continue;
          }
          rowCopy.set(row);
          over.set(ground, at);
          compositeRow(row32, over, width, at + 1);
        }
        runLength += rows * stride;
        if (++runStrips >= RUN_STRIPS) {
          endRun();
          // Let zlib's callbacks in: the run just handed over gets its flush while the next one is composited.
          await new Promise((resolve) => setImmediate(resolve));
        }
      }
      endRun();
    }
  } catch (error) {
    for (const pending of out) pending.catch(() => undefined);
    throw error;
  }
  return assemblePng({ width, height, colourType: 2, dpi }, await Promise.all(out));
}

/** One row of premultiplied RGBA (as words) laid over RGB pixels at `offset` in `rgb`, source-over. */
function compositeRow(over: Uint32Array, rgb: Uint8Array, width: number, offset: number): void {
  for (let x = 0; x < width; x++) {
    const v = over[x]!;
    if (v === 0) continue;
    const o = offset + x * 3;
    const a = v >>> 24;
    if (a === 255) {
      rgb[o] = v & 255;
      rgb[o + 1] = (v >>> 8) & 255;
      rgb[o + 2] = (v >>> 16) & 255;
    } else {
      const rest = 255 - a;
      rgb[o] = (v & 255) + div255(rgb[o]! * rest);
      rgb[o + 1] = ((v >>> 8) & 255) + div255(rgb[o + 1]! * rest);
      rgb[o + 2] = ((v >>> 16) & 255) + div255(rgb[o + 2]! * rest);
    }
  }
}

/** The share image: `overlaySvg` over `frame`, in a palette of 256 colours (quantize.ts). */
export async function paletteComposite(frame: PixelFrame, overlaySvg: string): Promise<Buffer> {
  const { width, height } = frame;
  const over = await overlayPixels(overlaySvg, width, height);
  const rgba = inflateRawSync(frame.deflated, { chunkSize: width * height * 4 + 1024 });
  composite(over, rgba, width, height, width * 4, 0, 4);
  return palettePngOf(rgba, width, height);
}

/** Opaque RGBA pixels as a PNG with a palette of at most 256 colours, deflated by zlib in two strips. */
export async function palettePngOf(rgba: Uint8Array, width: number, height: number): Promise<Buffer> {
  const { palette, indices } = quantize(rgba);
  const stride = 1 + width;
  const half = Math.ceil(height / 2);
  const strips = [0, half].map((y) => {
    const rows = Math.min(half, height - y);
    const lines = Buffer.alloc(rows * stride); // filter bytes 0
    for (let r = 0; r < rows; r++) lines.set(indices.subarray((y + r) * width, (y + r + 1) * width), r * stride + 1);
    return deflateStrip(lines, SHARE_LEVEL);
  });
  return assemblePng({ width, height, colourType: 3, palette }, await Promise.all(strips));
}
