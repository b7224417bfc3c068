/**
 * "12.50" → 1250, exactly (no floating point): whole units and at most `digits` decimals, or null when it is
 * not an amount.
 */
export function parseMoney(text: string, digits = 2): number | null {
  const t = text.trim().replace(/^[$€£¥]\s*/, '');
  const m = new RegExp(`^(\\d{1,9})(?:[.,](\\d{0,${digits}}))?$`).exec(t);
  if (!m) return null;
  return Number(m[1]) * 10 ** digits + Number((m[2] ?? '').padEnd(digits, '0') || '0');
}

/** 1250 → "12.50", for a money input's starting value. */
export function minorToText(minor: number, digits = 2): string {
  return (minor / 10 ** digits).toFixed(digits);
}
