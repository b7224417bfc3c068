import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { emblemDataUri } from './emblem';
import { EmblemLoader, NO_EMBLEM } from './emblem-loader';

const shippedDir = join(import.meta.dirname, '../../../web/public/awards');
const shipped = readdirSync(shippedDir)
  .filter((f) => f.endsWith('.svg'))
  .map((file) => ({ file, svg: readFileSync(join(shippedDir, file), 'utf8') }));

describe('shipped award emblems (docs/decisions/068: emblems are our own flat art)', () => {
  it('are all embedded, byte for byte', () => {
    expect(shipped.length).toBeGreaterThan(10);
    for (const { file, svg } of shipped) {
      expect(emblemDataUri(svg), file).toBe(`data:image/svg+xml;base64,${Buffer.from(svg, 'utf8').toString('base64')}`);
    }
  });

  it('run nothing, load nothing and use no compositing (which aborts resvg 2.6 off-canvas)', () => {
    const forbidden: [string, RegExp][] = [
      ['active or foreign content', /<(script|foreignObject|iframe|object|embed|audio|video|canvas)\b/i],
      ['a style sheet', /<style\b/i],
      ['a DOCTYPE or entity', /<!(DOCTYPE|ENTITY)/i],
      ['an event handler', /\son[a-z]+\s*=/i],
      ['a reference that is not a local #fragment', /\s(xlink:)?href\s*=\s*["'](?!#)/i],
      ['a CSS url() that is not a local #fragment', /url\(\s*(?!['"]?#)/i],
      ['a compositing attribute', /\s(opacity|filter|mask|clip-path|mix-blend-mode|isolation)\s*=/i],
      ['a compositing style', /[\s;"'](opacity|filter|mask|clip-path|mix-blend-mode|isolation)\s*:/i],
    ];
    const found = shipped.flatMap(({ file, svg }) => forbidden.filter(([, re]) => re.test(svg)).map(([what]) => `${file}: ${what}`));
    expect(found).toEqual([]);
  });

  it('turn into the medal when not usable (malformed, not SVG, too big)', () => {
    expect(emblemDataUri(null)).toBeNull();
    expect(emblemDataUri('')).toBeNull();
    expect(emblemDataUri('<html><body>no</body></html>')).toBeNull();
    expect(emblemDataUri('<svg xmlns="http://www.w3.org/2000/svg"><circle r="1"></svg>')).toBeNull();
    expect(emblemDataUri(`<svg xmlns="http://www.w3.org/2000/svg"><desc>${'x'.repeat(300_000)}</desc></svg>`)).toBeNull();
  });
});

describe('EmblemLoader', () => {
  const dist = mkdtempSync(join(tmpdir(), 'certifiable-emblems-'));
  mkdirSync(join(dist, 'awards'));
  mkdirSync(join(dist, 'uploads'));
  const art = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><circle cx="5" cy="5" r="4"/></svg>';
  writeFileSync(join(dist, 'awards', 'built-only.svg'), art);
  writeFileSync(join(dist, 'uploads', 'stranger.svg'), art);
  writeFileSync(join(dist, 'secret.svg'), art);
  afterAll(() => rmSync(dist, { recursive: true, force: true }));

  it('reads our emblem files from the built app, falling back to src/web/public before a build', async () => {
    const loader = new EmblemLoader({ webDistDir: dist });
    const svgOf = async (imageUrl: string) => (await loader.get({ id: 'a', imageUrl })).awardEmblemSvg;
    expect(await svgOf('/awards/built-only.svg')).toBe(art);
    expect(await svgOf(`/awards/${shipped[0]!.file}`)).toBe(shipped[0]!.svg);
    expect(await svgOf('/awards/no-such-award.svg')).toBeNull();
  });

  it('reads nothing but /awards/{slug}.svg: no URL, upload, other folder or path trick', async () => {
    const loader = new EmblemLoader({ webDistDir: dist });
    for (const url of [
      null,
      '',
      'https://evil.example/awards/built-only.svg',
      '//evil.example/awards/built-only.svg',
      '/uploads/stranger.svg',
      '/secret.svg',
      '/awards/../secret.svg',
      '/awards/%2e%2e/secret.svg',
      '/awards/Built-Only.svg',
      '/awards/built-only.svg?x=1',
      '/awards/built-only.png',
    ]) {
      expect(await loader.get({ id: 'a', imageUrl: url }), String(url)).toEqual(NO_EMBLEM);
    }
  });
});
