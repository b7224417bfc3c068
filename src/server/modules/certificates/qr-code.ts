/**
 * QR code for the certificate's public page, drawn as one SVG path.
 * Error correction level M: survives a scuffed print, stays small enough to
 * scan from a frame on a wall.
 */
import QRCode from 'qrcode';

export interface QrMatrix {
  size: number;
  /** Row-major, 1 = dark module. */
  dark: (row: number, col: number) => boolean;
}

export function qrMatrix(text: string): QrMatrix {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  return { size: modules.size, dark: (row, col) => Boolean(modules.get(row, col)) };
}

/**
 * Path data for the dark modules of `text`, one module = 1 unit, origin at
 * the top-left module (no quiet zone: the caller leaves 4 modules around it).
 * Horizontal runs are merged: `M{x} {y}h{n}v1h-{n}z`.
 */
export function qrPathData(text: string): { size: number; d: string } {
  const m = qrMatrix(text);
  const parts: string[] = [];
  for (let row = 0; row < m.size; row++) {
    let col = 0;
    while (col < m.size) {
      if (!m.dark(row, col)) {
        col++;
        continue;
      }
      const start = col;
      while (col < m.size && m.dark(row, col)) col++;
      const n = col - start;
      parts.push(`M${start} ${row}h${n}v1h-${n}z`);
    }
  }
  return { size: m.size, d: parts.join('') };
}

/**
 * A QR code as an SVG group of `size` × `size` user units at (x, y), on its own
 * light plate with the quiet zone included in `size`.
 */
export function qrSvg(text: string, x: number, y: number, size: number, dark: string, light: string): string {
  const { size: modules, d } = qrPathData(text);
  const total = modules + 8; // 4-module quiet zone each side
  const scale = size / total;
  return (
    `<g class="qr" transform="translate(${x} ${y})">` +
    `<rect width="${size}" height="${size}" fill="${light}"/>` +
    `<path transform="translate(${r(4 * scale)} ${r(4 * scale)}) scale(${r(scale, 4)})" d="${d}" fill="${dark}" shape-rendering="crispEdges"/>` +
    `</g>`
  );
}

function r(n: number, digits = 2): string {
  return String(Number(n.toFixed(digits)));
}
