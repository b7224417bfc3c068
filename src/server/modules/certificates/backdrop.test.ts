import { createRequire } from 'node:module';
import type * as UpngModule from '@pdf-lib/upng';
import { describe, expect, it } from 'vitest';
import { OVERLAY_BANDS, ROWS_PER_STRIP, frameStats, overlayBands, pixelFrame, stripFrame } from './backdrop';
import { PRINT_SIZE, SHARE_SIZE, TEMPLATE_SLUGS, renderPrintPng, renderSharePng } from './certificate-renderer';
import { bandAlignment, certificateRoot, drawCertificate } from './certificate-svg';
import { inlineEmblems } from './inline-emblems';
import { pngPhys, pngSize, rasterize } from './raster';
import { shareLayers, shareSvg } from './share-image';
import { HOSTILE_NAME, HOSTILE_REASON, decodePng, pixelDifference, readPngChunks, sampleCertificate } from './test-support';

const UPNG = (createRequire(import.meta.url)('@pdf-lib/upng') as { default: typeof UpngModule }).default;

/** Every field a certificate's own, and the brand name: nothing of it may reach the frame. */
const OTHER = sampleCertificate({
  certificateNumber: 'CF-ZZZZZ',
  awardTitle: 'Most Improved Stapler',
  awardTagline: null,
  awardDescription: 'Another award altogether.',
  awardEmblemSvg: null,
  nomineeName: HOSTILE_NAME,
  reason: HOSTILE_REASON,
  issuedAt: new Date('2031-02-03T00:00:00Z'),
  nominatorName: null,
  verifyUrl: 'https://elsewhere.example/c/CF-ZZZZZ',
  brandName: 'Zebra & Sons Registry',
});

describe('the layers', () => {
  it.each(TEMPLATE_SLUGS)('%s: the frame is the same for every certificate and brand; the overlay carries the rest', (slug) => {
    const a = drawCertificate(sampleCertificate(), slug);
    const b = drawCertificate(OTHER, slug);
    expect(b.layers.frame).toBe(a.layers.frame);
    expect(shareLayers(b).frame).toBe(shareLayers(a).frame);
    expect(b.layers.overlay).not.toBe(a.layers.overlay);
    // The two layers are the drawing: the frame, then the rest — which the overlay draws after the frame's defs.
    const content = a.inner.replace(/^<title>[^<]*<\/title>/, '');
    expect(content.startsWith(a.layers.frame)).toBe(true);
    const rest = content.slice(a.layers.frame.length);
    expect(rest.length).toBeGreaterThan(0);
    expect(a.layers.overlay.endsWith(rest)).toBe(true);
    expect(a.layers.frame.startsWith(a.layers.overlay.slice(0, a.layers.overlay.length - rest.length))).toBe(true);
  });
});

describe('the print PNG, drawn over a kept frame', () => {
  it.each(['classic-parchment', 'retro', 'kids-crayon'])('%s: the pixels of the page drawn at once, within rounding; RGB at 300 DPI', async (slug) => {
    const data = sampleCertificate({ nomineeName: HOSTILE_NAME, reason: HOSTILE_REASON });
    const png = await renderPrintPng(data, slug);
    expect(pngSize(png)).toEqual(PRINT_SIZE);
    expect(pngPhys(png)).toEqual({ x: 11811, y: 11811, unit: 1 });
    const chunks = readPngChunks(png); // CRCs and the zlib stream's Adler-32 checked
    expect([...chunks.ihdr.subarray(8)]).toEqual([8, 2, 0, 0, 0]); // 8 bits, RGB, not interlaced
    expect(chunks.data.length).toBe(PRINT_SIZE.height * (1 + PRINT_SIZE.width * 3));

    const whole = await rasterize(inlineEmblems(certificateRoot(drawCertificate(data, slug), PRINT_SIZE)).svg, PRINT_SIZE.width);
    const diff = pixelDifference(decodePng(png).rgba, whole.pixels);
    // Source-over of the overlay onto the frame rounds once more than drawing onto the frame did: a level here and
    // there (measured: 99.5 % of channels equal, the rest 1 apart but for a few thousandths of a percent 2–3). The
    // overlay is drawn in bands (OVERLAY_BANDS), each shifted by whole pixels: a shape's edge may still catch one
    // anti-aliasing sample more or less at a handful of pixels (measured: 4 channels of 26 million, 13 levels), never
    // a seam — the band cut is checked on its own below.
    expect(diff.over(3)).toBeLessThan(1e-6);
    expect(diff.over(1)).toBeLessThan(0.0001);
    expect(diff.mean).toBeLessThan(0.01);
  });

  it('draws the overlay in bands that cover the page, each cut on a strip and drawn with a margin on whole units', () => {
    expect(bandAlignment(PRINT_SIZE)).toBe(124); // 2480 px : 2100 units = 124 : 105
    const alignment = bandAlignment(PRINT_SIZE);
    const bands = overlayBands(PRINT_SIZE.height, alignment);
    expect(bands.length).toBe(OVERLAY_BANDS);
    expect(bands[0]!.y).toBe(0);
    for (const [i, band] of bands.entries()) {
      expect(band.y % ROWS_PER_STRIP).toBe(0);
      expect((band.y - band.top) % alignment).toBe(0); // the band's drawing starts on a whole unit of the drawing
      if (i > 0) expect(band.top).toBeGreaterThanOrEqual(128); // room for a shadow drawn across the cut
      expect(band.y - band.top + band.drawn).toBeLessThanOrEqual(PRINT_SIZE.height);
      expect(band.y + band.rows).toBe(bands[i + 1]?.y ?? PRINT_SIZE.height);
    }
  });

  it('leaves no seam where two bands meet: the rows around each cut are those of the page drawn at once', async () => {
    // classic-parchment's seal casts a shadow across the cut; drawn without a margin, rows 80 above the cut differed.
    const data = sampleCertificate();
    const png = await renderPrintPng(data, 'classic-parchment');
    const whole = (await rasterize(inlineEmblems(certificateRoot(drawCertificate(data, 'classic-parchment'), PRINT_SIZE)).svg, PRINT_SIZE.width)).pixels;
    const page = decodePng(png).rgba;
    const rowBytes = PRINT_SIZE.width * 4;
    for (const band of overlayBands(PRINT_SIZE.height, bandAlignment(PRINT_SIZE)).slice(1)) {
      const from = (band.y - 160) * rowBytes;
      const to = (band.y + 160) * rowBytes;
      expect(pixelDifference(page.subarray(from, to), whole.subarray(from, to)).max).toBeLessThanOrEqual(3);
    }
  });

  it('keeps each frame once: the next certificate in the template draws no frame', async () => {
    await renderPrintPng(sampleCertificate({ nomineeName: 'First' }), 'gold-foil');
    const before = frameStats();
    const png = await renderPrintPng(OTHER, 'gold-foil');
    expect(frameStats()).toMatchObject({ drawn: before.drawn, frames: before.frames });
    expect(pngSize(png)).toEqual(PRINT_SIZE);
    // Deflated scanlines of a page, or share pixels: a few MB a frame; one print frame's scanlines kept inflated.
    expect(before.bytes / before.frames).toBeLessThan(4 * 1024 * 1024);
    expect(before.inflated).toBe(PRINT_SIZE.height * (1 + PRINT_SIZE.width * 3));
  });

  it('a frame drawn ahead of need gives way between strips, but not to a render that waits for it', async () => {
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="64" height="200"><rect width="64" height="200" fill="#1f3a7a"/></svg>';
    let turns = 0;
    let renderDone!: () => void;
    const renderUnderWay = new Promise<void>((resolve) => (renderDone = resolve));
    // Drawn in the background while a render is under way: it waits for that render at its first turn…
    const background = stripFrame(svg, 64, { giveWay: () => (turns++, renderUnderWay) });
    await new Promise((resolve) => setImmediate(resolve));
    expect(turns).toBe(1);
    // …until the render turns out to need this very frame: then it is drawn, not left waiting on the render.
    const wanted = await stripFrame(svg, 64);
    expect(wanted).toMatchObject({ width: 64, height: 200 });
    expect(wanted!.strips).toHaveLength(Math.ceil(200 / 32));
    expect(await background).toBe(wanted);
    expect(turns).toBe(1);
    renderDone();
  });

  it('a frame with transparency is not kept: the certificate is drawn whole', async () => {
    const see = '<svg xmlns="http://www.w3.org/2000/svg" width="64" height="32"><rect width="64" height="16" fill="#c8102e"/></svg>';
    expect(await stripFrame(see, 64)).toBeNull();
    expect(await pixelFrame(see, 64)).toBeNull();
    const opaque = '<svg xmlns="http://www.w3.org/2000/svg" width="64" height="40"><rect width="64" height="40" fill="#c8102e"/></svg>';
    expect(await stripFrame(opaque, 64)).toMatchObject({ width: 64, height: 40 });
  });
});

/** Premultiplied RGBA (resvg's) laid over opaque RGBA, source-over, rounded as backdrop.ts does. */
function over(top: Uint8Array, under: Uint8Array): Uint8Array {
  const out = Uint8Array.from(under);
  for (let i = 0; i < top.length; i += 4) {
    const rest = 255 - top[i + 3]!;
    for (let c = 0; c < 3; c++) out[i + c] = top[i + c]! + Math.round((under[i + c]! * rest) / 255);
  }
  return out;
}

describe('the share image, drawn over a kept frame', () => {
  it.each(TEMPLATE_SLUGS)('%s: its left column drawn after the card, not before, changes no pixel; the card composites within rounding', async (slug) => {
    // The longest column there is: three lines of name, four of award title, a footer at its widest.
    const data = sampleCertificate({ nomineeName: 'Maximiliana Wolfeschlegelsteinhausen-Bergerdorff', awardTitle: 'Most Distinguished Service in the Art of Replying to All, Twice', verifyUrl: 'https://certificates.an-unusually-long-shop-name.example/c/CF-7Q2K9' });
    const drawing = drawCertificate(data, slug);
    const layers = shareLayers(drawing);
    const [whole, frame, overlay] = await Promise.all([shareSvg(drawing), layers.frame, layers.overlay].map(async (svg) => (await rasterize(inlineEmblems(svg).svg, SHARE_SIZE.width)).pixels));
    const composited = over(overlay!, frame!);
    // The column (the left 400 px, rows of 4 bytes a pixel): the same pixels, but for rounding.
    const columnOf = (rgba: Uint8Array) => {
      const out = new Uint8Array(400 * SHARE_SIZE.height * 4);
      for (let y = 0; y < SHARE_SIZE.height; y++) out.set(rgba.subarray(y * SHARE_SIZE.width * 4, (y * SHARE_SIZE.width + 400) * 4), y * 400 * 4);
      return out;
    };
    expect(pixelDifference(columnOf(composited), columnOf(whole!)).max).toBeLessThanOrEqual(1);
    // The card: one more rounding where the overlay's translucent layers stack (retro's scanlines, at this scale:
    // up to 6 levels at about 0.1 % of the channel values).
    const diff = pixelDifference(composited, whole!);
    expect(diff.max).toBeLessThanOrEqual(6);
    expect(diff.over(1)).toBeLessThan(0.002);
  });


  it.each(TEMPLATE_SLUGS)('%s: a 1200×630 palette PNG that looks like the certificate drawn at once', async (slug) => {
    const data = sampleCertificate({ nomineeName: HOSTILE_NAME });
    const png = await renderSharePng(data, slug);
    expect(pngSize(png)).toEqual(SHARE_SIZE);
    const chunks = readPngChunks(png);
    expect([...chunks.ihdr.subarray(8)]).toEqual([8, 3, 0, 0, 0]); // 8 bits, palette
    expect(chunks.plte!.length).toBeLessThanOrEqual(256 * 3);
    expect(png.length).toBeLessThan(300 * 1024);

    const whole = (await rasterize(inlineEmblems(shareSvg(drawCertificate(data, slug))).svg, SHARE_SIZE.width)).pixels;
    const ours = pixelDifference(decodePng(png).rgba, whole);
    // The same picture in 256 colours, as close as UPNG's quantiser (the one before) came on it.
    const before = UPNG.quantize(whole.buffer.slice(whole.byteOffset, whole.byteOffset + whole.byteLength) as ArrayBuffer, 256);
    const upng = pixelDifference(new Uint8Array(before.abuf), whole);
    expect(ours.rmse).toBeLessThan(Math.max(1.6, upng.rmse * 1.15));
    expect(ours.max).toBeLessThanOrEqual(Math.max(48, upng.max));
  });
});
