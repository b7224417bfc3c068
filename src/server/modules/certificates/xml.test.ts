import { describe, expect, it } from 'vitest';
import { assertWellFormedXml } from './test-support';
import { cleanText, escapeXml, smartQuotes } from './xml';

describe('escapeXml', () => {
  it('escapes the five markup characters and nothing else', () => {
    expect(escapeXml(`<a href="x" title='y'>&amp;</a> Zoë`)).toBe('&lt;a href=&quot;x&quot; title=&apos;y&apos;&gt;&amp;amp;&lt;/a&gt; Zoë');
  });

  it('keeps hostile text inert inside an element and inside an attribute', () => {
    const hostile = `</text><script>alert(1)</script>"' onload="x" ]]> &`;
    assertWellFormedXml(`<svg><text data-x="${escapeXml(hostile)}">${escapeXml(hostile)}</text></svg>`);
  });
});

describe('cleanText', () => {
  it('drops characters XML cannot carry and bidi controls, collapses whitespace', () => {
    expect(cleanText('  Dana\u0000 \u0007Whit\u202Efield\n\t Jr. \uFFFF ')).toBe('Dana Whitfield Jr.');
  });

  it('replaces lone surrogates and keeps real astral characters', () => {
    expect(cleanText('a\uD800b 🏆')).toBe('a\uFFFDb 🏆');
  });

  it('normalises to NFC so the same name always measures and hashes the same', () => {
    expect(cleanText('Jose\u0301')).toBe('José');
  });
});

describe('smartQuotes', () => {
  it('curls quotes and apostrophes', () => {
    expect(smartQuotes(`"Thanks!" it's 'fine' — "ok"`)).toBe('“Thanks!” it’s ‘fine’ — “ok”');
    expect(smartQuotes("O'Brien")).toBe('O’Brien');
  });
});
