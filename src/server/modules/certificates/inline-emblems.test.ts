import { describe, expect, it } from 'vitest';
import { Resvg } from '@resvg/resvg-js';
import { certificateRoot, drawCertificate } from './certificate-svg';
import { inlineEmblems } from './inline-emblems';
import { awardEmblem, sampleCertificate } from './test-support';

const image = (svg: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100"><image x="10" y="20" width="30" height="30" href="data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}" preserveAspectRatio="xMidYMid meet"/></svg>`;

describe('inlineEmblems', () => {
  it('draws a flat emblem as a nested <svg> in the same box, without its title', () => {
    const { svg, kept } = inlineEmblems(image('<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="240" height="240" viewBox="0 0 240 240" role="img"><title>Medal</title><circle cx="120" cy="120" r="100" fill="#c8102e"/></svg>'));
    expect(kept).toBe(0);
    expect(svg).toBe(
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100"><svg x="10" y="20" width="30" height="30" viewBox="0 0 240 240" preserveAspectRatio="xMidYMid meet" overflow="visible"><circle cx="120" cy="120" r="100" fill="#c8102e"/></svg></svg>',
    );
  });

  it('inlines every shipped emblem in a certificate, which then looks the same', () => {
    const drawing = drawCertificate(sampleCertificate({ awardEmblemSvg: awardEmblem('distinguished-service-in-reply-all') }), 'modern-minimal');
    const original = certificateRoot(drawing, { width: 594, height: 420 });
    const { svg, kept } = inlineEmblems(original);
    expect(kept).toBe(0);
    expect(svg).not.toContain('data:image/svg+xml');
    const pixels = (markup: string) => new Resvg(markup, { fitTo: { mode: 'width', value: 594 }, font: { loadSystemFonts: false }, logLevel: 'off' }).render().pixels;
    const [a, b] = [pixels(original), pixels(svg)];
    let differ = 0;
    for (let i = 0; i < a.length; i++) if (Math.abs(a[i]! - b[i]!) > 24) differ++;
    expect(differ / a.length).toBeLessThan(0.002);
  });

  it('leaves an emblem that refers to ids, styles, pictures or text as a picture', () => {
    for (const inner of [
      '<defs><linearGradient id="g"/></defs><circle r="5" fill="url(#g)"/>',
      '<style>circle{fill:red}</style><circle r="5"/>',
      '<image href="data:image/png;base64,AAAA" width="1" height="1"/>',
      '<text x="1" y="5">Hi</text>',
      '<circle r="5" opacity="0.5"/>',
    ]) {
      const original = image(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10">${inner}</svg>`);
      expect(inlineEmblems(original)).toEqual({ svg: original, kept: 1 });
    }
  });
});
