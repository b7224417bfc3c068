/**
 * Award emblems: admin-supplied SVG art, embedded in the certificate as an
 * `<image>` with a data: URI after sanitising and a strict parse.
 */
import { Resvg } from '@resvg/resvg-js';
import { LONE_SURROGATE, XML_INVALID } from './xml';

/** Largest emblem we embed; award art is a few KB, anything bigger is not an emblem. */
export const MAX_EMBLEM_BYTES = 256 * 1024;

/**
 * Makes an award emblem safe to embed and returns it as a `data:` URI for an
 * SVG `<image>`, or null when there is nothing usable.
 *
 * Two barriers: (1) an SVG referenced through `<image>` is an isolated document
 * in every browser (no scripts, no external loads) and resvg only draws it;
 * (2) before encoding we still strip scripts, foreignObject, event handlers,
 * DOCTYPE/entities, style sheets and any reference that is not a local
 * `#fragment` or an inline raster image — in case someone later opens the
 * emblem on its own — and compositing properties (see below).
 */
export function emblemDataUri(svg: string | null): string | null {
  if (!svg) return null;
  const clean = sanitizeEmblemSvg(svg);
  if (!clean || !parses(clean)) return null;
  return `data:image/svg+xml;base64,${Buffer.from(clean, 'utf8').toString('base64')}`;
}

/** resvg's strict XML/SVG parser as the well-formedness check (parsing only, no rendering). */
function parses(svg: string): boolean {
  try {
    new Resvg(svg, { font: { loadSystemFonts: false }, logLevel: 'off' });
    return true;
  } catch {
    return false;
  }
}

const COMPOSITING = 'opacity|filter|mask|clip-path|mix-blend-mode|isolation';

export function sanitizeEmblemSvg(svg: string): string | null {
  if (Buffer.byteLength(svg, 'utf8') > MAX_EMBLEM_BYTES) return null;
  let s = svg.replace(LONE_SURROGATE, '\uFFFD').replace(XML_INVALID, '');
  const start = s.search(/<svg[\s>]/i);
  if (start < 0) return null;
  s = s.slice(start); // drops any XML declaration, DOCTYPE (entities) and processing instructions before the root
  s = s
    .replace(/<!DOCTYPE[^>]*>/gi, '')
    .replace(/<!ENTITY[^>]*>/gi, '')
    .replace(/<\?[\s\S]*?\?>/g, '')
    .replace(/<(script|foreignObject|iframe|object|embed|audio|video|canvas)\b[\s\S]*?<\/\1\s*>/gi, '')
    .replace(/<(script|foreignObject|iframe|object|embed|audio|video|canvas)\b[^>]*\/?>/gi, '')
    // on*="…" / on*='…' / on*=bare event handler attributes
    .replace(/\s+on[a-z]+\s*=\s*("[^"]*"|'[^']*'|[^\s>]+)/gi, '')
    // href / xlink:href: keep local fragments and inline raster images only
    .replace(/\s+((?:xlink:)?href)\s*=\s*("[^"]*"|'[^']*')/gi, (whole: string, _name: string, quoted: string) => {
      const value = quoted.slice(1, -1).trim();
      return value.startsWith('#') || /^data:image\/(png|jpe?g|gif|webp);/i.test(value) ? whole : '';
    })
    // CSS/paint references to anything but a local fragment
    .replace(/url\(\s*(?!['"]?#)[^)]*\)/gi, 'none')
    // Style sheets can reach any element with any property: emblems are flat art and need none.
    .replace(/<style\b[\s\S]*?<\/style\s*>/gi, '')
    .replace(/<style\b[^>]*\/>/gi, '')
    // Compositing (group opacity, filters, masks, clips, blending): resvg 2.6 aborts the whole
    // process when such a layer lies entirely outside the canvas, so emblems may not use them.
    .replace(new RegExp(`\\s+(${COMPOSITING})\\s*=\\s*("[^"]*"|'[^']*')`, 'gi'), '')
    .replace(/\sstyle\s*=\s*("[^"]*"|'[^']*')/gi, (_whole: string, quoted: string) => {
      const q = quoted[0];
      const kept = quoted
        .slice(1, -1)
        .split(';')
        .filter((decl) => decl.trim() && !new RegExp(`^\\s*(${COMPOSITING})\\s*:`, 'i').test(decl) && !/@import|expression\(/i.test(decl))
        .join(';');
      return kept ? ` style=${q}${kept}${q}` : '';
    });
  return /<svg[\s>]/i.test(s) ? s : null;
}
