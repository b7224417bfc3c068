import { readFileSync } from 'node:fs';
import { create } from 'fontkit';
import { describe, expect, it } from 'vitest';
import { fontFor, fontPath, loadFont } from './fonts';

/** fontkit's own glyph objects, by glyph id (what a PDF's text map is written from). */
type Glyphs = { _glyphs: Record<number, { codePoints: number[] }>; getGlyph(id: number): { codePoints: number[] }; glyphForCodePoint(cp: number): { id: number } };

describe('fonts shared by the certificates and the invoices', () => {
  const bold = { family: 'sans', weight: 700 } as const;

  it('a glyph first reached without its character maps to no text: the hazard, on a font parsed bare', () => {
    const bare = create(readFileSync(fontPath(bold))) as unknown as Glyphs;
    const period = bare.glyphForCodePoint(46).id;
    const fresh = create(readFileSync(fontPath(bold))) as unknown as Glyphs;
    // As a layout substitution reaches it: by id alone.
    expect(fresh.getGlyph(period).codePoints).toEqual([]);
  });

  it('every common character’s glyph keeps its character, whatever reaches it first afterwards', () => {
    const bare = create(readFileSync(fontPath(bold))) as unknown as Glyphs;
    const font = loadFont(fontPath(bold)) as unknown as Glyphs;
    for (const ch of '.,:$€£−–—0123456789') {
      const cp = ch.codePointAt(0)!;
      // Reached by id first, as a substitution would: it still knows its character.
      expect(font.getGlyph(bare.glyphForCodePoint(cp).id).codePoints, ch).toContain(cp);
    }
    const shared = fontFor(bold) as unknown as Glyphs;
    expect(shared.getGlyph(shared.glyphForCodePoint(46).id).codePoints).toEqual([46]);
  });
});
