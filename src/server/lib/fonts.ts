/**
 * The two typefaces of the brand, shipped from npm (no web requests):
 * Fraunces (display serif) and Inter (sans), static TTFs from
 * `@expo-google-fonts/*`. resvg gets exactly these files, and we measure text
 * with the same files (fontkit), so what we fit is what gets drawn.
 *
 * Paths go through `createRequire(import.meta.url).resolve`, which works from
 * `src/` (tsx, vitest) and from the esbuild bundle (packages stay external).
 */
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { create as createFont, type Font } from 'fontkit';

const require = createRequire(import.meta.url);

/** Family names as the font files declare them (name table ID 1) — what resvg matches. */
export const DISPLAY_FAMILY = 'Fraunces';
export const SANS_FAMILY = 'Inter';

/**
 * Stacks for the SVG. resvg finds the first family (all it has); a browser
 * showing the SVG inline finds the same faces, or the web app's variable
 * builds (@fontsource-variable registers "… Variable"), or a generic fallback.
 */
export const DISPLAY_STACK = `${DISPLAY_FAMILY}, 'Fraunces Variable', 'Iowan Old Style', 'Palatino Linotype', Georgia, serif`;
export const SANS_STACK = `${SANS_FAMILY}, 'Inter Variable', 'Helvetica Neue', Arial, sans-serif`;

export type FontFamily = 'display' | 'sans';
export type FontWeight = 300 | 400 | 500 | 600 | 700 | 800 | 900;
export interface FontFace {
  family: FontFamily;
  weight: FontWeight;
  italic?: boolean;
}

const WEIGHT_DIR: Record<FontWeight, string> = {
  300: '300Light',
  400: '400Regular',
  500: '500Medium',
  600: '600SemiBold',
  700: '700Bold',
  800: '800ExtraBold',
  900: '900Black',
};

/** The faces the templates use; anything else is a programming error (see `faceKey`). */
export const FACES: readonly FontFace[] = [
  { family: 'display', weight: 300 },
  { family: 'display', weight: 400 },
  { family: 'display', weight: 400, italic: true },
  { family: 'display', weight: 600 },
  { family: 'display', weight: 600, italic: true },
  { family: 'display', weight: 700 },
  { family: 'display', weight: 900 },
  { family: 'sans', weight: 400 },
  { family: 'sans', weight: 500 },
  { family: 'sans', weight: 600 },
  { family: 'sans', weight: 700 },
  { family: 'sans', weight: 800 },
];

export function faceKey(face: FontFace): string {
  return `${face.family}-${face.weight}${face.italic ? 'i' : ''}`;
}

function fontSpecifier(face: FontFace): string {
  const pkg = face.family === 'display' ? 'fraunces' : 'inter';
  const file = face.family === 'display' ? 'Fraunces' : 'Inter';
  const dir = `${WEIGHT_DIR[face.weight]}${face.italic ? '_Italic' : ''}`;
  return `@expo-google-fonts/${pkg}/${dir}/${file}_${dir}.ttf`;
}

const FACE_PATHS = new Map<string, string>(FACES.map((f) => [faceKey(f), require.resolve(fontSpecifier(f))]));

/**
 * Neither brand font has CJK, Thai, Arabic… glyphs. If the host has one of
 * these common fallback fonts installed (e.g. Debian's fonts-noto-cjk), resvg
 * may use it for those characters; otherwise they render as missing-glyph
 * boxes. Never a crash either way, and the browser preview uses its own fallbacks.
 */
const OPTIONAL_FALLBACK_FONTS = [
  '/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc',
  '/usr/share/fonts/opentype/noto/NotoSerifCJK-Regular.ttc',
  '/usr/share/fonts/truetype/noto/NotoSans-Regular.ttf',
  '/usr/share/fonts/truetype/wqy/wqy-zenhei.ttc',
];

export const FONT_FILES: readonly string[] = [...FACE_PATHS.values(), ...OPTIONAL_FALLBACK_FONTS.filter((p) => existsSync(p))];

/** Font options for resvg: our files only, so output does not depend on the machine's fonts. */
export const RESVG_FONT_OPTIONS = {
  fontFiles: [...FONT_FILES],
  loadSystemFonts: false,
  defaultFontFamily: SANS_FAMILY,
  serifFamily: DISPLAY_FAMILY,
  sansSerifFamily: SANS_FAMILY,
};

const loaded = new Map<string, Font>();

/**
 * The characters whose glyphs a font meets first through its character map: printable ASCII, Latin-1 and the
 * punctuation, currency and maths signs the certificates and invoices print.
 */
const WARM_TEXT = (() => {
  let s = '';
  for (let cp = 0x20; cp <= 0x7e; cp++) s += String.fromCodePoint(cp);
  for (let cp = 0xa0; cp <= 0xff; cp++) s += String.fromCodePoint(cp);
  return `${s}–—‘’“”„…•·−×€£¥₹№`;
})();

/**
 * A font parsed from `path`, each common character's glyph looked up first by its character. fontkit keeps a glyph
 * object per glyph with the characters it was first reached from; a glyph first reached through a substitution
 * (a layout feature in a certificate's text) has none, and a PDF embedding it then maps it to no text — an invoice's
 * "$41.54" read back as "$41�54" once a certificate had been drawn in the same process. Reaching them by character
 * first keeps the PDFs' text right whatever was drawn before.
 */
export function loadFont(path: string): Font {
  const font = createFont(readFileSync(path));
  if (!('layout' in font)) throw new Error(`${path} is a font collection, expected a single font`);
  font.glyphsForString(WARM_TEXT);
  return font;
}

/** The face's font, parsed once per process (the text measurer and the PDF's embedded fonts share it). */
export function fontFor(face: FontFace): Font {
  const key = faceKey(face);
  const cached = loaded.get(key);
  if (cached) return cached;
  const path = FACE_PATHS.get(key);
  if (!path) throw new Error(`Font face ${key} is not registered in lib/fonts.ts`);
  const font = loadFont(path);
  loaded.set(key, font);
  return font;
}

/** Where a face's file is (tests read it). */
export const fontPath = (face: FontFace): string => FACE_PATHS.get(faceKey(face))!;

// East Asian wide/fullwidth ranges: a missing glyph here is drawn ~1em wide by any fallback font.
const WIDE = /[\u1100-\u115F\u2E80-\uA4CF\uAC00-\uD7A3\uF900-\uFAFF\uFE30-\uFE4F\uFF00-\uFF60\uFFE0-\uFFE6\u{20000}-\u{3FFFD}]/u;

const widthCache = new Map<string, Map<string, number>>();

/**
 * Advance width of `text` in em units (multiply by the font size), with
 * kerning, plus `letterSpacingEm` after every character as SVG applies it.
 * Characters the face lacks are estimated (1em if wide, else 0.6em).
 */
export function measureEm(text: string, face: FontFace, letterSpacingEm = 0): number {
  const key = faceKey(face);
  let cache = widthCache.get(key);
  if (!cache) {
    cache = new Map();
    widthCache.set(key, cache);
  }
  let em = cache.get(text);
  if (em === undefined) {
    em = measureUncached(text, fontFor(face));
    if (cache.size > 20_000) cache.clear();
    cache.set(text, em);
  }
  return em + letterSpacingEm * [...text].length;
}

function measureUncached(text: string, font: Font): number {
  let total = 0;
  let run = '';
  const flush = () => {
    if (run) total += font.layout(run).advanceWidth / font.unitsPerEm;
    run = '';
  };
  for (const ch of text) {
    const cp = ch.codePointAt(0) ?? 0;
    if (font.hasGlyphForCodePoint(cp)) {
      run += ch;
    } else {
      flush();
      total += WIDE.test(ch) ? 1 : 0.6;
    }
  }
  flush();
  return total;
}

export function hasGlyphs(text: string, face: FontFace): boolean {
  const font = fontFor(face);
  for (const ch of text) if (!font.hasGlyphForCodePoint(ch.codePointAt(0) ?? 0)) return false;
  return true;
}

/** SVG presentation attributes for a face. */
export function faceAttrs(face: FontFace): string {
  const stack = face.family === 'display' ? DISPLAY_STACK : SANS_STACK;
  return `font-family="${stack}" font-weight="${face.weight}"${face.italic ? ' font-style="italic"' : ''}`;
}
