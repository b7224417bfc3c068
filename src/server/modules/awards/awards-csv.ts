import { CsvError, parse, type CastingContext } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { AWARD_CSV_COLUMNS } from '@/contract/admin-awards';
import { statValue } from '@/contract/award-stats';
import { escapeCell, unescapeCell } from '@/server/lib/csv';

/**
 * The award CSV (spec §3 "Award import/export row"; docs/decisions/101), read with csv-parse and written with
 * csv-stringify — never by splitting strings by hand.
 *
 * The file: comma-separated, a header row, columns title, description, stats, tagline, category_slug, is_active,
 * sort_order; every text field quoted, a quote inside doubled; is_active and sort_order bare. A text a spreadsheet
 * would run as a formula (`=…`, `+…`, `-…`, `@…`) is written with a leading ' (escapeCell, src/server/lib/csv.ts),
 * which the import takes away again, so an exported file imports as the same awards.
 *
 * The stats cell: 'key value' pairs joined by ", " (`Speed 9000, Dignity 0`). Inside it a key or value holding a
 * space, a comma or a quote is itself quoted with doubled quotes (`"Recipients Reached" 214, Motto "Yes, and"`), so
 * every stat round-trips. Read back, the same cell is parsed by csv-parse with the pair as the record (", " or ","
 * between pairs) and the space as the field separator. A hand-written pair of more than two unquoted words takes the
 * last word as the value (`Recipients Reached 214`). A value that is a number written the canonical way (`214`,
 * `-2.5`) is read as a number.
 */

export type StatValue = string | number;
export type Stats = Record<string, StatValue>;

const STATS_PAIRS = { delimiter: ' ', record_delimiter: ', ', eof: false } as const;

/** `Speed 9000, "Recipients Reached" 214` — the stats cell of a row. */
export function formatStats(stats: Stats): string {
  const pairs = Object.entries(stats).map(([key, value]) => [key, String(value)]);
  if (!pairs.length) return '';
  // csv-stringify quotes a field holding a space (the delimiter) or a quote; commas and empty values are quoted too,
  // since a bare comma separates pairs and a bare empty value would vanish.
  return stringify(pairs, { ...STATS_PAIRS, quoted_match: /^$|,/ });
}

export { statValue };

class Quoted {
  constructor(readonly value: string) {}
}

/** The stats cell read back; `error` says what is wrong in words a person understands. */
export function parseStats(cell: string): { stats: Stats } | { error: string } {
  const text = cell.trim();
  if (!text) return { stats: {} };
  let records: (string | Quoted)[][];
  try {
    records = parse(text, {
      delimiter: ' ',
      record_delimiter: [', ', ','],
      relax_column_count: true,
      // Keep whether a field was quoted: an unquoted empty field is only a doubled space, a quoted one is a value.
      cast: (value: string, ctx: CastingContext) => (ctx.quoting ? new Quoted(value) : value),
    }) as (string | Quoted)[][];
  } catch (err) {
    return { error: `stats could not be read (${err instanceof CsvError ? err.message.replace(/ at line \d+.*$/, '') : 'bad quotes'}). Write pairs like: Speed 9000, "Long label" 12` };
  }
  const stats: Stats = {};
  for (const record of records) {
    const tokens = record.filter((t) => t instanceof Quoted || t !== '');
    if (tokens.length === 0) continue;
    const words = tokens.map((t) => (t instanceof Quoted ? t.value : t));
    let key: string;
    let value: string;
    if (tokens.length === 1) return { error: `stats: '${words[0]}' has no value. Write pairs like: Speed 9000` };
    if (tokens.length === 2) [key, value] = words as [string, string];
    else if (tokens.some((t) => t instanceof Quoted)) return { error: `stats: '${words.join(' ')}' is more than a key and a value. Quote a key or value that holds spaces` };
    else {
      key = words.slice(0, -1).join(' ');
      value = words.at(-1)!;
    }
    if (Object.hasOwn(stats, key)) return { error: `stats: the key '${key}' appears twice` };
    stats[key] = statValue(value);
  }
  return { stats };
}

export interface CsvAward {
  title: string;
  description: string;
  stats: Stats;
  tagline: string | null;
  category_slug: string | null;
  is_active: boolean;
  sort_order: number;
}

/** The export: a header and one row per award, in the spec's format, formulas escaped. */
export function stringifyAwards(awards: CsvAward[]): string {
  const rows = awards.map((a) => [a.title, a.description, formatStats(a.stats), a.tagline ?? '', a.category_slug ?? '', a.is_active, a.sort_order]);
  // The header bare (plain names), the rows with every text quoted.
  return stringify([[...AWARD_CSV_COLUMNS]]) + stringify(rows, {
    quoted_string: true,
    cast: {
      string: escapeCell,
      boolean: (v) => ({ value: v ? 'true' : 'false', quoted: false }),
      number: (v) => ({ value: String(v), quoted: false }),
    },
  });
}

export interface CsvRecord {
  /** The line of the file where the record starts (the header is line 1). */
  line: number;
  /** Cells by (lower-case, trimmed) header name, an export's formula escape taken away (unescapeCell). */
  cells: Map<string, string>;
  /** The record had another number of fields than the header. */
  fieldCount: number;
}

export interface ParsedCsv {
  header: string[];
  records: CsvRecord[];
  /** A problem with the file as a whole, with its line when known (a broken quote stops the reading there). */
  error: { line: number | null; message: string } | null;
}

/**
 * Reads a CSV file into its header and records with their starting lines. Line endings are made \n first so that
 * line numbers count as an editor does. At most `maxRows` records.
 */
export function parseCsv(text: string, maxRows: number): ParsedCsv {
  const normalised = text.replace(/\r\n?/g, '\n');
  let parsed: { record: string[]; info: { lines: number }; raw: string }[];
  try {
    parsed = parse(normalised, {
      bom: true,
      info: true,
      raw: true,
      relax_column_count: true,
      skip_empty_lines: true,
      // One more than allowed, so that "too many rows" can be told apart from exactly the limit.
      to: maxRows + 2,
    }) as unknown as typeof parsed;
  } catch (err) {
    if (err instanceof CsvError) {
      const line = typeof (err as CsvError & { lines?: unknown }).lines === 'number' ? (err as CsvError & { lines: number }).lines : null;
      return { header: [], records: [], error: { line, message: explainCsvError(err) } };
    }
    throw err;
  }
  const startLine = (entry: { info: { lines: number }; raw: string }) => {
    // raw holds the record's text with the empty lines before it and the line break after it.
    const body = entry.raw.replace(/^\n+/, '').replace(/\n$/, '');
    return entry.info.lines - (body.match(/\n/g)?.length ?? 0);
  };
  if (!parsed.length) return { header: [], records: [], error: { line: null, message: 'The file has no header row. The first line must name the columns: title, description, stats, …' } };
  const [head, ...rest] = parsed;
  const header = head!.record.map((h) => h.trim().toLowerCase());
  if (rest.length > maxRows) {
    return { header, records: [], error: { line: null, message: `The file has more than ${maxRows} rows. Split it into smaller files.` } };
  }
  const records = rest.map((entry) => {
    const cells = new Map<string, string>();
    header.forEach((name, i) => cells.set(name, unescapeCell(entry.record[i] ?? '')));
    return { line: startLine(entry), cells, fieldCount: entry.record.length };
  });
  return { header, records, error: null };
}

function explainCsvError(err: CsvError): string {
  const line = (err as CsvError & { lines?: number }).lines;
  const at = line ? ` (line ${line})` : '';
  switch (err.code) {
    case 'CSV_QUOTE_NOT_CLOSED':
      return `A quoted field is never closed${at}: check for a missing " at the end of a text.`;
    case 'CSV_INVALID_CLOSING_QUOTE':
      return `A quote is followed by something other than a comma or a line break${at}: a quote inside a text must be doubled ("").`;
    case 'CSV_NON_TRIMABLE_CHAR_AFTER_CLOSING_QUOTE':
      return `Unexpected text after a closing quote${at}.`;
    default:
      return `The file could not be read as CSV${at}: ${err.message}`;
  }
}
