import { describe, expect, it } from 'vitest';
import { quantize } from './quantize';

function picture(colours: [number, number, number][], pixels: number): Uint8Array {
  const rgba = new Uint8Array(pixels * 4);
  for (let p = 0; p < pixels; p++) rgba.set([...colours[(p * 7) % colours.length]!, 255], p * 4);
  return rgba;
}

describe('quantize', () => {
  it('keeps a picture of few colours exactly, each pixel pointing at its own colour', () => {
    const colours: [number, number, number][] = [
      [200, 16, 46],
      [255, 248, 239],
      [12, 10, 9],
      [212, 175, 55],
      [31, 58, 122],
    ];
    const rgba = picture(colours, 5000);
    const { palette, colours: count, indices } = quantize(rgba);
    expect(count).toBe(5);
    for (let p = 0; p < 5000; p++) {
      const i = indices[p]! * 3;
      expect([palette[i], palette[i + 1], palette[i + 2]]).toEqual([...rgba.subarray(p * 4, p * 4 + 3)]);
    }
  });

  it('brings a picture of many colours down to at most the colours asked for, each pixel near its own', () => {
    const rgba = new Uint8Array(256 * 256 * 4);
    for (let y = 0; y < 256; y++) for (let x = 0; x < 256; x++) rgba.set([x, y, (x + y) >> 1, 255], (y * 256 + x) * 4);
    for (const wanted of [256, 16]) {
      const { palette, colours, indices } = quantize(rgba, wanted);
      expect(colours).toBeLessThanOrEqual(wanted);
      expect(palette.length).toBe(colours * 3);
      let squares = 0;
      for (let p = 0; p < 256 * 256; p++) {
        for (let c = 0; c < 3; c++) squares += (palette[indices[p]! * 3 + c]! - rgba[p * 4 + c]!) ** 2;
      }
      // A smooth ramp of 65,536 colours: 256 of them leave about four levels of error, 16 of them about seventeen.
      expect(Math.sqrt(squares / (256 * 256 * 3))).toBeLessThan(wanted === 256 ? 5 : 20);
    }
    // The tables are left as found: the next call on other pixels gives the same answer as a first call would.
    expect(quantize(picture([[1, 2, 3]], 10)).colours).toBe(1);
  });
});
