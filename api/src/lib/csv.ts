/**
 * CSV exports that spreadsheet programs open safely: RFC 4180 (CRLF line ends, fields with a comma,
 * quote or line break quoted, quotes doubled), UTF-8 with a byte-order mark so accents show in Excel,
 * and every cell that a spreadsheet would read as a formula neutralised (OWASP "CSV injection").
 * The admin exports stream (sendCsvExport): read in pages, one export per user at a time, each page
 * in a turn among the other staff reads (lib/turns.ts), so a long export never holds the event loop
 * for more than one page. An export names its columns and how each cell is made from the row (CsvFormat).
 */
import { Readable } from 'node:stream';
import type { Knex } from 'knex';
import type { Context } from 'koa';
import { toBool, toIsoOrNull, toJson } from '../db/rows.js';
import { tooManyRequests } from '../errors.js';
import { inTurn, inTurns } from './turns.js';

export type CsvCell = string | number | boolean | Date | null | undefined;

/** Characters that make a spreadsheet evaluate the cell, or that hide such a character after them. */
export const FORMULA_START = /^[=+\-@\t\r]/;

/** A leading apostrophe makes spreadsheets show the text as text; it is the OWASP recommendation. */
export function neutralised(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

export function cellText(value: CsvCell): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString();
  // Numbers and booleans are written by us, never by a user: no formula can hide in them.
  if (typeof value !== 'string') return String(value);
  return neutralised(value);
}

export function quoted(text: string): string {
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvLine(cells: readonly CsvCell[]): string {
  return cells.map((cell) => quoted(cellText(cell))).join(',');
}

/** The whole file: BOM, header row, one row per record, CRLF after every row. */
export function toCsv(header: readonly string[], rows: readonly (readonly CsvCell[])[]): string {
  return `\uFEFF${[header, ...rows].map((row) => `${csvLine(row)}\r\n`).join('')}`;
}

/** Rows read per statement of an export: short statements, and memory for one page at a time. */
export const EXPORT_PAGE = 250;

/**
 * How a column of the database becomes a cell of an export, from the value either engine reads back
 * (db/rows.ts): as it is (text, a number the database counts), a number, an ISO 8601 date, JSON text,
 * or one of two labels for a boolean. Empty when null.
 */
export type CsvCellSource =
  | string
  | { column: string; as: 'number' | 'date' | 'json' }
  | { column: string; as: 'label'; yes: string; no: string };

/** An export's columns: each header beside the source of its cells, so the two cannot drift apart. */
export interface CsvFormat {
  columns: readonly (readonly [header: string, source: CsvCellSource])[];
  /** The column of a row that holds its id (the export's ids name rows by it). */
  id: string;
}

/** The cell of `row` that `source` names. */
function csvCellOf(row: Record<string, unknown>, source: CsvCellSource): CsvCell {
  if (typeof source === 'string') return row[source] as CsvCell;
  const value = row[source.column];
  if (value === null || value === undefined) return null;
  if (source.as === 'number') return Number(value);
  if (source.as === 'date') return toIsoOrNull(value);
  if (source.as === 'label') return toBool(value) ? source.yes : source.no;
  const parsed = toJson<unknown>(value, null);
  return parsed === null ? null : JSON.stringify(parsed);
}

/**
 * The CSV rows of a page, in the order of `ids` (the export's order): `rows` came back in whatever
 * order the database chose, and a row deleted in between is left out.
 */
export function csvPageText(
  rows: readonly Record<string, unknown>[],
  ids: readonly number[],
  format: CsvFormat,
): string {
  const byId = new Map(rows.map((row) => [Number(row[format.id]), row]));
  let text = '';
  for (const id of ids) {
    const row = byId.get(id);
    if (row) text += `${csvLine(format.columns.map(([, source]) => csvCellOf(row, source)))}\r\n`;
  }
  return text;
}

/**
 * The file as a stream: BOM and header, then each page's bytes. Readable.from pulls the next page only
 * when the client has taken the previous ones (backpressure): a slow download holds one page in
 * memory, not the whole export.
 */
export function csvStream(format: CsvFormat, pages: AsyncIterable<Buffer>): Readable {
  async function* chunks(): AsyncGenerator<string | Buffer> {
    yield `\uFEFF${csvLine(format.columns.map(([header]) => header))}\r\n`;
    for await (const bytes of pages) if (bytes.length > 0) yield bytes;
  }
  return Readable.from(chunks(), { objectMode: false });
}

/**
 * The export's pages, EXPORT_PAGE ids at a time in the order of `ids` (read first from the list's
 * index), each as CSV in UTF-8: `rowsOf` selects the rows of a page's ids, in any order.
 */
export async function* csvPagesById(
  ids: readonly number[],
  format: CsvFormat,
  rowsOf: (pageIds: number[]) => Knex.QueryBuilder | Promise<readonly Record<string, unknown>[]>,
): AsyncGenerator<Buffer> {
  // sendCsvExport reads each page in a turn (lib/turns.ts): whatever else waits goes first.
  for (let start = 0; start < ids.length; start += EXPORT_PAGE) {
    const pageIds = ids.slice(start, start + EXPORT_PAGE);
    const rows = (await rowsOf(pageIds)) as Record<string, unknown>[];
    yield Buffer.from(csvPageText(rows, pageIds, format));
  }
}

export const EXPORT_RUNNING = 'One of your exports is still running. Wait for it to finish, then try again.';

/** The users with an export under way, per app (its deps object): one export per user at a time. */
const exporting = new WeakMap<object, Set<number>>();

/**
 * Sends a CSV export as a stream (csvStream), one per user at a time: a second export asked while the
 * first is still being read answers 429 (the first goes on). `start` reads what the export needs
 * first (the ids, in order) and returns the pages; an error there is answered with the envelope.
 * The user's turn ends when the response ends, whether read to the end or dropped (Koa destroys the stream).
 */
export async function sendCsvExport(
  ctx: Context,
  app: object,
  userId: number,
  filename: string,
  format: CsvFormat,
  start: () => Promise<AsyncIterable<Buffer>>,
): Promise<void> {
  let running = exporting.get(app);
  if (!running) exporting.set(app, (running = new Set()));
  if (running.has(userId)) throw tooManyRequests(EXPORT_RUNNING, 5);
  running.add(userId);
  const done = () => running.delete(userId);
  try {
    // Reading the ids and then each page take turns with the other staff reads (lib/turns.ts).
    const body = csvStream(format, inTurns(app, await inTurn(app, start)));
    body.once('close', done);
    setCsvHeaders(ctx, filename);
    ctx.body = body;
  } catch (error) {
    done();
    throw error;
  }
}

export function setCsvHeaders(ctx: Context, filename: string): void {
  ctx.set('Content-Type', 'text/csv; charset=utf-8');
  ctx.set('Content-Disposition', `attachment; filename="${filename.replace(/[^\w.-]/g, '_')}"`);
  ctx.set('Cache-Control', 'private, no-store');
}
