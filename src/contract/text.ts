// Zod-free: the contract's schemas, the server modules and the pages share these.

/**
 * Characters that are never meaningful in a name or a one-line text and only ever serve to fool a
 * reader, a moderator or a mail client: C0/C1 controls, the Arabic letter mark, zero-width space,
 * left-to-right/right-to-left marks, bidi embeddings and overrides (U+202A–U+202E, e.g. the
 * "right-to-left override" that makes `Alice\u202Etxt.exe` read as `Aliceexe.txt`), word joiner and
 * invisible operators, bidi isolates (U+2066–U+2069) and the byte-order mark. Zero-width (non-)joiners
 * stay: emoji sequences and several scripts need them.
 */
// eslint-disable-next-line no-control-regex -- removing control characters is the point
const INVISIBLE = /[\u0000-\u001F\u007F-\u009F\u061C\u200B\u200E\u200F\u202A-\u202E\u2060-\u2064\u2066-\u2069\uFEFF]/g;

/** Removes invisible and direction-changing characters (see INVISIBLE), leaving everything else as it is. */
export function stripInvisible(input: string): string {
  return input.replace(INVISIBLE, '');
}

/**
 * A name or one-line text as it is stored and shown: NFC, every run of whitespace (line breaks
 * included) one space, invisible and direction-changing characters removed, trimmed.
 */
export function normaliseLine(input: string): string {
  return stripInvisible(input.normalize('NFC').replace(/\s+/g, ' '))
    .replace(/ {2,}/g, ' ')
    .trim();
}

/** Text on one line, at most `max` characters (an ellipsis where it was cut): titles, previews, mail subjects. */
export function oneLine(s: string, max = 120): string {
  const flat = s.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}
