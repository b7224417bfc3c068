import { parse, protocol, type PGlite, type QueryOptions, type Results, type Transaction } from '@electric-sql/pglite';
import { isStalePrepared, StatementNames } from './statement-names';

/**
 * The embedded database with its repeated statements prepared (issue 25, decision 135). PGlite's `query` parses,
 * describes, binds, describes again and executes each statement in six calls into the database, every time. Here a
 * statement with parameters sent a second time is prepared under a name once (parse and describe), and from then on
 * runs as one call: bind, describe, execute and sync in one message. Parameters are turned into text by PGlite's own
 * serializers for the types the statement declared, and the answer read by PGlite's own result parser, so what drizzle
 * gets back is the same. Everything else (statements seen once, several statements in one text, transaction control,
 * exec, listen) goes to PGlite as before.
 *
 * Locking is PGlite's: outside a transaction a statement takes the transaction lock and the query lock, as
 * `PGlite.query` does; inside one, only the query lock (the transaction holds the other). A statement outside a
 * transaction is synced to the data directory afterwards, as PGlite does.
 *
 * `forget()` after DISCARD ALL or DEALLOCATE ALL (the test databases' reset). A prepared statement the database no
 * longer knows, or whose table changed its columns, ran nothing: it is forgotten and, outside a transaction, sent again.
 */
export class PreparingPglite {
  static readonly #byEngine = new WeakMap<PGlite, PreparingPglite>();

  /** The one wrapper of an engine: names are the engine's session's, whoever opened it. */
  static of(pglite: PGlite): PreparingPglite {
    let wrapper = PreparingPglite.#byEngine.get(pglite);
    if (!wrapper) {
      wrapper = new PreparingPglite(pglite);
      PreparingPglite.#byEngine.set(pglite, wrapper);
    }
    return wrapper;
  }

  readonly #names = new StatementNames();
  /** Statements prepared on the engine's session, by name: the parameter types they declared. */
  readonly #prepared = new Map<string, number[]>();

  private constructor(readonly pglite: PGlite) {}

  /** The statements prepared so far are gone from the session (DISCARD ALL): prepare each again on its next use. */
  forget(): void {
    this.#prepared.clear();
  }

  async query<T>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> {
    const name = this.#nameOf(text, params, options);
    if (!name) return this.pglite.query<T>(text, params, options);
    await this.pglite._checkReady();
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.pglite._runExclusiveTransaction(() => this.pglite._runExclusiveQuery(() => this.#run<T>(name, text, params ?? [], options, true)));
      } catch (err) {
        if (!this.#stale(name, err) || attempt > 1) throw err;
      }
    }
  }

  exec(text: string, options?: QueryOptions): Promise<Results[]> {
    return this.pglite.exec(text, options);
  }

  listen(channel: string, callback: (payload: string) => void, tx?: Transaction): Promise<(tx?: Transaction) => Promise<void>> {
    return this.pglite.listen(channel, callback, tx);
  }

  transaction<T>(callback: (tx: Transaction) => Promise<T>): Promise<T> {
    return this.pglite.transaction((tx) => {
      const query = async <R>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results<R>> => {
        const name = this.#nameOf(text, params, options);
        if (!name) return tx.query<R>(text, params, options);
        if (tx.closed) throw new Error('Transaction is closed');
        try {
          return await this.pglite._runExclusiveQuery(() => this.#run<R>(name, text, params ?? [], options, false));
        } catch (err) {
          this.#stale(name, err);
          throw err;
        }
      };
      return callback(new Proxy(tx, { get: (target, key, receiver) => (key === 'query' ? query : Reflect.get(target, key, receiver)) }));
    });
  }

  #nameOf(text: string, params: unknown[] | undefined, options: QueryOptions | undefined): string | undefined {
    // A blob (COPY … '/dev/blob') or caller-given parameter types take PGlite's own way.
    if (options?.blob || options?.paramTypes) return undefined;
    return this.#names.nameOf(text, params?.length ?? 0);
  }

  /** Whether `err` says the prepared statement `name` no longer fits the session; if so, it is forgotten. */
  #stale(name: string, err: unknown): boolean {
    const stale = isStalePrepared(err);
    if (stale) this.#prepared.delete(name);
    return stale;
  }

  async #run<T>(name: string, text: string, params: unknown[], options: QueryOptions | undefined, outside: boolean): Promise<Results<T>> {
    const { serialize } = protocol;
    try {
      let types = this.#prepared.get(name);
      if (!types) {
        // Replacing a name the session may still hold (a statement forgotten as stale): the old one goes first.
        const { messages } = await this.pglite.execProtocol(
          join(serialize.close({ type: 'S', name }), serialize.parse({ name, text }), serialize.describe({ type: 'S', name }), serialize.sync()),
          { syncToFs: false },
        );
        types = parse.parseDescribeStatementResults(messages);
        this.#prepared.set(name, types);
      }
      const values = params.map((value, i) => {
        if (value === null || value === undefined) return null;
        const oid = types[i]!;
        const toText = options?.serializers?.[oid] ?? this.pglite.serializers[oid];
        return toText ? toText(value) : String(value);
      });
      const { messages } = await this.pglite.execProtocol(
        join(serialize.bind({ statement: name, values }), serialize.describe({ type: 'P' }), serialize.execute({}), serialize.sync()),
        { syncToFs: outside },
      );
      // The caller's parsers (drizzle overrides nine types, with a new object every query) over PGlite's own, as a
      // layer: PGlite's parseResults would copy its 318 parsers into a new object for every statement (≈ 0.1 ms).
      const own = this.pglite.parsers;
      const parsers: typeof own = options?.parsers ? Object.assign(Object.create(own) as typeof own, options.parsers) : own;
      return parse.parseResults(messages, parsers, options?.parsers ? { ...options, parsers: undefined } : options)[0] as Results<T>;
    } catch (err) {
      // As PGlite's own query reports a database error: with the statement and its parameters.
      if (err && typeof err === 'object' && 'code' in err) Object.assign(err, { query: text, params, queryOptions: options });
      throw err;
    }
  }
}

function join(...parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}
