import { createRequire } from 'node:module';
import type * as UpngModule from '@pdf-lib/upng';
import { describe, expect, it } from 'vitest';
import { awardPicturePng, MAX_PICTURE_PIXELS, PICTURE_PX, UndrawablePictureError } from './award-picture';
import { isPng, pngSize } from './raster';

const UPNG = (createRequire(import.meta.url)('@pdf-lib/upng') as { default: typeof UpngModule }).default;

/** A w × h PNG, opaque red. */
function redPng(w: number, h: number): Buffer {
  const rgba = new Uint8Array(w * h * 4);
  for (let i = 0; i < w * h; i++) rgba.set([220, 30, 40, 255], i * 4);
  return Buffer.from(UPNG.encode([rgba.buffer], w, h, 0));
}

function pixelsOf(png: Buffer): Uint8Array {
  return new Uint8Array(UPNG.toRGBA8(UPNG.decode(png.buffer.slice(png.byteOffset, png.byteOffset + png.byteLength) as ArrayBuffer))[0]!);
}

describe('awardPicturePng', () => {
  it('draws a picture into a square 512 px PNG, scaled to fit and centred, transparent around it', async () => {
    const png = await awardPicturePng(redPng(40, 20));
    expect(isPng(png)).toBe(true);
    expect(pngSize(png)).toEqual({ width: PICTURE_PX, height: PICTURE_PX });
    const rgba = pixelsOf(png);
    const at = (x: number, y: number) => [...rgba.subarray((y * PICTURE_PX + x) * 4, (y * PICTURE_PX + x) * 4 + 4)];
    expect(at(256, 256)).toEqual([220, 30, 40, 255]);
    // 40 × 20 fitted to 512 wide is 256 high: rows 128–383.
    expect(at(256, 100)[3]).toBe(0);
    expect(at(256, 140)[3]).toBe(255);
    expect(at(256, 400)[3]).toBe(0);
  });

  it('refuses a picture whose header claims more than 40 megapixels before decoding it', async () => {
    const bomb = redPng(4, 4);
    bomb.writeUInt32BE(20_000, 16); // IHDR width
    bomb.writeUInt32BE(20_000, 20); // IHDR height
    expect(20_000 * 20_000).toBeGreaterThan(MAX_PICTURE_PIXELS);
    await expect(awardPicturePng(bomb)).rejects.toThrow(/20000 × 20000 px, over 40 megapixels/);
  });

  it('refuses what it cannot draw: WebP, bytes that are no picture, a picture that does not decode', async () => {
    const webp = Buffer.concat([Buffer.from('RIFF'), Buffer.from(Uint32Array.of(30).buffer), Buffer.from('WEBPVP8L'), Buffer.from(Uint32Array.of(5).buffer), Buffer.from([0x2f, 0x27, 0xc0, 0x1d, 0x00])]);
    await expect(awardPicturePng(webp)).rejects.toThrow(/webp picture cannot be drawn/);
    await expect(awardPicturePng(Buffer.from('just text'))).rejects.toBeInstanceOf(UndrawablePictureError);
    const broken = redPng(30, 30);
    broken.fill(0, 40); // keep the signature and the size, wreck the pixel data
    await expect(awardPicturePng(broken)).rejects.toThrow(/could not be decoded/);
  });
});
