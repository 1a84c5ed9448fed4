/**
 * The fold of the admin searches (search.ts) in JS: the query's side on both engines, and SQLite's
 * fold() on the column's side, registered on every connection (connection.ts). Apart from search.ts,
 * so that connection.ts and search.ts do not import each other.
 */

export function foldText(value: string): string {
  return value.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/\p{M}/gu, '');
}

const foldedChars = new Map<string, string>();

/**
 * foldText for every row a search reads (SQLite's fold()): ASCII is only lower-cased, other characters
 * are folded one at a time and remembered. About ten times faster than normalising whole strings.
 */
export function foldRow(value: string): string {
  // eslint-disable-next-line no-control-regex
  if (/^[\x00-\x7f]*$/.test(value)) return value.toLowerCase();
  let folded = '';
  for (const char of value.toLowerCase()) {
    if (char.charCodeAt(0) < 0x80) {
      folded += char;
      continue;
    }
    let known = foldedChars.get(char);
    if (known === undefined) {
      known = foldText(char);
      foldedChars.set(char, known);
    }
    folded += known;
  }
  return folded;
}

/** Registers fold() on a better-sqlite3 connection; deterministic, so SQLite may index it too. */
export function registerFold(connection: {
  function(name: string, options: { deterministic: boolean }, fn: (value: unknown) => unknown): unknown;
}): void {
  connection.function('fold', { deterministic: true }, (value) => (typeof value === 'string' ? foldRow(value) : value));
}
