/**
 * Before → after as rows a person reads: every leaf that differs, by its dotted path (`shipping.express.price`,
 * `stats.2.label`). Nothing here knows an entity type: any JSON an audit row holds diffs the same way.
 */
export interface DiffRow {
  path: string;
  before: unknown;
  after: unknown;
  change: 'added' | 'removed' | 'changed' | 'same';
}

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object';

function flatten(value: unknown, prefix: string, into: Map<string, unknown>) {
  if (isObject(value) && Object.keys(value).length > 0) {
    for (const [k, v] of Object.entries(value)) flatten(v, prefix ? `${prefix}.${k}` : k, into);
  } else {
    into.set(prefix || '(value)', value);
  }
}

export function diffRows(before: unknown, after: unknown): DiffRow[] {
  const b = new Map<string, unknown>();
  const a = new Map<string, unknown>();
  if (before !== null && before !== undefined) flatten(before, '', b);
  if (after !== null && after !== undefined) flatten(after, '', a);
  // An empty object on one side and its fields on the other ({} → {GB: 2000}) is the fields appearing, not a removal.
  const emptyFilled = (own: Map<string, unknown>, other: Map<string, unknown>, path: string) =>
    isObject(own.get(path)) && [...other.keys()].some((k) => k.startsWith(`${path}.`));
  const paths = [...new Set([...b.keys(), ...a.keys()])].filter((p) => !emptyFilled(b, a, p) && !emptyFilled(a, b, p));
  return paths.map((path) => {
    const inB = b.has(path);
    const inA = a.has(path);
    const change = !inB ? 'added' : !inA ? 'removed' : JSON.stringify(b.get(path)) === JSON.stringify(a.get(path)) ? 'same' : 'changed';
    return { path, before: b.get(path), after: a.get(path), change };
  });
}

/** A value as short readable text: strings as they are, the rest as JSON; nothing as an em dash. */
export function showValue(v: unknown): string {
  if (v === undefined) return '—';
  if (typeof v === 'string') return v === '' ? '(empty)' : v;
  return JSON.stringify(v);
}
