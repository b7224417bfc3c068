import { Resvg } from '@resvg/resvg-js';
import { Window } from 'happy-dom';
import { describe, expect, it } from 'vitest';
import { TEMPLATE_SLUGS } from './certificate-data';
import { drawCertificate, renderCertificateSvg } from './certificate-svg';
import { RESVG_FONT_OPTIONS } from '@/server/lib/fonts';
import { HOSTILE_NAME, HOSTILE_REASON, assertWellFormedXml, awardEmblem, sampleCertificate } from './test-support';

const window = new Window();

function parse(svg: string) {
  const doc = new window.DOMParser().parseFromString(svg, 'image/svg+xml');
  expect(doc.getElementsByTagName('parsererror').length).toBe(0);
  return doc;
}

/** All text a reader sees, lines joined with spaces (wrapping splits long fields). */
function visibleText(svg: string): string {
  const doc = parse(svg);
  return Array.from(doc.querySelectorAll('text'))
    .map((t) => t.textContent ?? '')
    .join(' ')
    .replace(/\s+/g, ' ');
}

function attributes(svg: string): string[] {
  const doc = parse(svg);
  return Array.from(doc.querySelectorAll('*')).flatMap((el) => Array.from(el.attributes).map((a) => a.name.toLowerCase()));
}

describe.each(TEMPLATE_SLUGS)('%s', (slug) => {
  const data = sampleCertificate();
  const svg = renderCertificateSvg(data, slug);

  it('is well-formed SVG that resvg accepts, A4 landscape', () => {
    assertWellFormedXml(svg);
    expect(() => new Resvg(svg, { font: RESVG_FONT_OPTIONS })).not.toThrow();
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" width="2970" height="2100" viewBox="0 0 2970 2100"/);
    expect(svg).toContain(`data-template="${slug}"`);
  });

  it('shows everything a certificate needs', () => {
    const text = visibleText(svg).toLowerCase();
    for (const expected of [
      'certifiable',
      'certificate of achievement',
      'dana whitfield',
      'distinguished service in reply-all',
      'everyone needed to know. everyone now knows.',
      'for replying “thanks!” to the all-company holiday schedule',
      'sam from accounts',
      'nominated by',
      'chief officer of dubious honours',
      'registrar of questionable merit',
      'no. cf-7q2k9',
      'verify at certifiable.example',
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).toMatch(/22 november 2026|2026-11-22/);
    expect(svg).toContain('<g class="qr"');
    expect(svg).toContain('<g class="seal"');
    expect(svg).toContain('href="data:image/svg+xml;base64,'); // the award emblem
    expect(svg).toMatch(/<title>Certifiable certificate CF-7Q2K9: Distinguished Service in Reply-All, awarded to Dana Whitfield on 22 November 2026<\/title>/);
  });

  it('falls back to the award description and to "Anonymous"', () => {
    const text = visibleText(renderCertificateSvg(sampleCertificate({ reason: '   ', nominatorName: null }), slug)).toLowerCase();
    expect(text).toContain('sustained excellence in replying ‘sounds good’');
    expect(text).toContain('anonymous');
  });

  it('keeps hostile text as text', () => {
    const out = renderCertificateSvg(sampleCertificate({ nomineeName: HOSTILE_NAME, reason: HOSTILE_REASON, nominatorName: '"><script>alert(5)</script>', certificateNumber: 'CF-<b>&' }), slug);
    assertWellFormedXml(out);
    expect(() => new Resvg(out, { font: RESVG_FONT_OPTIONS })).not.toThrow();
    expect(out).not.toMatch(/<script|<foreignObject|<iframe|<!\[CDATA\[/i);
    expect(attributes(out).filter((name) => name.startsWith('on'))).toEqual([]);
    const doc = parse(out);
    expect(doc.querySelectorAll('script, foreignObject, iframe').length).toBe(0);
    // Compare without whitespace (lines wrap, narrow boxes break words) and case (retro sets capitals).
    const squash = (t: string) => t.replace(/\s+/g, '').toLowerCase();
    const seen = squash(visibleText(out));
    expect(seen).toContain(squash('</text><script>alert(1)</script> & “Zoë” <svg onload=alert(2)> ]]>'));
    expect(seen).toContain(squash('<foreignObject><iframe src='));
    expect(seen).toContain(squash('javascript:alert(3)”></iframe></foreignObject> ‘quoted’ & <![CDATA[ x ]]> <text onclick='));
    expect(seen).toContain(squash('<script>alert(5)</script>'));
    expect(seen).toContain(squash('No. CF-<b>&'));
    expect(out).toContain('&lt;/text&gt;&lt;');
  });

  it('fits long names and reasons inside their boxes', () => {
    const d = drawCertificate(
      sampleCertificate({
        nomineeName: 'Maximiliana Alexandrina Montgomery-Featherstonehaugh de la Vega y Bustamante III',
        awardTitle: 'Order of the Meeting That Could Have Been an Email, Extended Edition With Appendices',
        reason: 'Convened, chaired and then rescheduled the same meeting about the meeting. '.repeat(12),
        nominatorName: 'A very long nominator name that goes on and on for quite a while indeed',
      }),
      slug,
    );
    for (const [field, fit] of Object.entries(d.layout)) {
      expect(fit.lines.length, field).toBeGreaterThan(0);
      expect(fit.lines.length, field).toBeLessThanOrEqual(fit.maxLines);
      expect(fit.size, field).toBeGreaterThanOrEqual(fit.minSize);
      for (const w of fit.widths) expect(w, field).toBeLessThanOrEqual(fit.maxWidth + 0.01);
    }
    expect(d.layout.nominee.size).toBeLessThan(d.layout.nominee.maxSize);
    expect(d.layout.citation.truncated).toBe(true);
    expect(d.layout.citation.lines.at(-1)).toMatch(/…$/);
    const short = drawCertificate(sampleCertificate(), slug);
    expect(short.layout.nominee.size).toBe(short.layout.nominee.maxSize);
    expect(short.layout.nominee.lines).toHaveLength(1);
  });

  it('renders Unicode names, and CJK without crashing', () => {
    for (const nomineeName of ['José Ñúñez', 'Zoë Brontë-Łukasiewicz', '山田太郎', 'Ōtsuka 👩🏽‍🚀']) {
      const out = renderCertificateSvg(sampleCertificate({ nomineeName }), slug);
      assertWellFormedXml(out);
      expect(visibleText(out).toLowerCase()).toContain(nomineeName.toLowerCase());
      expect(() => new Resvg(out, { font: RESVG_FONT_OPTIONS, fitTo: { mode: 'width', value: 600 } }).render()).not.toThrow();
    }
  });

  it('uses no compositing that resvg 2.6 could crash on (group opacity, filters, masks, clips)', () => {
    // resvg aborts the process when such a layer is entirely off-canvas; we keep to fill/stroke-opacity.
    expect(attributes(svg).filter((name) => ['opacity', 'filter', 'mask', 'clip-path'].includes(name))).toEqual([]);
  });
});

describe('templates', () => {
  it('differ from each other', () => {
    const svgs = TEMPLATE_SLUGS.map((slug) => renderCertificateSvg(sampleCertificate(), slug).replace(/data-template="[^"]+"/, ''));
    expect(new Set(svgs).size).toBe(TEMPLATE_SLUGS.length);
  });

  it('differ visibly: different dominant colours', () => {
    const colours = TEMPLATE_SLUGS.map((slug) => {
      const image = new Resvg(renderCertificateSvg(sampleCertificate(), slug), { font: RESVG_FONT_OPTIONS, fitTo: { mode: 'width', value: 297 } }).render();
      const px = image.pixels;
      const sum = [0, 0, 0];
      for (let i = 0; i < px.length; i += 4) for (let c = 0; c < 3; c++) sum[c] = (sum[c] as number) + (px[i + c] as number);
      return sum.map((s) => s / (px.length / 4));
    });
    for (let a = 0; a < colours.length; a++) {
      for (let b = a + 1; b < colours.length; b++) {
        const distance = Math.hypot(...(colours[a] as number[]).map((v, i) => v - ((colours[b] as number[])[i] as number)));
        expect(distance, `${TEMPLATE_SLUGS[a]} vs ${TEMPLATE_SLUGS[b]}`).toBeGreaterThan(8);
      }
    }
  });

  it('fall back to classic parchment for an unknown slug', () => {
    expect(renderCertificateSvg(sampleCertificate(), 'no-such-template')).toBe(renderCertificateSvg(sampleCertificate(), 'classic-parchment'));
  });

  it('draw a plain medal when the award has no usable emblem', () => {
    for (const awardEmblemSvg of [null, '<svg><unclosed></svg>', awardEmblem('gate-proximity-medal').replace('<svg', '<div')]) {
      const out = renderCertificateSvg(sampleCertificate({ awardEmblemSvg }), 'classic-parchment');
      expect(out).not.toContain('data:image/svg+xml');
      assertWellFormedXml(out);
    }
  });

  it('reject an invalid issue date', () => {
    expect(() => renderCertificateSvg(sampleCertificate({ issuedAt: new Date('nope') }), 'retro')).toThrow(/issuedAt/);
  });
});
