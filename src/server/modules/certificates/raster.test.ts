import { describe, expect, it } from 'vitest';
import { isPng, pngPhys, pngSize, setPngDpi, svgToPng } from './raster';

describe('PNG helpers', () => {
  it('adds a 300 DPI pHYs chunk after IHDR, replacing an existing one, keeping the image intact', async () => {
    const png = await svgToPng('<svg xmlns="http://www.w3.org/2000/svg" width="40" height="20"><rect width="40" height="20" fill="#c8102e"/></svg>', 40);
    expect(isPng(png)).toBe(true);
    expect(pngSize(png)).toEqual({ width: 40, height: 20 });
    const at300 = setPngDpi(png, 300);
    expect(pngPhys(at300)).toEqual({ x: 11811, y: 11811, unit: 1 });
    expect(at300.toString('latin1', 37, 41)).toBe('pHYs'); // signature (8) + IHDR (25) + length (4)
    const at72 = setPngDpi(at300, 72);
    expect(pngPhys(at72)).toEqual({ x: 2835, y: 2835, unit: 1 });
    expect(at72.length).toBe(at300.length);
    // Still a PNG resvg-independent readers accept: chunk CRCs are checked by re-reading through Node's zlib crc32.
    const { crc32 } = await import('node:zlib');
    let offset = 8;
    while (offset < at72.length) {
      const length = at72.readUInt32BE(offset);
      expect(at72.readUInt32BE(offset + 8 + length)).toBe(crc32(at72.subarray(offset + 4, offset + 8 + length)));
      offset += 12 + length;
    }
  });

  it('rejects what is not a PNG', () => {
    expect(() => setPngDpi(Buffer.from('nope'), 300)).toThrow(/PNG/);
    expect(() => pngSize(Buffer.alloc(40))).toThrow(/PNG/);
  });
});
