/**
 * Gold Foil: near-black stone ground, everything that matters in a gold
 * sheen — double foil frame with art-deco corner fans, sunburst behind the
 * emblem, a faint guilloché watermark, a gold starburst rosette on red
 * ribbons. Capitals and roman serif.
 */
import type { CertificateView } from '../certificate-data';
import { guillocheRosette, n, ribbonTail, signatureScribble, star } from '../ornaments';
import { CHIEF_OFFICER, PAGE_H, PAGE_W, REGISTRAR, emblem, ringText, signature, text, textBlock, verifyBlock } from '../svg-kit';
import { ID, type TemplateOutput } from './template';

const GROUND = '#0c0a09';
const IVORY = '#fef3c7';
const IVORY_MUTED = '#d6c7a1';
const GOLD = `url(#${ID}gold)`;
const GOLD_FLAT = '#d4af37';
const RED = '#c8102e';

export function goldFoil(v: CertificateView): TemplateOutput {
  const cx = PAGE_W / 2;
  const sealY = 1756;
  const ring = ringText(`${ID}seal-ring`, `${v.brand.toLocaleUpperCase('en')} · GOLD STANDARD · `, cx, sealY, 88, { face: { family: 'sans', weight: 700 }, size: 18, fill: '#3b2a05' });
  const defs =
    `<defs>` +
    `<linearGradient id="${ID}gold" gradientUnits="userSpaceOnUse" x1="0" y1="0" x2="${PAGE_W}" y2="${PAGE_H}">` +
    [
      ['0', '#8a6a1f'],
      ['0.18', '#e9c96a'],
      ['0.3', '#fbeeb5'],
      ['0.42', '#c9a43a'],
      ['0.55', '#8f6b1e'],
      ['0.68', '#e8cf7a'],
      ['0.8', '#fff1bf'],
      ['1', '#a9832a'],
    ]
      .map(([o, c]) => `<stop offset="${o}" stop-color="${c}"/>`)
      .join('') +
    `</linearGradient>` +
    `<radialGradient id="${ID}ground" cx="50%" cy="42%" r="72%"><stop offset="0" stop-color="#2a2420"/><stop offset="0.7" stop-color="#171311"/><stop offset="1" stop-color="${GROUND}"/></radialGradient>` +
    `<radialGradient id="${ID}medal" cx="38%" cy="32%" r="75%"><stop offset="0" stop-color="#fff4c4"/><stop offset="0.45" stop-color="#e2bd55"/><stop offset="1" stop-color="#8a6417"/></radialGradient>` +
    `<linearGradient id="${ID}ribbon" x1="0" x2="1"><stop offset="0" stop-color="#8d0b20"/><stop offset="0.5" stop-color="${RED}"/><stop offset="1" stop-color="#8d0b20"/></linearGradient>` +
    `<g id="${ID}fan">${decoFan()}</g>` +
    `</defs>`;

  const watermark = guillocheRosette(cx, 1000, 720, 3, 30, 8);
  const frame =
    `<rect width="${PAGE_W}" height="${PAGE_H}" fill="url(#${ID}ground)"/>` +
    `<g fill="none" stroke="${GOLD_FLAT}" stroke-width="2" stroke-opacity="0.07">${watermark.map((d) => `<path d="${d}"/>`).join('')}</g>` +
    `<rect x="64" y="64" width="${PAGE_W - 128}" height="${PAGE_H - 128}" fill="none" stroke="${GOLD}" stroke-width="14"/>` +
    `<rect x="96" y="96" width="${PAGE_W - 192}" height="${PAGE_H - 192}" fill="none" stroke="${GOLD}" stroke-width="3"/>` +
    notchedFrame(150, 150, PAGE_W - 300, PAGE_H - 300, 56) +
    [
      [150, 150, 0],
      [PAGE_W - 150, 150, 90],
      [PAGE_W - 150, PAGE_H - 150, 180],
      [150, PAGE_H - 150, 270],
    ]
      .map(([x, y, r]) => `<use href="#${ID}fan" transform="translate(${x} ${y}) rotate(${r}) scale(0.78)"/>`)
      .join('');

  // Header
  const brandLine = textBlock(v.brand.toLocaleUpperCase('en'), cx, 301, { maxWidth: 1200, maxSize: 44, minSize: 28, maxLines: 1 }, { face: { family: 'display', weight: 600 }, fill: GOLD, anchor: 'middle', letterSpacingEm: 0.42 });
  const brandHalf = (brandLine.fit.widths[0] ?? 0) / 2;
  const rays = Array.from({ length: 48 }, (_, i) => {
    const a = (i / 48) * Math.PI * 2;
    const r0 = 150;
    const r1 = i % 2 ? 215 : 250;
    const w = 0.022;
    return `M${n(cx + r0 * Math.cos(a - w))} ${n(540 + r0 * Math.sin(a - w))}L${n(cx + r1 * Math.cos(a))} ${n(540 + r1 * Math.sin(a))}L${n(cx + r0 * Math.cos(a + w))} ${n(540 + r0 * Math.sin(a + w))}Z`;
  }).join('');
  const header =
    brandLine.svg +
    `<path d="M${n(cx - brandHalf - 300)} 301H${n(cx - brandHalf - 40)}M${n(cx + brandHalf + 40)} 301H${n(cx + brandHalf + 300)}" stroke="${GOLD}" stroke-width="3"/>` +
    `<path d="${star(cx - brandHalf - 40, 301, 14, 5, 4, 0)}${star(cx + brandHalf + 40, 301, 14, 5, 4, 0)}" fill="${GOLD}"/>` +
    `<path d="${rays}" fill="${GOLD}"/>` +
    `<circle cx="${cx}" cy="540" r="140" fill="${GROUND}" stroke="${GOLD}" stroke-width="8"/>` +
    `<circle cx="${cx}" cy="540" r="126" fill="none" stroke="${GOLD}" stroke-width="2"/>` +
    emblem(v.emblemHref, cx, 540, 228, { fill: '#3b2f1a', ink: GROUND, accent: GOLD_FLAT }) +
    text('CERTIFICATE OF ACHIEVEMENT', cx, 880, { face: { family: 'display', weight: 600 }, size: 96, fill: GOLD, anchor: 'middle', letterSpacingEm: 0.12 });

  const nominee = textBlock(v.nominee, cx, 1102, { maxWidth: 2050, maxSize: 176, minSize: 80, maxLines: 2, maxHeight: 196, lineHeight: 1.08 }, { face: { family: 'display', weight: 400 }, fill: GOLD, anchor: 'middle' });
  const title = textBlock(v.title, cx, 1352, { maxWidth: 2100, maxSize: 70, minSize: 42, maxLines: 2, maxHeight: 100, lineHeight: 1.12 }, { face: { family: 'display', weight: 600, italic: true }, fill: IVORY, anchor: 'middle' });
  const citation = textBlock(v.citation, cx, 1528, { maxWidth: 1760, maxSize: 40, minSize: 27, maxLines: 3, maxHeight: 132, lineHeight: 1.34 }, { face: { family: 'display', weight: 400 }, fill: IVORY_MUTED, anchor: 'middle' });
  const body =
    text('THIS IS TO CERTIFY THAT', cx, 976, { face: { family: 'sans', weight: 500 }, size: 30, fill: IVORY_MUTED, anchor: 'middle', letterSpacingEm: 0.3 }) +
    nominee.svg +
    diamondRule(cx, 1222, 700) +
    text('HAS BEEN CONFERRED THE', cx, 1280, { face: { family: 'sans', weight: 500 }, size: 26, fill: IVORY_MUTED, anchor: 'middle', letterSpacingEm: 0.3 }) +
    title.svg +
    (v.tagline ? textBlock(`“${v.tagline}”`, cx, 1430, { maxWidth: 1900, maxSize: 34, minSize: 24, maxLines: 1 }, { face: { family: 'display', weight: 400, italic: true }, fill: GOLD, anchor: 'middle' }).svg : '') +
    citation.svg;

  const nominator = textBlock(v.nominator, 320, 1808, { maxWidth: 420, maxSize: 36, minSize: 26, maxLines: 2, maxHeight: 84, lineHeight: 1.12 }, { face: { family: 'display', weight: 400, italic: true }, fill: IVORY });
  const label = { face: { family: 'sans', weight: 600 }, size: 20, fill: GOLD_FLAT, letterSpacingEm: 0.2 } as const;
  const sig = { line: GOLD_FLAT, ink: '#f3e2a9', label: IVORY_MUTED, labelFace: { family: 'sans', weight: 600 }, labelSize: 21 } as const;
  const footer =
    text('CONFERRED', 320, 1652, label) +
    text(v.dateLong, 320, 1700, { face: { family: 'display', weight: 400 }, size: 36, fill: IVORY }) +
    text('NOMINATED BY', 320, 1762, label) +
    nominator.svg +
    signature(1000, 1800, 480, CHIEF_OFFICER, { ...sig, scribble: signatureScribble(810, 1780, 360, 104, 5) }) +
    signature(1970, 1800, 480, REGISTRAR, { ...sig, scribble: signatureScribble(1790, 1782, 380, 96, 17) }) +
    // The legend's circle is defined where it is drawn: it depends on the brand name, the frame's defs do not.
    goldRosette(cx, sealY, `<defs>${ring.def}</defs>${ring.svg}`) +
    `<rect x="2405" y="1610" width="220" height="220" rx="10" fill="none" stroke="${GOLD}" stroke-width="4"/>` +
    verifyBlock(v, 2415, 1620, 200, { ink: '#1c1917', numberFill: IVORY, plate: '#fffbeb', muted: IVORY_MUTED, labelFace: { family: 'sans', weight: 500 }, numberFace: { family: 'sans', weight: 600 } });

  return {
    content: defs + frame + header + body + footer,
    backdrop: { defs, frame },
    layout: { nominee: nominee.fit, title: title.fit, citation: citation.fit, nominator: nominator.fit },
  };
}

/** Inner frame with cut corners. */
function notchedFrame(x: number, y: number, w: number, h: number, c: number): string {
  const d = `M${x + c} ${y}H${x + w - c}L${x + w} ${y + c}V${y + h - c}L${x + w - c} ${y + h}H${x + c}L${x} ${y + h - c}V${y + c}Z`;
  return `<path d="${d}" fill="none" stroke="${GOLD}" stroke-width="3"/>`;
}

/** Art-deco fan for the top-left corner (rotated for the others). */
function decoFan(): string {
  let d = '';
  for (let i = 0; i <= 8; i++) {
    const a = (i / 8) * (Math.PI / 2);
    d += `M0 0L${n(210 * Math.cos(a))} ${n(210 * Math.sin(a))}`;
  }
  const arcs = [90, 150, 210].map((r) => `M${r} 0A${r} ${r} 0 0 1 0 ${r}`).join('');
  return (
    `<path d="M0 0L120 0A120 120 0 0 1 0 120Z" fill="${GOLD}" fill-opacity="0.16"/>` +
    `<path d="${d}${arcs}" fill="none" stroke="${GOLD}" stroke-width="3"/>` +
    `<path d="M-40 0H260M0 -40V260" stroke="${GOLD}" stroke-width="6"/>` +
    `<path d="${star(0, 0, 34, 12, 4, 0)}" fill="${GOLD}"/>`
  );
}

function diamondRule(cx: number, y: number, half: number): string {
  return (
    `<path d="M${cx - half} ${y}H${cx - 36}M${cx + 36} ${y}H${cx + half}" stroke="${GOLD}" stroke-width="3"/>` +
    `<path d="M${cx - 22} ${y}L${cx} ${y - 12}L${cx + 22} ${y}L${cx} ${y + 12}Z" fill="${GOLD}"/>`
  );
}

function goldRosette(cx: number, cy: number, ring: string): string {
  return (
    `<g class="seal">` +
    `<path d="${ribbonTail(cx - 46, cy + 50, 96, 250, 0.36)}" fill="url(#${ID}ribbon)" stroke="${GOLD_FLAT}" stroke-width="4"/>` +
    `<path d="${ribbonTail(cx + 46, cy + 50, 96, 250, -0.36)}" fill="url(#${ID}ribbon)" stroke="${GOLD_FLAT}" stroke-width="4"/>` +
    `<path d="${star(cx, cy, 150, 128, 40)}" fill="url(#${ID}medal)" stroke="#7a5a12" stroke-width="2"/>` +
    `<circle cx="${cx}" cy="${cy}" r="114" fill="url(#${ID}medal)" stroke="#7a5a12" stroke-width="3"/>` +
    `<circle cx="${cx}" cy="${cy}" r="66" fill="none" stroke="#7a5a12" stroke-width="2"/>` +
    ring +
    `<path d="${star(cx, cy, 46, 19, 5)}" fill="#7a5a12"/>` +
    `</g>`
  );
}
