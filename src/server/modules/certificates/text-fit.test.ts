import { describe, expect, it } from 'vitest';
import { measureEm, type FontFace } from '@/server/lib/fonts';
import { balancedWrap, ellipsize, fitText, wrapText } from './text-fit';

const SERIF: FontFace = { family: 'display', weight: 600 };
const SANS: FontFace = { family: 'sans', weight: 400 };

describe('measureEm', () => {
  it('measures with the shipped fonts (kerning included) and scales with letter-spacing', () => {
    const plain = measureEm('Dana Whitfield', SERIF);
    expect(plain).toBeGreaterThan(5);
    expect(plain).toBeLessThan(9);
    expect(measureEm('Dana Whitfield', SERIF, 0.1)).toBeCloseTo(plain + 1.4, 5);
    expect(measureEm('WWWW', SANS)).toBeGreaterThan(measureEm('iiii', SANS) * 2);
  });

  it('estimates characters the fonts lack instead of failing (CJK ≈ 1em each)', () => {
    expect(measureEm('山田太郎', SERIF)).toBeCloseTo(4, 5);
    expect(measureEm('José Ñúñez Zoë', SERIF)).toBeGreaterThan(0);
  });
});

describe('fitText', () => {
  const box = { face: SERIF, maxWidth: 2000, maxSize: 170, minSize: 80, maxLines: 2, maxHeight: 210, lineHeight: 1.08 };

  it('keeps a short name at full size on one line', () => {
    const fit = fitText('Dana Whitfield', box);
    expect(fit).toMatchObject({ size: 170, lines: ['Dana Whitfield'], truncated: false });
  });

  it('shrinks a long name before wrapping it, and never exceeds the box', () => {
    const name = 'Maximiliana Alexandrina Montgomery-Featherstonehaugh de la Vega y Bustamante III';
    const fit = fitText(name, box);
    expect(fit.size).toBeLessThan(170);
    expect(fit.size).toBeGreaterThanOrEqual(80);
    expect(fit.lines.length).toBeLessThanOrEqual(2);
    expect(fit.lines.length * fit.size * fit.lineHeight).toBeLessThanOrEqual(210 + 1e-6);
    for (const w of fit.widths) expect(w).toBeLessThanOrEqual(2000);
    expect(fit.lines.join(' ').replace('- ', '-')).toBe(name); // nothing lost: hyphenated names may break after the hyphen
  });

  it('ellipsises at the minimum size when nothing else helps', () => {
    const fit = fitText('Lorem ipsum dolor sit amet '.repeat(200), { face: SANS, maxWidth: 1800, maxSize: 42, minSize: 28, maxLines: 4, maxHeight: 200, lineHeight: 1.32 });
    expect(fit.size).toBe(28);
    expect(fit.truncated).toBe(true);
    expect(fit.lines.length).toBeLessThanOrEqual(4);
    expect(fit.lines.at(-1)).toMatch(/…$/);
    for (const w of fit.widths) expect(w).toBeLessThanOrEqual(1800);
  });

  it('breaks a single word wider than the box between graphemes (no spaces, emoji, CJK)', () => {
    const fit = fitText('A'.repeat(200), { face: SERIF, maxWidth: 1000, maxSize: 100, minSize: 60, maxLines: 3 });
    for (const w of fit.widths) expect(w).toBeLessThanOrEqual(1000);
    const family = fitText('👨‍👩‍👧‍👦'.repeat(60), { face: SERIF, maxWidth: 500, maxSize: 60, minSize: 40, maxLines: 2 });
    for (const line of family.lines) expect(line.replace(/…$/, '')).toMatch(/^(👨‍👩‍👧‍👦)+$/u); // a family emoji is never split
    expect(fitText('山田太郎', box).lines).toEqual(['山田太郎']);
  });

  it('balances multi-line text instead of leaving a short last line', () => {
    const text = 'For replying “Thanks!” to the all-company holiday schedule, twice, and then apologising to everyone for the noise.';
    const greedy = wrapText(text, SANS, 1800 / 42);
    const balanced = balancedWrap(text, SANS, 1800 / 42, greedy.length);
    expect(balanced.length).toBe(greedy.length);
    const spread = (lines: string[]) => Math.max(...lines.map((l) => l.length)) - Math.min(...lines.map((l) => l.length));
    expect(spread(balanced)).toBeLessThan(spread(greedy));
  });

  it('returns an empty block for empty text', () => {
    expect(fitText('', box).lines).toEqual([]);
  });

  it('ellipsize shortens to fit', () => {
    const out = ellipsize('A very long nominator name that goes on', SANS, 8);
    expect(out.endsWith('…')).toBe(true);
    expect(measureEm(out, SANS)).toBeLessThanOrEqual(8);
  });
});
