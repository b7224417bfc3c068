/**
 * Kids' Crayon: drawn with enormous effort and slightly outside the lines.
 * Pale yellow paper, a dashed rose crayon border, a rainbow over the emblem,
 * a smiling sun, scattered stars, a rainbow heading with wobbly letters and a
 * gold-star sticker on ribbons.
 */
import type { CertificateView } from '../certificate-data';
import { faceAttrs } from '@/server/lib/fonts';
import { n, ribbonTail, seededRandom, signatureScribble, star, wobblyArc, wobblyLine, wobblyRoundedRect } from '../ornaments';
import { CHIEF_OFFICER, PAGE_H, PAGE_W, REGISTRAR, emblem, signature, text, textBlock, verifyBlock } from '../svg-kit';
import { escapeXml } from '../xml';
import { type TemplateOutput } from './template';

const PAPER = '#fefce8';
const INK = '#0c4a6e';
const INK_SOFT = '#0369a1';
const ROSE = '#fb7185';
const RAINBOW = ['#ef4444', '#f97316', '#facc15', '#22c55e', '#3b82f6', '#a855f7'];

function crayon(d: string, colour: string, width: number, extra = ''): string {
  return `<path d="${d}" fill="none" stroke="${colour}" stroke-width="${width}" stroke-linecap="round" stroke-linejoin="round"${extra ? ` ${extra}` : ''}/>`;
}

export function kidsCrayon(v: CertificateView): TemplateOutput {
  const cx = PAGE_W / 2;

  const frame =
    `<rect width="${PAGE_W}" height="${PAGE_H}" fill="${PAPER}"/>` +
    crayon(wobblyRoundedRect(110, 110, PAGE_W - 220, PAGE_H - 220, 90, 1, 7), ROSE, 16, 'stroke-dasharray="46 26"') +
    crayon(wobblyRoundedRect(112, 114, PAGE_W - 222, PAGE_H - 226, 90, 2, 9), ROSE, 5, 'stroke-opacity="0.5" stroke-dasharray="46 26"') +
    crayon(wobblyRoundedRect(160, 160, PAGE_W - 320, PAGE_H - 320, 60, 3, 6), '#38bdf8', 6) +
    crayon(wobblyRoundedRect(163, 158, PAGE_W - 324, PAGE_H - 318, 60, 4, 8), '#38bdf8', 3, 'stroke-opacity="0.6"');

  // Doodles: sun (top left), stars, rainbow over the emblem.
  const sun = (x: number, y: number) => {
    const rays = Array.from({ length: 12 }, (_, i) => {
      const a = (i / 12) * Math.PI * 2 + 0.2;
      return wobblyLine(x + 100 * Math.cos(a), y + 100 * Math.sin(a), x + 150 * Math.cos(a), y + 150 * Math.sin(a), 40 + i, 4, 30);
    }).join('');
    return (
      `<circle cx="${x}" cy="${y}" r="80" fill="#fde047"/>` +
      crayon(wobblyArc(x, y, 80, 0, Math.PI * 2, 9, 4), '#f59e0b', 8) +
      crayon(rays, '#f59e0b', 10) +
      `<circle cx="${x - 26}" cy="${y - 14}" r="9" fill="${INK}"/><circle cx="${x + 26}" cy="${y - 14}" r="9" fill="${INK}"/>` +
      crayon(wobblyArc(x, y + 4, 40, 0.35, Math.PI - 0.35, 12, 2), INK, 7)
    );
  };
  const stars = [
    [2640, 340, 56, '#facc15', -0.2],
    [2460, 470, 34, '#f472b6', 0.3],
    [2700, 620, 28, '#22c55e', 0.1],
    [300, 760, 34, '#a855f7', 0.25],
    [2690, 1130, 40, '#38bdf8', -0.1],
    [290, 1250, 26, '#f97316', 0],
  ] as const;
  const doodles =
    sun(340, 340) +
    stars
      .map(([x, y, r, c, rot]) => `<path d="${star(x, y, r, r * 0.45, 5, -Math.PI / 2 + rot)}" fill="${c}" stroke="${c}" stroke-width="${n(r * 0.28)}" stroke-linejoin="round"/>`)
      .join('') +
    RAINBOW.map((c, i) => crayon(wobblyArc(cx, 584, 290 - i * 20, Math.PI + 0.05, Math.PI * 2 - 0.05, 60 + i, 4), c, 20)).join('');

  // Heading: every letter its own crayon colour, each a little tilted.
  const heading = 'Certificate of Achievement';
  const rnd = seededRandom(77);
  let colour = 0;
  const spans = [...heading]
    .map((ch) => (ch === ' ' ? ' ' : `<tspan fill="${RAINBOW[colour++ % RAINBOW.length] === '#facc15' ? '#eab308' : RAINBOW[(colour - 1) % RAINBOW.length]}">${escapeXml(ch)}</tspan>`))
    .join('');
  const rotate = [...heading].map(() => n((rnd() - 0.5) * 10)).join(' ');
  const header =
    text(v.brand, cx, 236, { face: { family: 'display', weight: 900 }, size: 46, fill: INK_SOFT, anchor: 'middle', letterSpacingEm: 0.04 }) +
    `<circle cx="${cx}" cy="584" r="124" fill="#ffffff"/>` +
    crayon(wobblyArc(cx, 584, 124, 0, Math.PI * 2, 5, 4), INK_SOFT, 7) +
    emblem(v.emblemHref, cx, 584, 214, { fill: '#38bdf8', ink: INK, accent: '#fde047' }) +
    `<text x="${cx}" y="832" ${faceAttrs({ family: 'display', weight: 900 })} font-size="106" text-anchor="middle" rotate="${rotate}">${spans}</text>`;

  const nominee = textBlock(v.nominee, cx, 1020, { maxWidth: 2000, maxSize: 170, minSize: 80, maxLines: 2, maxHeight: 200, lineHeight: 1.06 }, { face: { family: 'display', weight: 900 }, fill: INK, anchor: 'middle' });
  const underlineHalf = Math.min(1000, Math.max(...nominee.fit.widths, 400) / 2 + 40);
  const title = textBlock(v.title, cx, 1262, { maxWidth: 2100, maxSize: 72, minSize: 42, maxLines: 2, maxHeight: 104, lineHeight: 1.1 }, { face: { family: 'display', weight: 700 }, fill: '#e11d48', anchor: 'middle' });
  const citation = textBlock(v.citation, cx, 1468, { maxWidth: 1800, maxSize: 38, minSize: 26, maxLines: 3, maxHeight: 156, lineHeight: 1.38 }, { face: { family: 'sans', weight: 500 }, fill: INK, anchor: 'middle' });
  const body =
    text('This is to certify that', cx, 910, { face: { family: 'sans', weight: 700 }, size: 40, fill: INK_SOFT, anchor: 'middle' }) +
    nominee.svg +
    crayon(wobblyLine(cx - underlineHalf, 1120, cx + underlineHalf, 1112, 8, 7, 90), '#f97316', 12) +
    text('has earned the', cx, 1186, { face: { family: 'sans', weight: 700 }, size: 38, fill: INK_SOFT, anchor: 'middle' }) +
    title.svg +
    (v.tagline ? textBlock(`“${v.tagline}”`, cx, 1356, { maxWidth: 1900, maxSize: 36, minSize: 24, maxLines: 1 }, { face: { family: 'sans', weight: 600 }, fill: INK_SOFT, anchor: 'middle' }).svg : '') +
    citation.svg;

  const nominator = textBlock(v.nominator, 300, 1800, { maxWidth: 420, maxSize: 38, minSize: 26, maxLines: 2, maxHeight: 84, lineHeight: 1.12 }, { face: { family: 'display', weight: 700 }, fill: INK });
  const label = { face: { family: 'sans', weight: 800 }, size: 22, fill: '#e11d48', letterSpacingEm: 0.14 } as const;
  const sig = { line: null, ink: '#7c3aed', label: INK_SOFT, labelFace: { family: 'sans', weight: 700 }, labelSize: 22 } as const;
  const footer =
    text('DATE', 300, 1644, label) +
    text(v.dateLong, 300, 1694, { face: { family: 'display', weight: 700 }, size: 38, fill: INK }) +
    text('NOMINATED BY', 300, 1754, label) +
    nominator.svg +
    crayon(wobblyLine(760, 1790, 1240, 1786, 21, 4), INK_SOFT, 6) +
    crayon(wobblyLine(1740, 1788, 2220, 1792, 22, 4), INK_SOFT, 6) +
    signature(1000, 1790, 480, CHIEF_OFFICER, { ...sig, scribble: signatureScribble(810, 1768, 360, 104, 13), scribbleWidth: 7 }) +
    signature(1980, 1790, 480, REGISTRAR, { ...sig, scribble: signatureScribble(1790, 1770, 380, 96, 19), scribbleWidth: 7 }) +
    starSticker(cx, 1734) +
    verifyBlock(v, 2460, 1624, 200, { ink: INK, plate: '#ffffff', muted: INK_SOFT, labelFace: { family: 'sans', weight: 600 }, numberFace: { family: 'sans', weight: 800 } });

  return {
    content: frame + doodles + header + body + footer,
    backdrop: { defs: '', frame: frame + doodles },
    layout: { nominee: nominee.fit, title: title.fit, citation: citation.fit, nominator: nominator.fit },
  };
}

/** A gold-star sticker with a smile, on two ribbon tails. */
function starSticker(cx: number, cy: number): string {
  return (
    `<g class="seal">` +
    `<path d="${ribbonTail(cx - 40, cy + 60, 86, 270, 0.42)}" fill="#38bdf8" stroke="#0284c7" stroke-width="5" stroke-linejoin="round"/>` +
    `<path d="${ribbonTail(cx + 40, cy + 60, 86, 270, -0.42)}" fill="${ROSE}" stroke="#e11d48" stroke-width="5" stroke-linejoin="round"/>` +
    `<path d="${star(cx, cy + 8, 160, 78, 5)}" fill="#facc15" stroke="#f59e0b" stroke-width="26" stroke-linejoin="round"/>` +
    `<path d="${star(cx, cy + 8, 120, 58, 5)}" fill="none" stroke="#fef08a" stroke-width="8" stroke-linejoin="round"/>` +
    `<circle cx="${cx - 30}" cy="${cy - 4}" r="12" fill="${INK}"/><circle cx="${cx + 30}" cy="${cy - 4}" r="12" fill="${INK}"/>` +
    crayon(wobblyArc(cx, cy + 10, 42, 0.4, Math.PI - 0.4, 3, 1.5), INK, 9) +
    `</g>`
  );
}
