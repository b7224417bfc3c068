/**
 * Award emblems in the certificate: embedded as an SVG `<image>` with a `data:` URI.
 *
 * Emblems are our own files, never a stranger's: `EmblemLoader` reads only `/awards/{slug}.svg` from the
 * built web app (or `src/web/public`), so an award whose image is anything else gets the built-in medal
 * (docs/decisions/068). They are flat art checked in with the code, and `emblem.test.ts` holds every shipped
 * file to that: no scripts, no external references, no style sheets, no compositing (which aborts resvg 2.6
 * when it lies off-canvas). An SVG referenced through `<image>` is an isolated document in every browser (no
 * scripts, no external loads) and resvg only draws it. The admin's uploaded award pictures never get here: a render
 * process draws each into our own PNG first (award-picture.ts, docs/decisions/107), embedded by `pictureDataUri`.
 */
import { Resvg } from '@resvg/resvg-js';

/** Largest emblem we embed; award art is a few KB, anything bigger is not an emblem. */
export const MAX_EMBLEM_BYTES = 256 * 1024;

/** The emblem as a `data:` URI for an SVG `<image>`, or null when there is nothing usable (then: the medal). */
export function emblemDataUri(svg: string | null): string | null {
  if (!svg || Buffer.byteLength(svg, 'utf8') > MAX_EMBLEM_BYTES || !/<svg[\s>]/i.test(svg) || !parses(svg)) return null;
  return `data:image/svg+xml;base64,${Buffer.from(svg, 'utf8').toString('base64')}`;
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

/** Largest drawn award picture we embed, in base64 characters: a 512 px palette PNG is a fraction of this. */
export const MAX_PICTURE_BASE64 = 1024 * 1024;
const PNG_BASE64 = /^iVBORw0KGgo[A-Za-z0-9+/]*={0,2}$/;

/**
 * The drawn award picture (a PNG the render pool made from the admin's upload, base64) as a `data:` URI for an SVG
 * `<image>`, or null when it is missing, too large or not a PNG. A raster `<image>` runs and loads nothing.
 */
export function pictureDataUri(pngBase64: string | null | undefined): string | null {
  if (!pngBase64 || pngBase64.length > MAX_PICTURE_BASE64 || !PNG_BASE64.test(pngBase64)) return null;
  return `data:image/png;base64,${pngBase64}`;
}
