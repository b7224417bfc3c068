/**
 * PNG files written with Node's zlib (docs/decisions/114, update of 2026-11-27): the pixel rows are cut into
 * strips, each strip deflated on its own (libuv's thread pool, so two strips are compressed at once on two cores)
 * and the strips joined into the one zlib stream a PNG holds. A strip that is already compressed — a row band of a
 * template's frame that the certificate's own drawing does not touch (backdrop.ts) — is reused as it is.
 *
 * How strips join: each is a raw deflate stream ended by a sync flush (byte-aligned, no final block), so they can
 * be laid end to end; the joined stream gets the zlib header, an empty final block and the Adler-32 of all the
 * rows, combined from each strip's own (zlib's adler32_combine).
 */
import { constants, createDeflate, crc32 } from 'node:zlib';

export const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const ADLER_BASE = 65521;
/** Every deflate stream made with a sync flush ends with this empty stored block. */
const SYNC_MARKER = Buffer.from([0x00, 0x00, 0xff, 0xff]);
/** An empty final block with fixed codes: BFINAL = 1, BTYPE = 01, end-of-block. */
const FINAL_EMPTY_BLOCK = Buffer.from([0x03, 0x00]);

/** One band of PNG scanlines (each: filter byte + pixels), deflated. */
export interface DeflatedStrip {
  /** Raw deflate data ending with a sync flush: it can be followed by another strip's. */
  deflated: Buffer;
  /** Adler-32 of the uncompressed scanlines. */
  adler: number;
  /** Length of the uncompressed scanlines. */
  length: number;
}

/** Adler-32 of `b` given the Adler-32 of `a` and of `b` (zlib's adler32_combine). */
export function adler32Combine(adlerA: number, adlerB: number, lengthB: number): number {
  const rem = lengthB % ADLER_BASE;
  let sum1 = adlerA & 0xffff;
  let sum2 = (rem * sum1) % ADLER_BASE;
  sum1 += (adlerB & 0xffff) + ADLER_BASE - 1;
  sum2 += ((adlerA >>> 16) & 0xffff) + ((adlerB >>> 16) & 0xffff) + ADLER_BASE - rem;
  if (sum1 >= ADLER_BASE) sum1 -= ADLER_BASE;
  if (sum1 >= ADLER_BASE) sum1 -= ADLER_BASE;
  if (sum2 >= ADLER_BASE * 2) sum2 -= ADLER_BASE * 2;
  if (sum2 >= ADLER_BASE) sum2 -= ADLER_BASE;
  return (sum1 + sum2 * 65536) >>> 0;
}

/**
 * zlib's output chunk: each one is a trip back from the thread pool, so one for most strips (16 KiB, Node's
 * default, made a strip of a page dozens of trips); no bigger, since each deflater holds one.
 */
const CHUNK_SIZE = 128 * 1024;

/**
 * One strip deflated on the thread pool, from scanlines written in one or more parts (a run of rows). zlib computes
 * the Adler-32 as it compresses; `finish()` reads it from the zlib trailer and keeps the data up to the sync flush —
 * without the header, the final block and the trailer — so the strip can sit anywhere in a joined stream.
 */
export class StripDeflater {
  readonly #deflate;
  readonly #chunks: Buffer[] = [];
  #received = 0;
  #length = 0;
  #error: Error | null = null;

  constructor(level: number) {
    this.#deflate = createDeflate({ level, memLevel: 9, chunkSize: CHUNK_SIZE });
    this.#deflate.on('data', (chunk: Buffer) => {
      this.#chunks.push(chunk);
      this.#received += chunk.length;
    });
    this.#deflate.on('error', (error: Error) => {
      this.#error = error;
    });
  }

  /** Adds scanlines (kept by reference until compressed: do not change them). */
  write(scanlines: Uint8Array): void {
    this.#length += scanlines.length;
    this.#deflate.write(scanlines);
  }

  /** Gives the stream up (the render failed before finish()). */
  destroy(): void {
    this.#deflate.destroy();
  }

  finish(): Promise<DeflatedStrip> {
    const deflate = this.#deflate;
    return new Promise((resolve, reject) => {
      if (this.#error) return reject(this.#error);
      let flushedAt = -1;
      deflate.once('error', reject);
      deflate.once('end', () => {
        const all = Buffer.concat(this.#chunks, this.#received);
        // header (2) · data ending in the sync marker · final empty block · Adler-32 (4)
        const body = all.subarray(2, flushedAt);
        if (flushedAt < 6 || !body.subarray(body.length - 4).equals(SYNC_MARKER) || all.length - flushedAt < 5) {
          reject(new Error('deflate: unexpected zlib framing'));
          return;
        }
        resolve({ deflated: body, adler: all.readUInt32BE(all.length - 4), length: this.#length });
      });
      deflate.flush(constants.Z_SYNC_FLUSH, () => {
        flushedAt = this.#received;
        deflate.end();
      });
    });
  }
}

/** Deflates one strip on the thread pool (StripDeflater). */
export function deflateStrip(scanlines: Uint8Array, level: number): Promise<DeflatedStrip> {
  const deflater = new StripDeflater(level);
  deflater.write(scanlines);
  return deflater.finish();
}

/** One PNG chunk: length, type, data and its CRC (also used by raster.ts to add pHYs). */
export function pngChunk(type: string, data: Uint8Array): Buffer {
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  out.write(type, 4, 'latin1');
  out.set(data, 8);
  out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)), 8 + data.length);
  return out;
}

export interface PngHeader {
  width: number;
  height: number;
  /** 2: RGB, 3: palette, 6: RGBA (8 bits a sample). */
  colourType: 2 | 3 | 6;
  /** Pixel density (pHYs), if any. */
  dpi?: number;
  /** Palette (colour type 3): RGB triples. */
  palette?: Uint8Array;
}

/** Largest IDAT chunk we write (the spec allows 2³¹ − 1; readers cope best with modest chunks). */
const IDAT_MAX = 1 << 20;

/** A PNG from its header and its scanlines' strips, in order (scanlines filtered as the strips were). */
export function assemblePng(header: PngHeader, strips: readonly DeflatedStrip[]): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(header.width, 0);
  ihdr.writeUInt32BE(header.height, 4);
  ihdr.writeUInt8(8, 8); // bit depth
  ihdr.writeUInt8(header.colourType, 9);
  // compression, filter method, interlace: 0
  const parts: Buffer[] = [PNG_SIGNATURE, pngChunk('IHDR', ihdr)];
  if (header.dpi) {
    const ppm = Math.round(header.dpi / 0.0254);
    const phys = Buffer.alloc(9);
    phys.writeUInt32BE(ppm, 0);
    phys.writeUInt32BE(ppm, 4);
    phys.writeUInt8(1, 8); // unit: metre
    parts.push(pngChunk('pHYs', phys));
  }
  if (header.palette) parts.push(pngChunk('PLTE', header.palette));

  let adler = 1;
  for (const strip of strips) adler = adler32Combine(adler, strip.adler, strip.length);
  const trailer = Buffer.alloc(4);
  trailer.writeUInt32BE(adler, 0);
  // zlib header: deflate, 32 KiB window, no dictionary, check bits (0x78 0x01).
  const stream = Buffer.concat([Buffer.from([0x78, 0x01]), ...strips.map((s) => s.deflated), FINAL_EMPTY_BLOCK, trailer]);
  for (let offset = 0; offset < stream.length; offset += IDAT_MAX) parts.push(pngChunk('IDAT', stream.subarray(offset, offset + IDAT_MAX)));
  parts.push(pngChunk('IEND', new Uint8Array(0)));
  return Buffer.concat(parts);
}
