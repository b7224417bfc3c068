import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { describe, expect, it } from 'vitest';
import { escapeCell, unescapeCell } from './csv';

describe('escapeCell and unescapeCell', () => {
  it("puts a ' before text a spreadsheet would run as a formula (OWASP: =, +, -, @, tab, carriage return)", () => {
    expect(['=1+2+3', '+1', '-2+3', '@SUM(A1)', '\t=1', '\r=1', '\uFF1D1'].map(escapeCell)).toEqual([
      "'=1+2+3",
      "'+1",
      "'-2+3",
      "'@SUM(A1)",
      "'\t=1",
      "'\r=1",
      "'\uFF1D1",
    ]);
    expect(['google.com', 'a=1', ' =1', '', "'quoted", 'Ünïcode'].map(escapeCell)).toEqual(['google.com', 'a=1', ' =1', '', "'quoted", 'Ünïcode']);
  });

  it('is undone exactly by unescapeCell, also for text that already starts with quotes', () => {
    for (const text of ['=1+2', "'=1+2", "''-x", "'plain", 'plain', '', "'", '-', '@']) {
      expect(unescapeCell(escapeCell(text))).toBe(text);
    }
    expect(escapeCell("'=1+2")).toBe("''=1+2");
    expect(unescapeCell("'note")).toBe("'note");
  });

  it('leaves the quoting to csv-stringify, and numbers as numbers', () => {
    const csv = stringify([['=HYPERLINK("x","y")', -5, 'a, b']], { cast: { string: escapeCell } });
    expect(csv).toBe(`"'=HYPERLINK(""x"",""y"")",-5,"a, b"\n`);
    expect((parse(csv) as string[][])[0]!.map(unescapeCell)).toEqual(['=HYPERLINK("x","y")', '-5', 'a, b']);
  });
});
