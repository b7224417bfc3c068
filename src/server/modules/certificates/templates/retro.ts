/**
 * Retro Arcade: a high-score screen for life. Indigo CRT ground with
 * scanlines, a fuchsia pixel frame with a hard offset shadow, arcade HUD,
 * pixel invaders in the corners, neon type with drop shadows and an 8-bit
 * medal on pixel ribbons.
 */
import type { CertificateView } from '../certificate-data';
import { n, signatureScribble } from '../ornaments';
import { CHIEF_OFFICER, PAGE_H, PAGE_W, REGISTRAR, emblem, signature, text, textBlock, verifyBlock, type TextStyle } from '../svg-kit';
import { ID, type TemplateOutput } from './template';

const GROUND = '#1e1b4b';
const LIME = '#bef264';
const CYAN = '#67e8f9';
const FUCHSIA = '#d946ef';
const FUCHSIA_DARK = '#86198f';
const PALE = '#c7d2fe';
const YELLOW = '#facc15';

const INVADER = ['..X.....X..', '...X...X...', '..XXXXXXX..', '.XX.XXX.XX.', 'XXXXXXXXXXX', 'X.XXXXXXX.X', 'X.X.....X.X', '...XX.XX...'];
const STAR = ['....X....', '....X....', '...XXX...', 'XXXXXXXXX', '.XXXXXXX.', '..XXXXX..', '..XX.XX..', '.XX...XX.', '.X.....X.'];

/** A bitmap (rows of 'X' and '.') as one path of unit squares. */
function pixels(rows: readonly string[], x: number, y: number, cell: number): string {
  let d = '';
  rows.forEach((row, r) => {
    let c = 0;
    while (c < row.length) {
      if (row[c] !== 'X') {
        c++;
        continue;
      }
      const start = c;
      while (row[c] === 'X') c++;
      d += `M${n(x + start * cell)} ${n(y + r * cell)}h${n((c - start) * cell)}v${n(cell)}h${n(-(c - start) * cell)}z`;
    }
  });
  return d;
}

/** Disc rasterised onto a grid: pixel-art circle of `radius` cells. */
function pixelDisc(radius: number): string[] {
  const rows: string[] = [];
  for (let r = -radius; r < radius; r++) {
    let row = '';
    for (let c = -radius; c < radius; c++) row += (r + 0.5) ** 2 + (c + 0.5) ** 2 <= radius * radius ? 'X' : '.';
    rows.push(row);
  }
  return rows;
}

function shadowed(content: string, x: number, y: number, st: TextStyle, shadow: string, offset: number): string {
  return text(content, x + offset, y + offset, { ...st, fill: shadow }) + text(content, x, y, st);
}

export function retro(v: CertificateView): TemplateOutput {
  const cx = PAGE_W / 2;
  const defs =
    `<defs>` +
    `<pattern id="${ID}scan" width="10" height="10" patternUnits="userSpaceOnUse"><rect width="10" height="4" fill="#000" fill-opacity="0.22"/></pattern>` +
    `<radialGradient id="${ID}crt" cx="50%" cy="45%" r="70%"><stop offset="0" stop-color="#312e81"/><stop offset="0.75" stop-color="${GROUND}"/><stop offset="1" stop-color="#0f0d2e"/></radialGradient>` +
    `</defs>`;

  const frame =
    `<rect width="${PAGE_W}" height="${PAGE_H}" fill="url(#${ID}crt)"/>` +
    `<rect x="124" y="124" width="${PAGE_W - 230}" height="${PAGE_H - 230}" fill="none" stroke="${FUCHSIA_DARK}" stroke-width="22"/>` +
    `<rect x="100" y="100" width="${PAGE_W - 230}" height="${PAGE_H - 230}" fill="none" stroke="${FUCHSIA}" stroke-width="22"/>` +
    `<rect x="150" y="150" width="${PAGE_W - 330}" height="${PAGE_H - 330}" fill="none" stroke="${LIME}" stroke-width="10" stroke-dasharray="10 26"/>` +
    [
      [200, 200, CYAN],
      [PAGE_W - 200 - 11 * 14 - 30, 200, LIME],
    ]
      .map(([x, y, c]) => `<path d="${pixels(INVADER, Number(x), Number(y), 14)}" fill="${c}"/>`)
      .join('');

  const hud = { face: { family: 'sans', weight: 800 }, size: 38, letterSpacingEm: 0.2 } as const;
  const brand = textBlock(`${v.brand.toLocaleUpperCase('en')}`, cx, 248, { maxWidth: 900, maxSize: 38, minSize: 24, maxLines: 1 }, { ...hud, fill: LIME, anchor: 'middle' });
  const brandHalf = (brand.fit.widths[0] ?? 0) / 2;
  const header =
    text('1UP', 420, 262, { ...hud, fill: FUCHSIA }) +
    brand.svg +
    `<path d="${pixels(STAR, cx - brandHalf - 90, 232, 5)}${pixels(STAR, cx + brandHalf + 45, 232, 5)}" fill="${YELLOW}"/>` +
    text('CREDIT 01', PAGE_W - 420, 262, { ...hud, fill: CYAN, anchor: 'end' }) +
    // Emblem in a stepped pixel frame
    `<path d="M${cx - 130} ${330}h260v20h20v20h20v220h-20v20h-20v20h-260v-20h-20v-20h-20v-220h20v-20h20z" fill="#0f0d2e" stroke="${LIME}" stroke-width="8"/>` +
    emblem(v.emblemHref, cx, 480, 230, { fill: FUCHSIA, ink: GROUND, accent: LIME }) +
    shadowed('CERTIFICATE OF ACHIEVEMENT', cx, 760, { face: { family: 'sans', weight: 800 }, size: 92, fill: CYAN, anchor: 'middle', letterSpacingEm: 0.06 }, FUCHSIA, 9);

  const nomineeText = v.nominee.toLocaleUpperCase('en');
  const nomineeStyle = { face: { family: 'display', weight: 900 }, fill: LIME, anchor: 'middle', letterSpacingEm: 0.02 } as const;
  const nominee = textBlock(nomineeText, cx, 990, { maxWidth: 2050, maxSize: 156, minSize: 62, maxLines: 3, maxHeight: 210, lineHeight: 1.06 }, nomineeStyle);
  const nomineeShadow = textBlock(nomineeText, cx + 10, 1000, { maxWidth: 2050, maxSize: 156, minSize: 62, maxLines: 3, maxHeight: 210, lineHeight: 1.06 }, { ...nomineeStyle, fill: FUCHSIA });
  const title = textBlock(v.title.toLocaleUpperCase('en'), cx, 1238, { maxWidth: 2100, maxSize: 60, minSize: 36, maxLines: 2, maxHeight: 140, lineHeight: 1.15, letterSpacingEm: 0.04 }, { face: { family: 'sans', weight: 800 }, fill: '#ffffff', anchor: 'middle', letterSpacingEm: 0.04 });
  const citation = textBlock(v.citation, cx, 1452, { maxWidth: 1800, maxSize: 36, minSize: 26, maxLines: 4, maxHeight: 170, lineHeight: 1.4 }, { face: { family: 'sans', weight: 500 }, fill: PALE, anchor: 'middle' });
  const label = { face: { family: 'sans', weight: 700 }, size: 30, fill: FUCHSIA, anchor: 'middle', letterSpacingEm: 0.3 } as const;
  const body =
    text('PLAYER ONE', cx, 860, label) +
    nomineeShadow.svg +
    nominee.svg +
    text('ACHIEVEMENT UNLOCKED', cx, 1140, { ...label, fill: LIME }) +
    title.svg +
    (v.tagline ? textBlock(`“${v.tagline}”`, cx, 1340, { maxWidth: 1900, maxSize: 34, minSize: 24, maxLines: 1 }, { face: { family: 'sans', weight: 600 }, fill: CYAN, anchor: 'middle' }).svg : '') +
    citation.svg;

  const small = { face: { family: 'sans', weight: 700 }, size: 22, fill: FUCHSIA, letterSpacingEm: 0.24 } as const;
  const nominator = textBlock(v.nominator.toLocaleUpperCase('en'), 300, 1790, { maxWidth: 440, maxSize: 34, minSize: 24, maxLines: 2, maxHeight: 76, lineHeight: 1.12 }, { face: { family: 'sans', weight: 800 }, fill: LIME, letterSpacingEm: 0.06 });
  const sig = { line: LIME, ink: CYAN, label: PALE, labelFace: { family: 'sans', weight: 600 }, labelSize: 21 } as const;
  const footer =
    text('DATE', 300, 1640, small) +
    text(v.dateIso, 300, 1690, { face: { family: 'sans', weight: 800 }, size: 36, fill: LIME, letterSpacingEm: 0.08 }) +
    text('NOMINATED BY', 300, 1744, small) +
    nominator.svg +
    signature(990, 1790, 480, CHIEF_OFFICER.toLocaleUpperCase('en'), { ...sig, scribble: signatureScribble(800, 1770, 360, 100, 23) }) +
    signature(1980, 1790, 480, REGISTRAR.toLocaleUpperCase('en'), { ...sig, scribble: signatureScribble(1800, 1772, 370, 94, 31) }) +
    pixelMedal(cx, 1710);
  // Drawn over the scanlines: a QR code needs clean contrast.
  const verify = verifyBlock(v, 2450, 1624, 200, { ink: GROUND, numberFill: LIME, plate: '#ffffff', muted: PALE, labelFace: { family: 'sans', weight: 600 }, numberFace: { family: 'sans', weight: 800 } });

  const scanlines = `<rect width="${PAGE_W}" height="${PAGE_H}" fill="url(#${ID}scan)"/>`;
  return {
    content: defs + frame + header + body + footer + scanlines + verify,
    backdrop: { defs, frame },
    layout: { nominee: nominee.fit, title: title.fit, citation: citation.fit, nominator: nominator.fit },
  };
}

/** 8-bit medal: pixel ribbons, a pixel disc with an outline and a star. */
function pixelMedal(cx: number, cy: number): string {
  const cell = 12;
  const r = 10;
  const disc = pixelDisc(r);
  const outline = pixelDisc(r + 1);
  const left = cx - r * cell;
  const top = cy - r * cell;
  const ribbon = (dir: -1 | 1, colour: string) => {
    let d = '';
    for (let i = 0; i < 11; i++) d += `M${n(cx + dir * (30 + i * 7) - 30)} ${n(cy + 80 + i * 14)}h60v14h-60z`;
    const endY = cy + 80 + 11 * 14;
    const endX = cx + dir * (30 + 10 * 7) - 30;
    d += `M${n(endX)} ${n(endY)}h24v24h-24zM${n(endX + 36)} ${n(endY)}h24v24h-24z`;
    return `<path d="${d}" fill="${colour}"/>`;
  };
  return (
    `<g class="seal">` +
    ribbon(-1, FUCHSIA) +
    ribbon(1, CYAN) +
    `<path d="${pixels(outline, left - cell, top - cell, cell)}" fill="#0f0d2e"/>` +
    `<path d="${pixels(disc, left, top, cell)}" fill="${YELLOW}"/>` +
    `<path d="${pixels(pixelDisc(r - 2), left + 2 * cell, top + 2 * cell, cell)}" fill="#eab308"/>` +
    `<path d="${pixels(STAR, cx - 4.5 * cell, cy - 4.5 * cell, cell)}" fill="#fef9c3"/>` +
    `</g>`
  );
}
