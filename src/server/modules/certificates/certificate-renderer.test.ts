import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PDFDocument, PDFName, PDFRawStream } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CertificateRenderer,
  PRINT_SIZE,
  SHARE_SIZE,
  TEMPLATE_SLUGS,
  certificateCacheKey,
  renderCertificateSvg,
  renderPdf,
  renderPrintPng,
  renderSharePng,
} from './certificate-renderer';
import { isPng, pngPhys, pngSize } from './raster';
import { HOSTILE_NAME, sampleCertificate } from './test-support';

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
  it('has one A4 landscape page with the print render and metadata', async () => {
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const doc = await PDFDocument.load(pdf, { updateMetadata: false });
    expect(doc.getPageCount()).toBe(1);
    const { width, height } = doc.getPage(0).getSize();
    expect([Math.round(width), Math.round(height)]).toEqual([842, 595]);
    expect(doc.getTitle()).toBe('Distinguished Service in Reply-All — Dana Whitfield');
    expect(doc.getAuthor()).toBe('Certifiable');
    expect(doc.getSubject()).toBe('Certifiable certificate CF-7Q2K9');
    expect(doc.getCreationDate()?.toISOString()).toBe('2026-11-22T00:00:00.000Z');
    const images = doc.context
      .enumerateIndirectObjects()
      .map(([, obj]) => obj)
      .filter((obj): obj is PDFRawStream => obj instanceof PDFRawStream && obj.dict.get(PDFName.of('Subtype')) === PDFName.of('Image'));
    expect(images).toHaveLength(1);
    expect(images[0]?.dict.get(PDFName.of('Width'))?.toString()).toBe('3508');
    expect(images[0]?.dict.get(PDFName.of('Height'))?.toString()).toBe('2480');
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
