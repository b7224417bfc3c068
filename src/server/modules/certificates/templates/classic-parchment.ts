/**
 * Classic Parchment: warm parchment, sepia guilloché border with corner
 * rosettes, laurel wreath round the emblem, red wax seal with ribbon tails,
 * ink-blue signatures. Serif throughout.
 */
import type { CertificateView } from '../certificate-data';
import { guillocheBand, guillocheRosette, laurelWreath, ribbonTail, signatureScribble, waxBlob } from '../ornaments';
import { CHIEF_OFFICER, PAGE_H, PAGE_W, REGISTRAR, emblem, ringText, signature, text, textBlock, verifyBlock } from '../svg-kit';
import { ID, type TemplateOutput } from './template';

const INK = '#2b1a0f';
const SEPIA = '#7a4a22';
const SEPIA_LIGHT = '#b08850';
const RED = '#c8102e';
const RED_DARK = '#8d0b20';
const MUTED = '#6b4c33';
const SIGN_INK = '#1f3a7a';

export function classicParchment(v: CertificateView): TemplateOutput {
  const cx = PAGE_W / 2;
  const sealRing = ringText(`${ID}seal-text`, `${v.brand.toLocaleUpperCase('en')} · SEAL OF DUBIOUS HONOURS · `, cx, 1745, 90, { face: { family: 'sans', weight: 700 }, size: 19, fill: '#ffd9de', attrs: 'fill-opacity="0.85"' });
  const defs =
    `<defs>` +
    `<radialGradient id="${ID}paper" cx="50%" cy="45%" r="75%"><stop offset="0" stop-color="#fcf5e3"/><stop offset="0.6" stop-color="#f5e8c8"/><stop offset="1" stop-color="#e3cc9a"/></radialGradient>` +
    `<radialGradient id="${ID}wax" cx="40%" cy="35%" r="70%"><stop offset="0" stop-color="#e23a4f"/><stop offset="0.55" stop-color="${RED}"/><stop offset="1" stop-color="${RED_DARK}"/></radialGradient>` +
    `<linearGradient id="${ID}ribbon" x1="0" x2="1" y1="0" y2="0"><stop offset="0" stop-color="${RED_DARK}"/><stop offset="0.45" stop-color="${RED}"/><stop offset="1" stop-color="#9e0d25"/></linearGradient>` +
    `<g id="${ID}corner"><circle r="78" fill="#f3e4c0" stroke="${SEPIA}" stroke-width="3"/>` +
    `<g fill="none" stroke="${SEPIA}" stroke-width="1.5">${guillocheRosette(0, 0, 70, 2, 14, 5)
      .map((d) => `<path d="${d}"/>`)
      .join('')}</g><circle r="9" fill="${SEPIA}"/></g>` +
    `</defs>`;

  // Paper and frame
  const band = guillocheBand({ x: 125, y: 125, w: PAGE_W - 250, h: PAGE_H - 250, radius: 36, amplitude: 30, wavelength: 58, strands: 5 });
  const band2 = guillocheBand({ x: 125, y: 125, w: PAGE_W - 250, h: PAGE_H - 250, radius: 36, amplitude: 30, wavelength: 116, strands: 3, harmonic: 0.35 });
  const corners = [
    [125, 125],
    [PAGE_W - 125, 125],
    [125, PAGE_H - 125],
    [PAGE_W - 125, PAGE_H - 125],
  ] as const;
  const frame =
    `<rect width="${PAGE_W}" height="${PAGE_H}" fill="url(#${ID}paper)"/>` +
    `<rect x="58" y="58" width="${PAGE_W - 116}" height="${PAGE_H - 116}" fill="none" stroke="${SEPIA}" stroke-width="7"/>` +
    `<rect x="74" y="74" width="${PAGE_W - 148}" height="${PAGE_H - 148}" fill="none" stroke="${SEPIA}" stroke-width="2"/>` +
    `<g fill="none" stroke="${SEPIA_LIGHT}" stroke-width="1.6" stroke-opacity="0.85">${band2.map((d) => `<path d="${d}"/>`).join('')}</g>` +
    `<g fill="none" stroke="${SEPIA}" stroke-width="2.2">${band.map((d) => `<path d="${d}"/>`).join('')}</g>` +
    `<rect x="172" y="172" width="${PAGE_W - 344}" height="${PAGE_H - 344}" fill="none" stroke="${SEPIA}" stroke-width="6"/>` +
    `<rect x="186" y="186" width="${PAGE_W - 372}" height="${PAGE_H - 372}" fill="none" stroke="${SEPIA}" stroke-width="1.6"/>` +
    corners.map(([x, y]) => `<use href="#${ID}corner" x="${x}" y="${y}"/>`).join('');

  // Header: institution, emblem in a laurel wreath, heading
  const wreath = laurelWreath(cx, 548, 158, 64);
  const header =
    text(v.brand.toLocaleUpperCase('en'), cx, 318, { face: { family: 'display', weight: 600 }, size: 50, fill: INK, anchor: 'middle', letterSpacingEm: 0.34 }) +
    text('Registry of Unofficial Achievement', cx, 372, { face: { family: 'display', weight: 400, italic: true }, size: 32, fill: MUTED, anchor: 'middle' }) +
    `<g fill="#8a6d2b"><path d="${wreath.leaves}"/></g><path d="${wreath.stems}" fill="none" stroke="#7a5d22" stroke-width="5"/>` +
    `<circle cx="${cx}" cy="548" r="124" fill="none" stroke="${SEPIA}" stroke-width="3"/>` +
    emblem(v.emblemHref, cx, 548, 232, { fill: SEPIA, ink: INK, accent: '#f5e8c8' }) +
    text('Certificate of Achievement', cx, 806, { face: { family: 'display', weight: 600 }, size: 118, fill: INK, anchor: 'middle' }) +
    divider(cx, 858, 520);

  // Body
  const nominee = textBlock(v.nominee, cx, 1044, { maxWidth: 2050, maxSize: 170, minSize: 80, maxLines: 2, maxHeight: 210, lineHeight: 1.08 }, { face: { family: 'display', weight: 600, italic: true }, fill: '#3a1608', anchor: 'middle' });
  const title = textBlock(v.title, cx, 1298, { maxWidth: 2100, maxSize: 78, minSize: 44, maxLines: 2, maxHeight: 110, lineHeight: 1.12 }, { face: { family: 'display', weight: 700 }, fill: RED_DARK, anchor: 'middle' });
  const citation = textBlock(v.citation, cx, 1512, { maxWidth: 1820, maxSize: 42, minSize: 28, maxLines: 4, maxHeight: 196, lineHeight: 1.32 }, { face: { family: 'display', weight: 400 }, fill: INK, anchor: 'middle' });
  const body =
    text('This is to certify that', cx, 930, { face: { family: 'display', weight: 400, italic: true }, size: 46, fill: MUTED, anchor: 'middle' }) +
    nominee.svg +
    `<path d="M${cx - 640} 1168H${cx + 640}" stroke="${SEPIA}" stroke-width="2.5"/>` +
    text('is hereby recognised with the', cx, 1226, { face: { family: 'display', weight: 400, italic: true }, size: 38, fill: MUTED, anchor: 'middle' }) +
    title.svg +
    (v.tagline
      ? textBlock(`“${v.tagline}”`, cx, 1384, { maxWidth: 1900, maxSize: 36, minSize: 26, maxLines: 1 }, { face: { family: 'display', weight: 400, italic: true }, fill: MUTED, anchor: 'middle' }).svg
      : '') +
    citation.svg;

  // Footer: register entry (left), signatures and seal (centre), verification (right)
  const nominator = textBlock(v.nominator, 300, 1800, { maxWidth: 420, maxSize: 38, minSize: 26, maxLines: 2, maxHeight: 84, lineHeight: 1.12 }, { face: { family: 'display', weight: 400, italic: true }, fill: INK });
  const label = { face: { family: 'sans', weight: 600 }, size: 21, fill: MUTED, letterSpacingEm: 0.16 } as const;
  const sigStyle = { line: SEPIA, ink: SIGN_INK, label: MUTED, labelFace: { family: 'sans', weight: 600 }, labelSize: 22 } as const;
  const footer =
    text('ENTERED IN THE REGISTER', 300, 1640, label) +
    text(v.dateLong, 300, 1690, { face: { family: 'display', weight: 400 }, size: 38, fill: INK }) +
    text('NOMINATED BY', 300, 1752, label) +
    nominator.svg +
    signature(990, 1790, 500, CHIEF_OFFICER, { ...sigStyle, scribble: signatureScribble(790, 1770, 380, 110, 11) }) +
    signature(1980, 1790, 500, REGISTRAR, { ...sigStyle, scribble: signatureScribble(1790, 1772, 400, 100, 29) }) +
    // The legend's circle is defined where it is drawn: it depends on the brand name, the frame's defs do not.
    waxSeal(cx, 1745, `<defs>${sealRing.def}</defs>${sealRing.svg}`) +
    verifyBlock(v, 2506, 1622, 200, { ink: INK, plate: '#fbf4e2', muted: MUTED, labelFace: { family: 'sans', weight: 500 }, numberFace: { family: 'sans', weight: 600 } });

  return {
    content: defs + frame + header + body + footer,
    backdrop: { defs, frame },
    layout: { nominee: nominee.fit, title: title.fit, citation: citation.fit, nominator: nominator.fit },
  };
}

function divider(cx: number, y: number, half: number): string {
  return (
    `<g stroke="${SEPIA}" fill="none" stroke-width="2.5">` +
    `<path d="M${cx - half} ${y}H${cx - 40}M${cx + 40} ${y}H${cx + half}"/>` +
    `<path d="M${cx - 26} ${y}L${cx} ${y - 14}L${cx + 26} ${y}L${cx} ${y + 14}Z" fill="${SEPIA}"/>` +
    `<circle cx="${cx - half - 12}" cy="${y}" r="6" fill="${SEPIA}"/><circle cx="${cx + half + 12}" cy="${y}" r="6" fill="${SEPIA}"/>` +
    `</g>`
  );
}

function waxSeal(cx: number, cy: number, ring: string): string {
  return (
    `<g class="seal">` +
    `<path d="${ribbonTail(cx - 40, cy + 40, 92, 250, 0.38)}" fill="url(#${ID}ribbon)"/>` +
    `<path d="${ribbonTail(cx + 40, cy + 40, 92, 250, -0.38)}" fill="url(#${ID}ribbon)"/>` +
    `<path d="${waxBlob(cx + 6, cy + 8, 138, 3)}" fill="#000" fill-opacity="0.18"/>` +
    `<path d="${waxBlob(cx, cy, 138, 3)}" fill="url(#${ID}wax)"/>` +
    `<circle cx="${cx}" cy="${cy}" r="112" fill="none" stroke="${RED_DARK}" stroke-width="5" stroke-opacity="0.8"/>` +
    `<circle cx="${cx}" cy="${cy}" r="70" fill="${RED_DARK}" fill-opacity="0.35" stroke="#f06a7b" stroke-width="2" stroke-opacity="0.6"/>` +
    ring +
    text('C', cx, cy + 34, { face: { family: 'display', weight: 900 }, size: 100, fill: '#ffe3e6', anchor: 'middle' }) +
    `<path d="${waxBlob(cx, cy, 138, 3)}" fill="none" stroke="#6e0818" stroke-width="3" stroke-opacity="0.5"/>` +
    `</g>`
  );
}
