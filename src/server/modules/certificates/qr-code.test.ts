import QRCode from 'qrcode';
import { describe, expect, it } from 'vitest';
import { qrPathData, qrSvg } from './qr-code';

/** Rebuilds the module matrix from our path data (runs of `M{x} {y}h{n}v1h-{n}z`). */
function matrixFromPath(d: string, size: number): boolean[][] {
  const m = Array.from({ length: size }, () => Array<boolean>(size).fill(false));
  for (const [, x, y, len] of d.matchAll(/M(\d+) (\d+)h(\d+)v1h-\d+z/g)) {
    for (let c = Number(x); c < Number(x) + Number(len); c++) (m[Number(y)] as boolean[])[c] = true;
  }
  return m;
}

describe('QR code', () => {
  it('encodes exactly the matrix qrcode generates for the verify URL', () => {
    const url = 'https://certifiable.example/c/CF-7Q2K9';
    const { size, d } = qrPathData(url);
    const reference = QRCode.create(url, { errorCorrectionLevel: 'M' }).modules;
    expect(size).toBe(reference.size);
    const ours = matrixFromPath(d, size);
    for (let r = 0; r < size; r++) for (let c = 0; c < size; c++) expect(ours[r]?.[c], `module ${r},${c}`).toBe(Boolean(reference.get(r, c)));
  });

  it('leaves a 4-module quiet zone on a light plate', () => {
    const svg = qrSvg('https://certifiable.example/c/X', 10, 20, 370, '#000', '#fff');
    const { size } = qrPathData('https://certifiable.example/c/X');
    expect(svg).toContain('<rect width="370" height="370" fill="#fff"/>');
    expect(svg).toContain(`scale(${Number((370 / (size + 8)).toFixed(4))})`);
  });
});
