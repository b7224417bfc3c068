/**
 * Fitting user text into a box: the largest font size (down to a minimum) at
 * which the text, wrapped greedily at spaces, fits the width and the allowed
 * number of lines; below the minimum, the last line is ellipsised. Words wider
 * than a line (long names without spaces, CJK runs) break between graphemes.
 */
import { measureEm, type FontFace } from '@/server/lib/fonts';

export interface FitOptions {
  face: FontFace;
  /** Width of the box in SVG user units. */
  maxWidth: number;
  maxSize: number;
  minSize: number;
  /** Lines allowed at any size. */
  maxLines: number;
  /** Optional box height: lines × size × lineHeight must fit in it. */
  maxHeight?: number;
  /** Line advance as a multiple of the font size (default 1.25). */
  lineHeight?: number;
  /** SVG letter-spacing in em (applied after every character). */
  letterSpacingEm?: number;
}

export interface FittedText {
  size: number;
  lines: string[];
  /** True when even the minimum size could not hold the text and it was ellipsised. */
  truncated: boolean;
  /** Measured width of each line at `size`, in user units. */
  widths: number[];
  lineHeight: number;
  /** The box it was fitted to. */
  maxWidth: number;
  maxSize: number;
  minSize: number;
  maxLines: number;
}

const ELLIPSIS = '…';
const graphemes = new Intl.Segmenter('en', { granularity: 'grapheme' });

function splitGraphemes(text: string): string[] {
  return Array.from(graphemes.segment(text), (s) => s.segment);
}

function linesAllowed(size: number, o: FitOptions): number {
  const lh = o.lineHeight ?? 1.25;
  const byHeight = o.maxHeight === undefined ? o.maxLines : Math.floor((o.maxHeight + 1e-6) / (size * lh));
  return Math.max(1, Math.min(o.maxLines, byHeight));
}

/** Break opportunities: spaces, and after a hyphen or dash inside a word ("Montgomery-|Featherstonehaugh"). */
function tokens(text: string): { text: string; glue: boolean }[] {
  const out: { text: string; glue: boolean }[] = [];
  for (const word of text.split(' ').filter(Boolean)) {
    const parts = word.split(/(?<=[^\s/–—-][/–—-])(?=[^\s/–—-])/u);
    parts.forEach((part, i) => out.push({ text: part, glue: i > 0 }));
  }
  return out;
}

/**
 * Greedy wrap; `maxEm` is the line width in em at the size being tried.
 * Line width = sum of token widths + spaces (tokens are measured once and
 * cached), which ignores kerning across a space — fonts have essentially none there.
 */
export function wrapText(text: string, face: FontFace, maxEm: number, letterSpacingEm = 0): string[] {
  const width = (s: string) => measureEm(s, face, letterSpacingEm);
  const space = width(' ');
  const lines: string[] = [];
  let line = '';
  let lineEm = 0;
  for (const token of tokens(text)) {
    const w = width(token.text);
    const sep = token.glue ? 0 : space;
    if (line && lineEm + sep + w <= maxEm) {
      line += token.glue ? token.text : ` ${token.text}`;
      lineEm += sep + w;
      continue;
    }
    if (line) lines.push(line);
    if (w <= maxEm) {
      line = token.text;
      lineEm = w;
      continue;
    }
    // A single word wider than the line: break it between graphemes.
    line = '';
    lineEm = 0;
    for (const g of splitGraphemes(token.text)) {
      const gw = width(g);
      if (line && lineEm + gw > maxEm) {
        lines.push(line);
        line = '';
        lineEm = 0;
      }
      line += g;
      lineEm += gw;
    }
  }
  if (line) lines.push(line);
  return lines;
}

/**
 * Wrap into at most `count` lines of as even a length as possible (the
 * narrowest width that still needs no more lines), like CSS `text-wrap: balance`.
 */
export function balancedWrap(text: string, face: FontFace, maxEm: number, count: number, letterSpacingEm = 0): string[] {
  let lo = 0;
  let hi = maxEm;
  for (let i = 0; i < 18; i++) {
    const mid = (lo + hi) / 2;
    if (wrapText(text, face, mid, letterSpacingEm).length <= count) hi = mid;
    else lo = mid;
  }
  return wrapText(text, face, hi, letterSpacingEm);
}

/** Shortens `text` until it plus an ellipsis fits `maxEm` (binary search over graphemes). */
export function ellipsize(text: string, face: FontFace, maxEm: number, letterSpacingEm = 0): string {
  if (measureEm(text, face, letterSpacingEm) <= maxEm) return text;
  const parts = splitGraphemes(text);
  const candidate = (count: number) => parts.slice(0, count).join('').trimEnd().replace(/[\s,;:.–—-]+$/u, '') + ELLIPSIS;
  let lo = 0; // candidate(lo) fits (an ellipsis alone is assumed to)
  let hi = parts.length; // candidate(hi) does not fit
  while (hi - lo > 1) {
    const mid = (lo + hi) >> 1;
    if (measureEm(candidate(mid), face, letterSpacingEm) <= maxEm) lo = mid;
    else hi = mid;
  }
  return candidate(lo);
}

export function fitText(text: string, o: FitOptions): FittedText {
  const lh = o.lineHeight ?? 1.25;
  const ls = o.letterSpacingEm ?? 0;
  const result = (size: number, lines: string[], truncated: boolean): FittedText => ({
    size,
    lines,
    truncated,
    widths: lines.map((l) => measureEm(l, o.face, ls) * size),
    lineHeight: lh,
    maxWidth: o.maxWidth,
    maxSize: o.maxSize,
    minSize: o.minSize,
    maxLines: o.maxLines,
  });
  if (!text) return result(o.maxSize, [], false);
  // Nothing past what the box could ever show matters (0.2em is narrower than any glyph we draw).
  const capacity = Math.ceil((o.maxLines * o.maxWidth) / (o.minSize * 0.2));
  if (text.length > capacity) text = Array.from(text).slice(0, capacity).join('');

  const step = Math.max(0.5, Math.round(o.maxSize / 60));
  for (let size = o.maxSize; size >= o.minSize; size -= step) {
    const lines = wrapText(text, o.face, o.maxWidth / size, ls);
    if (lines.length <= linesAllowed(size, o)) {
      return result(size, lines.length > 1 ? balancedWrap(text, o.face, o.maxWidth / size, lines.length, ls) : lines, false);
    }
  }
  const size = o.minSize;
  const allowed = linesAllowed(size, o);
  const lines = wrapText(text, o.face, o.maxWidth / size, ls);
  const kept = lines.slice(0, allowed);
  const rest = lines.slice(allowed - 1, allowed + 1).join(' ');
  kept[allowed - 1] = ellipsize(rest, o.face, o.maxWidth / size, ls);
  return result(size, kept, true);
}
