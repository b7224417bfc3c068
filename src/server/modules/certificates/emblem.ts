/**
 * Award emblems in the certificate: embedded as an SVG `<image>` with a `data:` URI.
 *
 * Emblems are our own files, never a stranger's: `EmblemLoader` reads only `/awards/{slug}.svg` from the
 * built web app (or `src/web/public`), so an award whose image is anything else gets the built-in medal
 * (docs/decisions/068). They are flat art checked in with the code, and `emblem.test.ts` holds every shipped
 * file to that: no scripts, no external references, no style sheets, no compositing (which aborts resvg 2.6
 * when it lies off-canvas). An SVG referenced through `<image>` is an isolated document in every browser (no
 * scripts, no external loads) and resvg only draws it. Uploaded art (the admin's award images) must be made
 * ours before it gets here: see the decision record.
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
