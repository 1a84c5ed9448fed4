/**
 * Knex prepares every SQLite query anew (`connection.prepare(sql)` per call). better-sqlite3 frees a
 * statement's native memory only when V8 collects its JS object, and V8 does not count that memory,
 * so under a stream of small queries thousands of finished statements wait for a major GC. Measured
 * with the mail worker's claim-and-mark pattern (400 batches of 25 rows): memory outside the JS heap
 * grew by 7 MB without reuse and by 1 MB with it. Keeping the last statement of each SQL text bounds
 * that, and saves parsing it again.
 *
 * Sharing a statement is safe because better-sqlite3 runs `all()` and `run()` to completion
 * synchronously; only `iterate()` keeps one busy, and knex never iterates (a busy one is not reused).
 */

/** The statements kept per connection: more than the distinct queries of a busy minute. */
export const KEPT_STATEMENTS = 200;

interface Statement {
  readonly busy: boolean;
}

interface PreparingConnection {
  prepare(sql: string): Statement;
}

export function reusePreparedStatements(connection: PreparingConnection, kept = KEPT_STATEMENTS): void {
  const prepare = connection.prepare.bind(connection);
  // A Map keeps insertion order: re-inserting on use makes its first key the least recently used.
  const statements = new Map<string, Statement>();
  connection.prepare = (sql: string) => {
    const cached = statements.get(sql);
    statements.delete(sql);
    const statement = cached && !cached.busy ? cached : prepare(sql);
    statements.set(sql, statement);
    if (statements.size > kept) statements.delete(statements.keys().next().value as string);
    return statement;
  };
}
