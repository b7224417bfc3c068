/**
 * The Open Graph image (1200×630): the certificate, slightly tilted on a
 * mounted paper card, on a brand-red sunburst, with the nominee and award
 * set large enough to read in a chat preview.
 */
import type { CertificateDrawing } from './certificate-svg';
import { n, star } from './ornaments';
import { PAGE_H, PAGE_W, text, textBlock } from './svg-kit';
import { escapeXml } from './xml';

export const SHARE_W = 1200;
export const SHARE_H = 630;

const RED = '#c8102e';
const PAPER = '#fff8ef';

interface ShareParts {
  /** The root element and the defs (the accessible title goes between them, in shareSvg only). */
  open: string;
  title: string;
  defs: string;
  /** The red ground and its rays. */
  ground: string;
  /** The left column: brand mark, nominee, award, footer. */
  column: string;
  /** The tilted card: shadow and mat, then the certificate at 720 px wide (`inner` inside it). */
  card: { open: string; mat: string; certificate: (inner: string) => string; close: string };
}

function shareParts(d: CertificateDrawing): ShareParts {
  const v = d.view;
  const certW = 720;
  const certH = (certW * PAGE_H) / PAGE_W;
  const ccx = 808;
  const ccy = 315;
  const x = ccx - certW / 2;
  const y = ccy - certH / 2;
  const mat = 12;

  const rays = Array.from({ length: 28 }, (_, i) => {
    const a0 = (i / 28) * Math.PI * 2;
    const a1 = a0 + Math.PI / 28;
    const r = 1100;
    return `M${ccx} ${ccy}L${n(ccx + r * Math.cos(a0))} ${n(ccy + r * Math.sin(a0))}L${n(ccx + r * Math.cos(a1))} ${n(ccy + r * Math.sin(a1))}Z`;
  }).join('');

  const left = 60;
  const colW = 300;
  const nominee = textBlock(v.nominee, left, 262, { maxWidth: colW, maxSize: 58, minSize: 28, maxLines: 3, maxHeight: 170, lineHeight: 1.06 }, { face: { family: 'display', weight: 700 }, fill: PAPER });
  const title = textBlock(v.title, left, 420, { maxWidth: colW, maxSize: 27, minSize: 18, maxLines: 4, maxHeight: 112, lineHeight: 1.2 }, { face: { family: 'display', weight: 400, italic: true }, fill: PAPER });
  const footer = v.verifyHost ? `${v.verifyHost} · No. ${v.number}` : `No. ${v.number}`;
  const brand = textBlock(v.brand, left + 58, 82, { maxWidth: 260, maxSize: 30, minSize: 18, maxLines: 1 }, { face: { family: 'display', weight: 700 }, fill: PAPER });

  return {
    open: `<svg xmlns="http://www.w3.org/2000/svg" width="${SHARE_W}" height="${SHARE_H}" viewBox="0 0 ${SHARE_W} ${SHARE_H}" role="img" lang="en">`,
    title: `<title>${escapeXml(d.title)}</title>`,
    defs:
      `<defs>` +
      `<radialGradient id="share-bg" cx="${n((ccx / SHARE_W) * 100)}%" cy="50%" r="80%"><stop offset="0" stop-color="#dc2340"/><stop offset="0.6" stop-color="${RED}"/><stop offset="1" stop-color="#8f0a21"/></radialGradient>` +
      `<filter id="share-shadow" x="-10%" y="-10%" width="120%" height="130%"><feGaussianBlur stdDeviation="14"/></filter>` +
      `</defs>`,
    ground: `<rect width="${SHARE_W}" height="${SHARE_H}" fill="url(#share-bg)"/>` + `<path d="${rays}" fill="${PAPER}" fill-opacity="0.06"/>`,
    column:
      // Brand mark: a small paper seal with the initial.
      `<path d="${star(left + 22, 72, 24, 20, 18)}" fill="${PAPER}"/>` +
      text(v.brand.slice(0, 1).toLocaleUpperCase('en'), left + 22, 82, { face: { family: 'display', weight: 900 }, size: 26, fill: RED, anchor: 'middle' }) +
      brand.svg +
      text('OFFICIALLY CERTIFIED', left, 160, { face: { family: 'sans', weight: 700 }, size: 15, fill: PAPER, letterSpacingEm: 0.22, attrs: 'fill-opacity="0.8"' }) +
      nominee.svg +
      `<path d="M${left} 352H${left + 56}" stroke="${PAPER}" stroke-width="3" stroke-opacity="0.7"/>` +
      title.svg +
      textBlock(footer, left, 566, { maxWidth: 330, maxSize: 16, minSize: 11, maxLines: 1 }, { face: { family: 'sans', weight: 500 }, fill: PAPER, attrs: 'fill-opacity="0.8"' }).svg,
    card: {
      open: `<g transform="rotate(-2.5 ${ccx} ${ccy})">`,
      mat:
        `<rect x="${n(x - mat + 6)}" y="${n(y - mat + 14)}" width="${n(certW + 2 * mat)}" height="${n(certH + 2 * mat)}" fill="#3d0510" fill-opacity="0.55" filter="url(#share-shadow)"/>` +
        `<rect x="${n(x - mat)}" y="${n(y - mat)}" width="${n(certW + 2 * mat)}" height="${n(certH + 2 * mat)}" fill="${PAPER}"/>`,
      certificate: (inner) => `<svg x="${n(x)}" y="${n(y)}" width="${n(certW)}" height="${n(certH)}" viewBox="0 0 ${PAGE_W} ${PAGE_H}">${inner}</svg>`,
      close: `</g>`,
    },
  };
}

export function shareSvg(d: CertificateDrawing): string {
  const p = shareParts(d);
  return p.open + p.title + p.defs + p.ground + p.column + p.card.open + p.card.mat + p.card.certificate(d.inner) + p.card.close + `</svg>`;
}

/**
 * The share image in two layers (backdrop.ts): the frame — the red ground, the card's shadow and mat and the
 * certificate's own frame — and the overlay — the left column and the rest of the certificate. The column is drawn
 * before the card in `shareSvg`, here after it: they do not overlap (the column ends left of x = 390, the card's
 * shadow fades out right of it), so the order makes no difference to a pixel (tested).
 */
export function shareLayers(d: CertificateDrawing): { frame: string; overlay: string } {
  const p = shareParts(d);
  return {
    frame: p.open + p.defs + p.ground + p.card.open + p.card.mat + p.card.certificate(d.layers.frame) + p.card.close + `</svg>`,
    overlay: p.open + p.defs + p.column + p.card.open + p.card.certificate(d.layers.overlay) + p.card.close + `</svg>`,
  };
}
