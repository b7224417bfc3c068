import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CertificateRenderer,
  LEGACY_RENDERS,
  PRINT_SIZE,
  SHARE_SIZE,
  TEMPLATE_SLUGS,
  certificateCacheKey,
  renderCertificateSvg,
  renderPdf,
  renderPrintPng,
  renderSharePng,
} from './certificate-renderer';
import { isPng, palettePng, pngPhys, pngSize } from './raster';
import { HOSTILE_NAME, readPdf, sampleCertificate } from './test-support';

// Print renders are the heavy part: one of each per file, reused by the assertions.
let print: Buffer;
let pdf: Buffer;
beforeAll(async () => {
  [print, pdf] = await Promise.all([renderPrintPng(sampleCertificate(), 'gold-foil'), renderPdf(sampleCertificate(), 'classic-parchment')]);
});

describe('share image', () => {
  it.each(TEMPLATE_SLUGS)('%s: 1200×630 PNG, small enough for chat previews', async (slug) => {
    const png = await renderSharePng(sampleCertificate({ nomineeName: HOSTILE_NAME }), slug);
    expect(isPng(png)).toBe(true);
    expect(pngSize(png)).toEqual({ width: SHARE_SIZE.width, height: SHARE_SIZE.height });
    expect(png.length).toBeLessThan(300 * 1024);
  });
});

describe('print PNG', () => {
  it('is A4 landscape at 300 DPI', () => {
    expect(isPng(print)).toBe(true);
    expect(pngSize(print)).toEqual({ width: 3508, height: 2480 });
    expect(PRINT_SIZE).toEqual({ width: 3508, height: 2480 });
    expect(pngPhys(print)).toEqual({ x: 11811, y: 11811, unit: 1 });
  });
});

describe('PDF', () => {
  it('has one A4 landscape page and the metadata, dated the issue date', async () => {
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const doc = await PDFDocument.load(pdf, { updateMetadata: false });
    expect(doc.getPageCount()).toBe(1);
    const { width, height } = doc.getPage(0).getSize();
    expect([Math.round(width), Math.round(height)]).toEqual([842, 595]);
    expect(doc.getTitle()).toBe('Distinguished Service in Reply-All — Dana Whitfield');
    expect(doc.getAuthor()).toBe('Certifiable');
    expect(doc.getSubject()).toBe('Certifiable certificate CF-7Q2K9');
    expect(doc.getKeywords()).toBe('Certifiable certificate CF-7Q2K9');
    expect(doc.getCreator()).toBe('Certifiable certificate renderer');
    expect(doc.getCreationDate()?.toISOString()).toBe('2026-11-22T00:00:00.000Z');
    expect(doc.getModificationDate()?.toISOString()).toBe('2026-11-22T00:00:00.000Z');
  });

  it('is drawn in vectors: its words are text in the embedded brand fonts, and there is no picture of the page', async () => {
    const { texts, fonts, images } = await readPdf(pdf);
    for (const line of ['Dana Whitfield', 'Distinguished Service in Reply-All', 'Certificate of Achievement', 'No. CF-7Q2K9', 'Sam from Accounts', '22 November 2026']) {
      expect(texts).toContain(line);
    }
    // The citation, wrapped over lines, and the seal's legend set round a circle are text too.
    expect(texts.join(' ')).toContain('For replying “Thanks!” to the all-company holiday schedule,');
    expect(texts.join(' ')).toContain('SEAL OF DUBIOUS HONOURS');
    expect(fonts.length).toBeGreaterThanOrEqual(4);
    for (const font of fonts) {
      expect(font.embedded, font.name).toBe(true);
      // Subsets (a six-letter tag) of the very faces the PNG is drawn with.
      expect(font.name).toMatch(/^[A-Z]{6}\+(Fraunces|Inter)-\w+$/);
    }
    // The award emblem is drawn as paths: nothing in the page is a picture.
    expect(images).toEqual([]);
  });

  it('is many times smaller than the 300 DPI raster PDF it replaces', async () => {
    const raster = await LEGACY_RENDERS.pdf(sampleCertificate(), 'classic-parchment');
    expect((await readPdf(raster)).images).toEqual([{ width: 3508, height: 2480 }]);
    expect(pdf.length).toBeLessThan(200 * 1024);
    expect(pdf.length * 5).toBeLessThan(raster.length);
  });

  it.each(TEMPLATE_SLUGS)('%s: vectors and text, hostile names included', async (slug) => {
    const drawn = await renderPdf(sampleCertificate({ nomineeName: HOSTILE_NAME }), slug);
    const { texts, fonts, images } = await readPdf(drawn);
    // Retro sets names in capitals; the markup stays characters on the page.
    expect(texts.map((t) => t.toLowerCase())).toContain('</text><script>alert(1)</script>');
    expect(texts.map((t) => t.toLowerCase())).toContain('& “zoë” <svg onload=alert(2)> ]]>');
    expect(texts.join(' ')).toMatch(/Distinguished Service in Reply-All/i);
    expect(fonts.every((font) => font.embedded)).toBe(true);
    expect(images).toEqual([]);
    expect(drawn.length).toBeLessThan(200 * 1024);
  });

  it('keeps an award picture a small picture, and draws an emblem that is not flat art as one', async () => {
    const picture = palettePng(8, 8, new Uint8Array(8 * 8 * 4).fill(200)).toString('base64');
    const withPicture = await readPdf(await renderPdf(sampleCertificate({ awardEmblemSvg: null, awardPicturePng: picture }), 'retro'));
    // The picture and its transparency (a soft mask of the same size): nothing else.
    expect(withPicture.images.length).toBeGreaterThanOrEqual(1);
    expect(withPicture.images.every((i) => i.width === 8 && i.height === 8)).toBe(true);
    expect(withPicture.texts).toContain('DANA WHITFIELD');

    const gradient =
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><defs><linearGradient id="g"><stop offset="0" stop-color="#c8102e"/><stop offset="1" stop-color="#1f3a7a"/></linearGradient></defs><circle cx="5" cy="5" r="5" fill="url(#g)"/></svg>';
    const withGradientEmblem = await readPdf(await renderPdf(sampleCertificate({ awardEmblemSvg: gradient }), 'modern-minimal'));
    expect(withGradientEmblem.images.length).toBeGreaterThanOrEqual(1);
    // Drawn at the print's 300 DPI: the emblem box is a few centimetres wide, far from a page.
    for (const { width } of withGradientEmblem.images) {
      expect(width).toBeGreaterThan(200);
      expect(width).toBeLessThan(1200);
    }
  });
});

describe('CertificateRenderer', () => {
  const dirs: string[] = [];
  afterAll(async () => {
    await Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true })));
  });

  it('serves repeated renders from the cache: identical bytes, no re-render', async () => {
    const renderer = new CertificateRenderer();
    const data = sampleCertificate();
    const svg = await renderer.svg(data, 'retro');
    expect(svg).toBe(renderCertificateSvg(data, 'retro'));
    const share = await renderer.sharePng(data, 'retro');
    expect(renderer.stats.renders).toBe(2);

    const t0 = performance.now();
    const [svgAgain, shareAgain] = await Promise.all([renderer.svg({ ...data }, 'retro'), renderer.sharePng({ ...data, issuedAt: new Date(data.issuedAt) }, 'retro')]);
    expect(performance.now() - t0).toBeLessThan(50);
    expect(svgAgain).toBe(svg);
    expect(shareAgain.equals(share)).toBe(true);
    expect(renderer.stats).toMatchObject({ renders: 2, memoryHits: 2 });

    await renderer.sharePng({ ...data, nomineeName: 'Someone Else' }, 'retro');
    await renderer.sharePng(data, 'kids-crayon');
    expect(renderer.stats.renders).toBe(4);
  });

  it('keeps renders in cacheDir across restarts', async () => {
    const cacheDir = await mkdtemp(join(tmpdir(), 'cert-renderer-'));
    dirs.push(cacheDir);
    const data = sampleCertificate({ nomineeName: 'Disk Cached' });
    const first = await new CertificateRenderer({ cacheDir }).sharePng(data, 'modern-minimal');
    const restarted = new CertificateRenderer({ cacheDir });
    const again = await restarted.sharePng(data, 'modern-minimal');
    expect(again.equals(first)).toBe(true);
    expect(restarted.stats).toMatchObject({ renders: 0, diskHits: 1 });
  });

  it('keys the cache on kind, resolved template and every field', () => {
    const data = sampleCertificate();
    const key = certificateCacheKey('pdf', data, 'classic-parchment');
    expect(certificateCacheKey('pdf', { ...data }, 'unknown-slug')).toBe(key);
    expect(certificateCacheKey('print-png', data, 'classic-parchment')).not.toBe(key);
    expect(certificateCacheKey('pdf', data, 'retro')).not.toBe(key);
    for (const change of [{ reason: 'x' }, { nominatorName: null }, { awardEmblemSvg: null }, { issuedAt: new Date('2026-11-23T00:00:00Z') }, { verifyUrl: 'https://x.example/c/1' }]) {
      expect(certificateCacheKey('pdf', { ...data, ...change }, 'classic-parchment')).not.toBe(key);
    }
    expect(certificateCacheKey('pdf', { ...data, extra: 1 } as typeof data, 'classic-parchment')).toBe(key);
  });

  it('renders the same PDF bytes for the same certificate (deterministic, so cacheable anywhere)', async () => {
    const renderer = new CertificateRenderer();
    const fromCache = await renderer.pdf(sampleCertificate(), 'classic-parchment');
    expect(fromCache.equals(pdf)).toBe(true);
  });
});
