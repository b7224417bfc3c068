/** C0/C1 controls, bidi overrides and isolates, zero-width space and BOM: never meaningful in a name or a citation. */
// eslint-disable-next-line no-control-regex -- removing control characters is the point
const INVISIBLE = /[\u0000-\u001F\u007F-\u009F\u200B\u202A-\u202E\u2066-\u2069\uFEFF]/g;

/**
 * What a nominator typed, as it is stored: NFC, every run of whitespace (line breaks included) one
 * space, invisible and direction-changing characters removed. The certificate is a single design;
 * hidden characters only ever serve to fool a reader or a moderator.
 */
export function normaliseLine(input: string): string {
  return input.normalize('NFC').replace(/\s+/g, ' ').replace(INVISIBLE, '').trim();
}
