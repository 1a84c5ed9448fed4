/**
 * Case- and accent-insensitive substring search for the admin lists ("é", "É" and "e" all match one
 * another). Text is folded the same way on both sides: decomposed (NFD), combining marks dropped,
 * lower-cased. The query is folded here in JS; the column is folded in SQL by
 *  - SQLite: `fold(col)`, this very function registered on every connection (connection.ts);
 *  - PostgreSQL 13+ (UTF8 database): `lower(regexp_replace(normalize(col, NFD), <marks>, '', 'g'))`,
 *    built-in and immutable, so an expression index can hold it (users' name trigram index); no
 *    extension (unaccent is not always installed). A translate() table of accented letters was tried
 *    first: on 10,000 accented rows it took 5 s against 0.15 s for this (lower() alone: 0.03 s).
 *  - SQLite: 10,000 accented rows take about 80 ms through fold() against 12 ms for lower().
 * The admin lists hold hundreds of rows at most; the accounts search (100,000) reads trigram indexes.
 * LIKE's wildcards in the query are escaped: someone searching for % or _ means the characters.
 */
import type { Knex } from 'knex';
import { isPostgres, type Db } from './connection.js';
import { foldText } from './fold.js';

// The repositories and tests fold their queries with the same function the SQLite connections register.
export { foldText, registerFold } from './fold.js';

/** The combining marks PostgreSQL strips after NFD (JS strips every \p{M}; these are the accents). */
const MARKS = '[\u0300-\u036f\u1ab0-\u1aff\u1dc0-\u1dff\u20d0-\u20ff\ufe20-\ufe2f]';
/**
 * The folded form of a column (or any SQL expression), as SQL, with no bound values: the text is the
 * same as the expression of an index built on it (migration 20261123150000: change both together).
 */
export function foldedSql(db: Db, expression: string): string {
  // ASCII text (as many bytes as characters) has nothing to decompose: lower() alone, 5x cheaper.
  return isPostgres(db)
    ? `(case when octet_length(${expression}) = char_length(${expression}) then lower(${expression}) ` +
        `else lower(regexp_replace(normalize(${expression}, NFD), '${MARKS}', '', 'g')) end)`
    : `fold(${expression})`;
}

export function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, '\\$&');
}

/** The LIKE pattern for a substring search: folded, wildcards escaped (use with `escape '\'`). */
export function containsPattern(q: string): string {
  return `%${escapeLike(foldText(q))}%`;
}

/**
 * A filter keeping rows where any of `expressions` (columns, qualified when joined) holds `q`.
 * No `q` (or a blank one) keeps every row.
 */
export function matchingAny(db: Db, expressions: string[], q: string | undefined) {
  return (query: Knex.QueryBuilder): Knex.QueryBuilder => {
    if (!q) return query;
    const pattern = containsPattern(q);
    return query.where((match) => {
      for (const expression of expressions)
        match.orWhereRaw(`${foldedSql(db, expression)} like ? escape '\\'`, [pattern]);
    });
  };
}
