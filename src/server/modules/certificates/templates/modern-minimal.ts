/**
 * Modern Minimal: white page, one hairline frame, left-aligned Swiss layout
 * in Inter with the name in a light display serif, the emblem large on a
 * flat red rosette with two ribbon tails, and a tidy footer grid.
 */
import type { CertificateView } from '../certificate-data';
import { ribbonTail, scallopedCircle, signatureScribble } from '../ornaments';
import { CHIEF_OFFICER, PAGE_H, PAGE_W, REGISTRAR, emblem, ringText, signature, text, textBlock, verifyBlock } from '../svg-kit';
import { ID, type TemplateOutput } from './template';

const INK = '#0f172a';
const SLATE = '#475569';
const MUTED = '#64748b';
const RULE = '#cbd5e1';
const RED = '#c8102e';

export function modernMinimal(v: CertificateView): TemplateOutput {
  const left = 250;
  const ex = 2290; // emblem centre
  const ey = 880;
  const ring = ringText(`${ID}ring`, `${v.brand.toLocaleUpperCase('en')} · CERTIFIED · `, ex, ey, 318, { face: { family: 'sans', weight: 600 }, size: 30, fill: RED });

  const frame =
    `<rect width="${PAGE_W}" height="${PAGE_H}" fill="#ffffff"/>` +
    `<rect x="80" y="80" width="${PAGE_W - 160}" height="${PAGE_H - 160}" fill="none" stroke="${RULE}" stroke-width="3"/>` +
    `<rect x="80" y="80" width="${PAGE_W - 160}" height="22" fill="${RED}"/>`;

  const brand = textBlock(v.brand, left + 70, 290, { maxWidth: 900, maxSize: 52, minSize: 32, maxLines: 1 }, { face: { family: 'sans', weight: 700 }, fill: INK, letterSpacingEm: -0.01 });
  const header =
    `<rect x="${left}" y="258" width="46" height="46" fill="${RED}"/>` +
    brand.svg +
    text('CERTIFICATE OF ACHIEVEMENT', left, 520, { face: { family: 'sans', weight: 600 }, size: 40, fill: RED, letterSpacingEm: 0.22 }) +
    text('This certifies that', left, 610, { face: { family: 'sans', weight: 400 }, size: 40, fill: MUTED });

  const nominee = textBlock(v.nominee, left - 8, 790, { maxWidth: 1620, maxSize: 214, minSize: 72, maxLines: 3, maxHeight: 250, lineHeight: 1.04 }, { face: { family: 'display', weight: 300 }, fill: INK, letterSpacingEm: -0.015 });
  const title = textBlock(v.title, left, 1098, { maxWidth: 1560, maxSize: 72, minSize: 44, maxLines: 2, maxHeight: 150, lineHeight: 1.12 }, { face: { family: 'sans', weight: 700 }, fill: INK, letterSpacingEm: -0.01 });
  const citation = textBlock(v.citation, left, 1408, { maxWidth: 1500, maxSize: 38, minSize: 26, maxLines: 4, maxHeight: 200, lineHeight: 1.42 }, { face: { family: 'sans', weight: 400 }, fill: SLATE });
  const body =
    nominee.svg +
    text('has been awarded the', left, 990, { face: { family: 'sans', weight: 400 }, size: 40, fill: MUTED }) +
    title.svg +
    (v.tagline ? textBlock(v.tagline, left, 1226, { maxWidth: 1500, maxSize: 38, minSize: 26, maxLines: 1 }, { face: { family: 'sans', weight: 500 }, fill: RED }).svg : '') +
    `<path d="M${left} 1290H${left + 120}" stroke="${INK}" stroke-width="5"/>` +
    citation.svg;

  // Flat rosette: scalloped red disc, thin rings, ribbon tails, emblem on top.
  const rosette =
    `<g class="seal">` +
    `<path d="${ribbonTail(ex - 70, ey + 200, 120, 420, 0.22, 0.45)}" fill="${INK}"/>` +
    `<path d="${ribbonTail(ex + 70, ey + 200, 120, 420, -0.22, 0.45)}" fill="${RED}"/>` +
    `<circle cx="${ex}" cy="${ey}" r="360" fill="#ffffff"/>` +
    `<circle cx="${ex}" cy="${ey}" r="360" fill="none" stroke="${RULE}" stroke-width="3"/>` +
    // The legend's circle is defined where it is drawn: it depends on the brand name, the frame does not.
    `<defs>${ring.def}</defs>` +
    ring.svg +
    `<path d="${scallopedCircle(ex, ey, 286, 36, 12)}" fill="${RED}"/>` +
    `<circle cx="${ex}" cy="${ey}" r="246" fill="#ffffff"/>` +
    `<circle cx="${ex}" cy="${ey}" r="232" fill="none" stroke="${RED}" stroke-width="3"/>` +
    emblem(v.emblemHref, ex, ey, 420, { fill: RED, ink: INK, accent: '#ffffff' }) +
    `</g>`;

  // Footer grid: date · nominated by · two signatures · verification
  const top = 1660;
  const nominator = textBlock(v.nominator, 700, top + 85, { maxWidth: 420, maxSize: 38, minSize: 26, maxLines: 2, maxHeight: 84, lineHeight: 1.12 }, { face: { family: 'sans', weight: 500 }, fill: INK });
  const label = { face: { family: 'sans', weight: 600 }, size: 22, fill: MUTED, letterSpacingEm: 0.18 } as const;
  const sig = { line: INK, ink: '#1e3a8a', label: MUTED, labelFace: { family: 'sans', weight: 500 }, labelSize: 22 } as const;
  const footer =
    `<path d="M${left} ${top - 40}H${PAGE_W - left}" stroke="${RULE}" stroke-width="3"/>` +
    text('DATE', left, top + 30, label) +
    text(v.dateLong, left, top + 98, { face: { family: 'sans', weight: 500 }, size: 38, fill: INK }) +
    text('NOMINATED BY', 700, top + 30, label) +
    nominator.svg +
    signature(1420, top + 150, 440, CHIEF_OFFICER, { ...sig, scribble: signatureScribble(1250, top + 128, 330, 96, 41) }) +
    signature(1980, top + 150, 440, REGISTRAR, { ...sig, scribble: signatureScribble(1820, top + 130, 340, 90, 7) }) +
    verifyBlock(v, 2520, top + 24, 200, { ink: INK, plate: '#ffffff', muted: MUTED, labelFace: { family: 'sans', weight: 500 }, numberFace: { family: 'sans', weight: 600 } });

  return {
    content: frame + header + body + rosette + footer,
    backdrop: { defs: '', frame },
    layout: { nominee: nominee.fit, title: title.fit, citation: citation.fit, nominator: nominator.fit },
  };
}

