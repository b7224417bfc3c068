import { randomBytes } from 'node:crypto';
import { deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { adler32Combine, assemblePng, deflateStrip, StripDeflater } from './png';
import { pngPhys, pngSize } from './raster';
import { decodePng, readPngChunks } from './test-support';

/** Adler-32 as zlib computes it: the trailer of a stored zlib stream. */
function adler32(bytes: Uint8Array): number {
  const z = deflateSync(bytes, { level: 0 });
  return z.readUInt32BE(z.length - 4);
}

/** Scanlines of a small RGB test picture: gradients, a flat area and noise (filter byte 0 on each row). */
function scanlines(width: number, height: number): Buffer {
  const stride = 1 + width * 3;
  const out = Buffer.alloc(height * stride);
  let seed = 7;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const o = y * stride + 1 + x * 3;
      seed = (seed * 1103515245 + 12345) >>> 0;
      out[o] = (x * 3) & 255;
      out[o + 1] = y < height / 2 ? 200 : (seed >>> 24) & 255;
      out[o + 2] = (x + y) & 255;
    }
  }
  return out;
}

describe('adler32Combine', () => {
  it('gives the Adler-32 of two byte runs laid end to end', () => {
    const a = scanlines(300, 7);
    const b = scanlines(123, 40).subarray(5);
    expect(adler32Combine(adler32(a), adler32(b), b.length)).toBe(adler32(Buffer.concat([a, b])));
    expect(adler32Combine(1, adler32(b), b.length)).toBe(adler32(b));
    expect(adler32Combine(adler32(a), 1, 0)).toBe(adler32(a));
  });
});

describe('assemblePng', () => {
  const width = 257;
  const height = 90;
  const lines = scanlines(width, height);
  const stride = 1 + width * 3;
  const expected = new Uint8Array(width * height * 4);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      expected.set([...lines.subarray(y * stride + 1 + x * 3, y * stride + 4 + x * 3), 255], (y * width + x) * 4);
    }
  }

  it('joins strips deflated apart (at any level, one or several writes) into one PNG that decodes to the pixels', async () => {
    const bands = [0, 10, 11, 50, 90].map((y) => y * stride);
    const strips = await Promise.all(
      bands.slice(0, -1).map(async (start, i) => {
        const part = lines.subarray(start, bands[i + 1]);
        if (i !== 2) return deflateStrip(part, [1, 9, 0, 6][i]!);
        const deflater = new StripDeflater(1);
        deflater.write(part.subarray(0, stride * 3));
        deflater.write(part.subarray(stride * 3));
        return deflater.finish();
      }),
    );
    expect(strips.reduce((sum, s) => sum + s.length, 0)).toBe(lines.length);
    const png = assemblePng({ width, height, colourType: 2, dpi: 300 }, strips);
    const read = readPngChunks(png);
    expect(read.types).toEqual(['IHDR', 'pHYs', 'IDAT', 'IEND']);
    expect(read.data.equals(lines)).toBe(true);
    expect(pngSize(png)).toEqual({ width, height });
    expect(pngPhys(png)).toEqual({ x: 11811, y: 11811, unit: 1 });
    expect([...read.ihdr.subarray(8)]).toEqual([8, 2, 0, 0, 0]); // 8 bits, RGB, deflate, no filter, not interlaced
    expect(decodePng(png).rgba).toEqual(expected);
  });

  it('writes a palette PNG', async () => {
    const indices = Buffer.alloc(3 * 5);
    for (let y = 0; y < 3; y++) for (let x = 0; x < 4; x++) indices[y * 5 + 1 + x] = (x + y) % 3;
    const palette = Uint8Array.from([255, 0, 0, 0, 255, 0, 0, 0, 255]);
    const png = assemblePng({ width: 4, height: 3, colourType: 3, palette }, [await deflateStrip(indices, 6)]);
    const read = readPngChunks(png);
    expect(read.types).toEqual(['IHDR', 'PLTE', 'IDAT', 'IEND']);
    expect([...read.plte!]).toEqual([...palette]);
    const rgba = decodePng(png).rgba;
    expect([...rgba.subarray(0, 12)]).toEqual([255, 0, 0, 255, 0, 255, 0, 255, 0, 0, 255, 255]);
  });

  it('splits a long stream over several IDAT chunks', async () => {
    const stride = 1 + 1024 * 3;
    const big = randomBytes(stride * 700); // noise: over 1 MiB deflated
    for (let i = 0; i < big.length; i += stride) big[i] = 0;
    const png = assemblePng({ width: 1024, height: 700, colourType: 2 }, [await deflateStrip(big, 1)]);
    const read = readPngChunks(png);
    expect(read.types.filter((t) => t === 'IDAT').length).toBeGreaterThan(1);
    expect(read.data.equals(big)).toBe(true);
  });
});
