// Zod-free: the award form in the browser and the server's CSV reader share it.

const CANONICAL_NUMBER = /^-?(?:0|[1-9]\d*)(?:\.\d*[1-9])?$/;

/** A stat value as stored: a number when it is written the canonical way (`214`, `-2.5`), else the text (`007`, `1%`). */
export function statValue(text: string): string | number {
  if (CANONICAL_NUMBER.test(text)) {
    const n = Number(text);
    if (Number.isFinite(n) && String(n) === text) return n;
  }
  return text;
}
