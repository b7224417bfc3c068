import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { emblemDataUri, sanitizeEmblemSvg } from './emblem';

const decode = (uri: string | null) => Buffer.from((uri ?? '').replace(/^data:image\/svg\+xml;base64,/, ''), 'base64').toString('utf8');

describe('award emblems', () => {
  it('embeds every shipped emblem', () => {
    const dir = join(import.meta.dirname, '../../../web/public/awards');
    const files = readdirSync(dir).filter((f) => f.endsWith('.svg'));
    expect(files.length).toBeGreaterThan(10);
    for (const file of files) {
      expect(emblemDataUri(readFileSync(join(dir, file), 'utf8')), file).toMatch(/^data:image\/svg\+xml;base64,/);
    }
  });

  it('strips scripts, foreignObject, event handlers, style sheets and external references', () => {
    const hostile =
      `<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY x "boom">]>` +
      `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 10 10" onload="alert(1)">` +
      `<script>alert(2)</script><script src="https://evil.example/x.js"/>` +
      `<foreignObject><iframe src="https://evil.example"></iframe></foreignObject>` +
      `<style>@import url(https://evil.example/a.css); circle { fill: red }</style>` +
      `<image href="https://evil.example/track.png" width="1" height="1"/>` +
      `<use xlink:href="https://evil.example/s.svg#a"/>` +
      `<linearGradient id="g"><stop offset="0" stop-color="red"/></linearGradient>` +
      `<circle cx="5" cy="5" r="4" fill="url(#g)" stroke="url(https://evil.example/p)" onclick='alert(3)' ONMOUSEOVER=alert(4) style="fill: blue; opacity: 0.5; background: url(https://evil.example/b)"/>` +
      `<use href="#g"/>` +
      `</svg>`;
    const clean = sanitizeEmblemSvg(hostile) ?? '';
    expect(clean).not.toMatch(/<script|foreignObject|iframe|<style|<!DOCTYPE|<!ENTITY|<\?xml/i);
    expect(clean).not.toMatch(/\son[a-z]+\s*=/i);
    expect(clean).not.toContain('evil.example');
    expect(clean).toContain('fill="url(#g)"');
    expect(clean).toContain('href="#g"');
    expect(clean).toContain('style="fill: blue');
    expect(clean).not.toContain('opacity');
    expect(decode(emblemDataUri(hostile))).toBe(clean);
  });

  it('removes compositing that crashes resvg 2.6 when it lies off-canvas', () => {
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><g opacity="0.5" filter="url(#f)" mask="url(#m)" clip-path="url(#c)"><circle cx="500" cy="5" r="4"/></g></svg>`;
    expect(sanitizeEmblemSvg(svg)).toBe(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><g><circle cx="500" cy="5" r="4"/></g></svg>`);
  });

  it('rejects what is not a usable SVG (malformed, not SVG, too big)', () => {
    expect(emblemDataUri(null)).toBeNull();
    expect(emblemDataUri('')).toBeNull();
    expect(emblemDataUri('<html><body>no</body></html>')).toBeNull();
    expect(emblemDataUri('<svg xmlns="http://www.w3.org/2000/svg"><circle r="1"></svg>')).toBeNull();
    expect(emblemDataUri(`<svg xmlns="http://www.w3.org/2000/svg"><desc>${'x'.repeat(300_000)}</desc></svg>`)).toBeNull();
  });
});
