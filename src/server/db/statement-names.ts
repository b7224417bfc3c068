/**
 * Statements prepared once per connection (issue 25, decision 135). A statement with parameters whose text a pool (or
 * the embedded database) has been sent before gets a name; it is then parsed once on each connection and afterwards
 * only bound and executed: PostgreSQL stops parsing and planning the same checkout statements again for every order
 * (half its time on them in the checkout bench). node-postgres prepares a named statement itself (TimedClient in
 * client.ts); the embedded database through PreparingPglite (pglite-prepared.ts). Texts are the key, so a name always
 * means one text. Bounded: at most `PREPARED_MAX` names per database opened (each connection holds the ones it has
 * used), the texts seen once are forgotten when they pass `SEEN_MAX`. Statements without parameters are prepared too
 * when they are one query (the job queue writes its values into its texts: a queue's fetch is one fixed text), never
 * transaction control, settings, DDL or several statements in one text.
 */
export class StatementNames {
  static readonly PREPARED_MAX = 300;
  static readonly SEEN_MAX = 5_000;
  readonly #names = new Map<string, string | true>();
  #prepared = 0;

  /**
   * The name to prepare `text` under, or undefined to send it unnamed: seen the first time, the bound reached, or a
   * text without parameters that is not one preparable statement (`preparable`).
   */
  nameOf(text: string, parameters: number): string | undefined {
    const known = this.#names.get(text);
    if (typeof known === 'string') return known;
    if (parameters === 0 && !preparable(text)) return undefined;
    if (this.#prepared >= StatementNames.PREPARED_MAX) return undefined;
    if (known === undefined) {
      if (this.#names.size - this.#prepared >= StatementNames.SEEN_MAX) {
        for (const [t, v] of this.#names) if (v === true) this.#names.delete(t);
      }
      this.#names.set(text, true);
      return undefined;
    }
    const name = `certifiable_${++this.#prepared}`;
    this.#names.set(text, name);
    return name;
  }
}

/**
 * Whether a database error says a prepared statement no longer fits its session: "cached plan must not change result
 * type" (a migration changed a table's columns underneath it) or an unknown statement name. Nothing ran. The same
 * codes from PostgreSQL and from the embedded database.
 */
export function isStalePrepared(err: unknown): boolean {
  const e = err as { code?: unknown; message?: unknown } | null;
  return !!e && (e.code === '26000' || (e.code === '0A000' && typeof e.message === 'string' && e.message.includes('cached plan')));
}

/**
 * Whether a text without parameters may be prepared: one statement (no `;` before its end) that is not transaction
 * control, a setting, DDL or another utility command — those are sent as they are, in one simple message.
 */
export function preparable(text: string): boolean {
  const body = text.trim().replace(/;$/, '');
  return !body.includes(';') && /^(select|with|insert|update|delete|values|table)\b/i.test(body);
}
