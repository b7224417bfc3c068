import { sql, type Placeholder, type Query, type SQL, type SQLWrapper } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Db } from './client';

/**
 * Statements of the order path built once (issue 25, decision 144). drizzle builds a statement's SQL text anew every
 * time it runs — walking the query's parts and checking each one's kind — and on the checkout path that was the
 * server's largest cost of its own after the sockets (a CPU profile at 20 buyers: drizzle 19 % of the thread's busy
 * time). A statement built once is written with named placeholders (`p.orderId`) instead of values; its text and
 * parameter list are made on first use and kept, and each run only fills in the values, on whichever database or
 * transaction it is handed. PostgreSQL then sees the very same text every time, which the pool prepares (decision 135).
 *
 *     const touch = builtOnce(['orderId'], (p) => sql`update ${orders} set updated_at = now() where id = ${p.orderId}::uuid`);
 *     await touch(tx, { orderId });
 *
 * A statement may take parts of other owners (`statementPart`, decision 117's "written by their owner"): `build` gets
 * them as SQL, and the statement is built once for each sequence of parts it meets. Answers are the driver's rows, as
 * `execute` gives them (snake_case columns; timestamps as the database wrote them).
 */
export function builtOnce<Name extends string, Row = Record<string, unknown>>(
  names: readonly Name[],
  build: (p: Record<Name, Placeholder<Name>>, parts: SQL[]) => SQLWrapper,
): (db: Executor, values: Record<Name, unknown>, parts?: readonly StatementPart[]) => Promise<{ rows: Row[] }> {
  const built = new Map<string, Query>();
  return async (db, values, parts = []) => {
    const shape = parts.map((part) => part.id).join(',');
    let query = built.get(shape);
    if (!query) {
      const own = build(
        placeholders(names, ''),
        parts.map((part, i) => part.build(placeholders(part.names, `part${i}.`)).getSQL()),
      );
      query = dialect.sqlToQuery(own.getSQL());
      built.set(shape, query);
    }
    const all = parts.length === 0 ? values : { ...values, ...Object.fromEntries(parts.flatMap((part, i) => part.names.map((n) => [`part${i}.${n}`, part.values[n]]))) };
    return (await db._.session.prepareQuery(query, undefined, undefined, false).execute(all)) as { rows: Row[] };
  };
}

/**
 * A statement another library wrote, as text with `$1…` and its values (pg-boss's job insert, sent in our
 * transaction): run as it is, on the database or transaction given, without drizzle taking the text apart and
 * building it again (decision 147). Repeated texts are prepared by the pool like the app's own (decision 135).
 */
export async function runText<Row = Record<string, unknown>>(db: Executor, text: string, values: readonly unknown[]): Promise<{ rows: Row[] }> {
  return (await db._.session.prepareQuery({ sql: text, params: [...values] }, undefined, undefined, false).execute()) as { rows: Row[] };
}

/** A part of a statement built once that another module owns (its payment row in the order's statement), with this run's values. */
export interface StatementPart {
  readonly id: number;
  readonly names: readonly string[];
  readonly build: (p: Record<string, Placeholder>) => SQLWrapper;
  readonly values: Record<string, unknown>;
}

let parts = 0;
/** Declares a part once (its placeholders and SQL); calling the result gives the part with one run's values. */
export function statementPart<Name extends string>(names: readonly Name[], build: (p: Record<Name, Placeholder<Name>>) => SQLWrapper): (values: Record<Name, unknown>) => StatementPart {
  const id = ++parts;
  return (values) => ({ id, names, build: build as StatementPart['build'], values });
}

function placeholders<Name extends string>(names: readonly Name[], prefix: string): Record<Name, Placeholder<Name>> {
  return Object.fromEntries(names.map((n) => [n, sql.placeholder(`${prefix}${n}`)])) as Record<Name, Placeholder<Name>>;
}

/** drizzle's own PostgreSQL dialect, as the app's databases use it (no casing rules). */
const dialect = new PgDialect();

/** What a statement built once runs on: the database or a transaction (both carry their driver's session). */
export type Executor = Pick<Db, '_'>;
