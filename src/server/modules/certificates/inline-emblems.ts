/**
 * The award emblem drawn as part of the page rather than as an embedded picture, for the renders we make
 * ourselves (the print PNG, the share image and the vector PDF; docs/decisions/114).
 *
 * In the SVG we serve, an emblem is an `<image>` with a `data:image/svg+xml` URI: an isolated document in every
 * browser (docs/decisions/020). For our own renders that isolation buys nothing — emblems are only our own flat art
 * files (docs/decisions/068, held to it by emblem.test.ts) — and costs: resvg draws an `<image>` SVG on a canvas of
 * its own and resamples it (≈50 ms of a 300 DPI render), and the PDF converter cannot draw an SVG picture at all.
 * So a flat emblem becomes a nested `<svg>` with the same box, viewBox and alignment: the same drawing, as paths.
 *
 * An emblem that is not flat art (ids, references, styles, text, pictures: anything whose meaning could depend on
 * the document around it) is left as it is; `inlineEmblems` reports it so the PDF can draw it as a picture instead.
 */

const SVG_IMAGE = /<image\b([^>]*?)\shref="data:image\/svg\+xml;base64,([A-Za-z0-9+/=]+)"([^>]*?)\/>/g;
/** Anything that would make the emblem's drawing depend on, or reach into, the page around it. */
const NOT_FLAT = /<(?:script|style|foreignObject|image|use|text|defs|pattern|mask|clipPath|filter|linearGradient|radialGradient|a|switch|symbol)\b|\s(?:id|href|xlink:href|style|class|clip-path|mask|filter|opacity)\s*=|url\(|<!/i;

function attr(attrs: string, name: string): string | null {
  return new RegExp(`\\s${name}="([^"]*)"`).exec(attrs)?.[1] ?? null;
}

/** The emblem's markup as a nested <svg> in the image's box, or null when it is not flat art we can inline. */
export function inlineSvgImage(imageAttrs: string, emblemSvg: string): string | null {
  const body = emblemSvg.replace(/^\s*<\?xml[^>]*\?>/, '').trim();
  const root = /^<svg\b([^>]*)>([\s\S]*)<\/svg>\s*$/.exec(body);
  if (!root || NOT_FLAT.test(root[2]!)) return null;
  const rootAttrs = root[1]!;
  const viewBox = attr(rootAttrs, 'viewBox') ?? (attr(rootAttrs, 'width') && attr(rootAttrs, 'height') ? `0 0 ${Number.parseFloat(attr(rootAttrs, 'width')!)} ${Number.parseFloat(attr(rootAttrs, 'height')!)}` : null);
  if (!viewBox || !/^[\d.\s,-]+$/.test(viewBox)) return null;
  const box = ['x', 'y', 'width', 'height'].map((name) => attr(imageAttrs, name));
  if (box.some((v) => v === null || !/^-?[\d.]+$/.test(v))) return null;
  const [x, y, width, height] = box as string[];
  const par = attr(imageAttrs, 'preserveAspectRatio') ?? 'xMidYMid meet';
  // The emblem's paint attributes on its root (fill, stroke…) carry over; its size, role and namespaces do not.
  const paint = [...rootAttrs.matchAll(/\s(fill|stroke|stroke-width|stroke-linecap|stroke-linejoin|fill-rule)="([^"]*)"/g)].map((m) => ` ${m[1]}="${m[2]}"`).join('');
  const content = root[2]!.replace(/<title>[\s\S]*?<\/title>|<desc>[\s\S]*?<\/desc>|<!--[\s\S]*?-->/g, '');
  // overflow="visible": no clip layer (resvg 2.6 would make one for the viewport; the art stays inside its box anyway).
  return `<svg x="${x}" y="${y}" width="${width}" height="${height}" viewBox="${viewBox}" preserveAspectRatio="${par}" overflow="visible"${paint}>${content}</svg>`;
}

/** Replaces every flat SVG emblem in `svg` by its drawing; `kept` counts those left as `<image>` (not flat art). */
export function inlineEmblems(svg: string): { svg: string; kept: number } {
  let kept = 0;
  const out = svg.replace(SVG_IMAGE, (whole, before: string, base64: string, after: string) => {
    const inline = inlineSvgImage(`${before} ${after}`, Buffer.from(base64, 'base64').toString('utf8'));
    if (inline === null) kept++;
    return inline ?? whole;
  });
  return { svg: out, kept };
}
