import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * docs/decisions/README.md is the index of the decision records: one row per record, in number order, with its
 * status. These checks keep it whole as records are added: every record has its row, every link leads to a file,
 * and a superseded record's row says so.
 */
const DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'docs', 'decisions');
const INDEX = path.join(DIR, 'README.md');

const records = fs
  .readdirSync(DIR)
  .filter((f) => /^\d{3}-.+\.md$/.test(f) && f !== '000-template.md')
  .sort();
const index = fs.readFileSync(INDEX, 'utf8');

/** `| 108 | [Title](108-order-pipeline.md) | status |` */
const ROW = /^\| (\d{3}) \| \[(?:[^\]\\]|\\.)+\]\((\d{3}-[^)]+\.md)\) \| (.+) \|$/;
const rows = index
  .split('\n')
  .map((line) => ROW.exec(line))
  .filter((m): m is RegExpExecArray => m !== null)
  .map(([, number, file, status]) => ({ number: number!, file: file!, status: status! }));

const statusLine = (file: string) => /^- Status: (.*)$/m.exec(fs.readFileSync(path.join(DIR, file), 'utf8'))?.[1] ?? null;

describe('the decision index (docs/decisions/README.md)', () => {
  it('has one row for every decision record', () => {
    expect(records.length).toBeGreaterThan(0);
    const indexed = rows.map((r) => r.file);
    expect(records.filter((f) => !indexed.includes(f)), 'records without a row in docs/decisions/README.md').toEqual([]);
    expect(indexed.filter((f, i) => indexed.indexOf(f) !== i), 'records with more than one row').toEqual([]);
  });

  it('numbers each row as its file, in number order', () => {
    expect(rows.filter((r) => !r.file.startsWith(`${r.number}-`)).map((r) => `${r.number} → ${r.file}`)).toEqual([]);
    const numbers = rows.map((r) => r.number);
    expect(numbers).toEqual([...numbers].sort());
  });

  it('links only files that exist', () => {
    const targets = [...index.matchAll(/\]\(([^)#\s]+\.md)\)/g)].map((m) => m[1]!);
    expect(targets.length).toBeGreaterThan(records.length);
    expect(targets.filter((t) => !fs.existsSync(path.resolve(DIR, t)))).toEqual([]);
  });

  it('says "Superseded" exactly for the records whose status line does, with a link to what replaced them', () => {
    for (const row of rows) {
      const superseded = /^superseded/i.test(statusLine(row.file) ?? '');
      expect(/^\**superseded/i.test(row.status), `${row.file}: ${row.status}`).toBe(superseded);
      if (superseded) expect(row.status, `${row.file} must point to its replacement`).toMatch(/\]\(\d{3}-[^)]+\.md\)/);
    }
  });
});
