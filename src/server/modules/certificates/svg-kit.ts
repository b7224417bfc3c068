/**
 * Small SVG building blocks shared by the templates. Every string that came
 * from a person goes through `escapeXml` here, at the point of output.
 */
import { faceAttrs, measureEm, type FontFace } from '@/server/lib/fonts';
import { circlePath, n } from './ornaments';
import { qrSvg } from './qr-code';
import { fitText, type FitOptions, type FittedText } from './text-fit';
import { escapeXml } from './xml';

export const PAGE_W = 2970;
export const PAGE_H = 2100;

export interface TextStyle {
  face: FontFace;
  size: number;
  fill: string;
  anchor?: 'start' | 'middle' | 'end';
  letterSpacingEm?: number;
  /** Extra trusted attributes (never user text). */
  attrs?: string;
}

/** One line of text; `content` is escaped here. */
export function text(content: string, x: number, y: number, st: TextStyle): string {
  const ls = st.letterSpacingEm ? ` letter-spacing="${n(st.letterSpacingEm * st.size)}"` : '';
  const anchor = st.anchor && st.anchor !== 'start' ? ` text-anchor="${st.anchor}"` : '';
  // letter-spacing also follows the last glyph: shift centred/right-aligned text to stay optically centred.
  const trailing = (st.letterSpacingEm ?? 0) * st.size;
  const ax = st.anchor === 'middle' ? x + trailing / 2 : st.anchor === 'end' ? x + trailing : x;
  return `<text x="${n(ax)}" y="${n(y)}" ${faceAttrs(st.face)} font-size="${n(st.size)}" fill="${st.fill}"${anchor}${ls}${st.attrs ? ` ${st.attrs}` : ''}>${escapeXml(content)}</text>`;
}

/**
 * Fitted lines, vertically centred on `cy` (optical centre ≈ 0.35em above the baseline).
 * Returns the SVG and the fit, so layouts (and tests) can see the chosen size.
 */
export function textBlock(
  content: string,
  x: number,
  cy: number,
  fit: Omit<FitOptions, 'face'>,
  st: Omit<TextStyle, 'size'>,
): { svg: string; fit: FittedText } {
  const fitted = fitText(content, { ...fit, face: st.face, letterSpacingEm: st.letterSpacingEm });
  const advance = fitted.size * fitted.lineHeight;
  const first = cy - ((fitted.lines.length - 1) * advance) / 2 + fitted.size * 0.35;
  const svg = fitted.lines.map((line, i) => text(line, x, first + i * advance, { ...st, size: fitted.size })).join('');
  return { svg, fit: fitted };
}

/**
 * The award emblem centred at (cx, cy): the sanitised SVG as an `<image>`
 * (an isolated document: no scripts, no external loads), or a plain medal.
 */
export function emblem(href: string | null, cx: number, cy: number, size: number, fallback: { fill: string; ink: string; accent: string }): string {
  const x = cx - size / 2;
  const y = cy - size / 2;
  if (href) return `<image x="${n(x)}" y="${n(y)}" width="${n(size)}" height="${n(size)}" href="${href}" preserveAspectRatio="xMidYMid meet"/>`;
  const r = size / 2;
  return (
    `<g><circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r * 0.96)}" fill="${fallback.fill}"/>` +
    `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r * 0.84)}" fill="none" stroke="${fallback.accent}" stroke-width="${n(r * 0.05)}" stroke-dasharray="${n(r * 0.02)} ${n(r * 0.1)}" stroke-linecap="round"/>` +
    `<path d="${starPath(cx, cy, r * 0.55, r * 0.23)}" fill="${fallback.accent}" stroke="${fallback.ink}" stroke-width="${n(r * 0.05)}" stroke-linejoin="round"/></g>`
  );
}

function starPath(cx: number, cy: number, outer: number, inner: number): string {
  let d = '';
  for (let i = 0; i < 10; i++) {
    const r = i % 2 === 0 ? outer : inner;
    const a = -Math.PI / 2 + (i * Math.PI) / 5;
    d += `${i ? 'L' : 'M'}${n(cx + r * Math.cos(a))} ${n(cy + r * Math.sin(a))}`;
  }
  return `${d}Z`;
}

export interface CornerBlockStyle {
  ink: string;
  /** Colour of the number above the code (default: ink). */
  numberFill?: string;
  plate: string;
  muted: string;
  labelFace: FontFace;
  numberFace: FontFace;
}

/**
 * Certificate number above a QR code for the verify URL, caption below:
 * the block that brings a framed print back to its public page.
 * (x, y) is the top-left of the QR plate; `anchor` aligns the texts.
 */
export function verifyBlock(
  view: { number: string; verifyUrl: string; verifyHost: string },
  x: number,
  y: number,
  size: number,
  st: CornerBlockStyle,
): string {
  const cx = x + size / 2;
  const numberLine = textBlock(`No. ${view.number}`, cx, y - 34, { maxWidth: size + 120, maxSize: 34, minSize: 20, maxLines: 1 }, { face: st.numberFace, fill: st.numberFill ?? st.ink, anchor: 'middle', letterSpacingEm: 0.08 });
  const caption = view.verifyHost ? `Verify at ${view.verifyHost}` : 'Scan to verify';
  const captionLine = textBlock(caption, cx, y + size + 34, { maxWidth: size + 160, maxSize: 24, minSize: 14, maxLines: 1 }, { face: st.labelFace, fill: st.muted, anchor: 'middle' });
  return `<g class="verify">${numberLine.svg}${qrSvg(view.verifyUrl, x, y, size, st.ink, st.plate)}${captionLine.svg}</g>`;
}

export interface SignatureStyle {
  /** Colour of the line, or null when the template draws its own. */
  line: string | null;
  ink: string;
  label: string;
  labelFace: FontFace;
  labelSize: number;
  scribble: string | null;
  scribbleWidth?: number;
}

/** A signature line with its title under it and a scribble above it. */
export function signature(cx: number, y: number, width: number, title: string, st: SignatureStyle): string {
  const scribble = st.scribble
    ? `<path d="${st.scribble}" fill="none" stroke="${st.ink}" stroke-width="${st.scribbleWidth ?? 4.5}" stroke-linecap="round" stroke-linejoin="round"/>`
    : '';
  const label = textBlock(title, cx, y + st.labelSize * 1.3, { maxWidth: width + 40, maxSize: st.labelSize, minSize: st.labelSize * 0.7, maxLines: 1 }, { face: st.labelFace, fill: st.label, anchor: 'middle', letterSpacingEm: 0.06 });
  const line = st.line ? `<path d="M${n(cx - width / 2)} ${n(y)}H${n(cx + width / 2)}" stroke="${st.line}" stroke-width="3"/>` : '';
  return `<g class="signature">${scribble}${line}${label.svg}</g>`;
}

export const CHIEF_OFFICER = 'Chief Officer of Dubious Honours';
export const REGISTRAR = 'Registrar of Questionable Merit';

/**
 * Text running once round a circle (clockwise from the top), letter-spaced to
 * close the ring, with its first word centred at 12 o'clock. Returns the path
 * for <defs> and the text element.
 */
export function ringText(id: string, content: string, cx: number, cy: number, r: number, st: { face: FontFace; size: number; fill: string; attrs?: string }): { def: string; svg: string } {
  const circumference = 2 * Math.PI * r;
  // Repeat the legend round a big ring rather than spreading it thin.
  const once = content;
  while (measureEm(content + once, st.face) * st.size * 1.12 < circumference) content += once;
  const chars = [...content].length;
  let size = st.size;
  let spacing = (circumference - measureEm(content, st.face) * size) / chars;
  if (spacing < size * 0.05) {
    size = circumference / (measureEm(content, st.face) + 0.05 * chars);
    spacing = size * 0.05;
  }
  const firstWord = content.split(' ')[0] ?? '';
  const firstWidth = measureEm(firstWord, st.face) * size + spacing * [...firstWord].length;
  const start = -Math.PI / 2 - firstWidth / 2 / r;
  return {
    def: `<path id="${id}" d="${circlePath(cx, cy, r, start)}"/>`,
    svg: `<text ${faceAttrs(st.face)} font-size="${n(size)}" fill="${st.fill}" letter-spacing="${n(spacing)}"${st.attrs ? ` ${st.attrs}` : ''}><textPath href="#${id}">${escapeXml(content)}</textPath></text>`,
  };
}
