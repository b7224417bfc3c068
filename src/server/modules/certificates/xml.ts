/**
 * Text safety for the certificate SVG.
 *
 * Everything a person typed reaches the SVG through `escapeXml(cleanText(...))`:
 * `cleanText` removes what XML 1.0 cannot carry (control characters, lone
 * surrogates) and what could make text lie about itself (bidi overrides);
 * `escapeXml` turns the five markup characters into entities, so `<script>`,
 * `<svg onload=…>`, quotes and `]]>` stay literal text and the document stays
 * well-formed. We never use CDATA sections, so `]]>` has no special meaning.
 */

// C0 controls except TAB/LF/CR, DEL, C1 controls, and the non-characters U+FFFE/U+FFFF.
// eslint-disable-next-line no-control-regex
export const XML_INVALID = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\uFFFE\uFFFF]/g;
// Bidi embeddings/overrides/isolates and direction marks: they can reorder what a reader sees.
const BIDI_CONTROLS = /[\u200E\u200F\u202A-\u202E\u2066-\u2069]/g;
export const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** Normalises user text for a single-line or wrapped certificate field. */
export function cleanText(input: string): string {
  return input
    .replace(LONE_SURROGATE, '\uFFFD')
    .normalize('NFC')
    .replace(XML_INVALID, '')
    .replace(BIDI_CONTROLS, '')
    .replace(/\s+/gu, ' ')
    .trim();
}

/**
 * Typographic quotes for display: "a" → “a”, it's → it’s, 'a' → ‘a’.
 * Purely cosmetic; applied after cleaning, before escaping.
 */
export function smartQuotes(text: string): string {
  return text
    .replace(/(^|[\s([{“‘—–-])"/gu, '$1“')
    .replace(/"/g, '”')
    .replace(/(^|[\s([{“—–-])'/gu, '$1‘')
    .replace(/'/g, '’');
}

const ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
};

/** Escapes text for XML character data and for attribute values (either quote style). */
export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ENTITIES[c] ?? c);
}
