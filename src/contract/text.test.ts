import { describe, expect, it } from 'vitest';
import { normaliseLine, stripInvisible } from './text';

describe('normaliseLine (names and one-line texts, docs/decisions/018)', () => {
  it.each([
    ['right-to-left override and pop', 'Alice\u202Etxt.exe\u202C', 'Alicetxt.exe'],
    ['embeddings', '\u202Aa\u202Bb\u202Dc', 'abc'],
    ['isolates', '\u2066Mallory\u2069 \u2067x\u2068', 'Mallory x'],
    ['left-to-right, right-to-left and Arabic letter marks', '\u200EDana\u200F\u061C', 'Dana'],
    ['zero-width space, word joiner and BOM', 'Zero\u200Bwidth\u2060\uFEFF', 'Zerowidth'],
    ['controls', 'Bell\u0007 and\u0085 escape\u001B[31m', 'Bell and escape[31m'],
    ['line breaks and runs of spaces', ' Two\r\nlines \t here ', 'Two lines here'],
    ['a space left behind by a removed character', 'a \u202E b', 'a b'],
    ['NFC', 'Cafe\u0301', 'Café'],
  ])('%s', (_label, input, output) => {
    expect(normaliseLine(input)).toBe(output);
  });

  it('keeps what people write: other scripts, joiners in emoji sequences', () => {
    expect(normaliseLine('محمد 李雷 👩\u200D🔬 Zoë')).toBe('محمد 李雷 👩\u200D🔬 Zoë');
    expect(stripInvisible('a\u200Cb')).toBe('a\u200Cb');
  });

  it('leaves nothing of a name made only of such characters', () => {
    expect(normaliseLine('\u202E\u2066\u200F \u200B')).toBe('');
  });
});
