/**
 * CSV exports that spreadsheet programs open safely: RFC 4180 (CRLF line ends, fields with a comma,
 * quote or line break quoted, quotes doubled), UTF-8 with a byte-order mark so accents show in Excel,
 * and every cell that a spreadsheet would read as a formula neutralised (OWASP "CSV injection").
 * The admin exports stream (sendCsvExport): read in pages, one export per user at a time, each page
 * in a turn among the other staff reads (issue 19).
 */
import { Readable } from 'node:stream';
import type { Context } from 'koa';
import { tooManyRequests } from '../errors.js';
import { inTurn, inTurns } from './turns.js';

export type CsvCell = string | number | boolean | Date | null | undefined;

/** Characters that make a spreadsheet evaluate the cell, or that hide such a character after them. */
const FORMULA_START = /^[=+\-@\t\r]/;

/** A leading apostrophe makes spreadsheets show the text as text; it is the OWASP recommendation. */
function neutralised(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

function cellText(value: CsvCell): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString();
  // Numbers and booleans are written by us, never by a user: no formula can hide in them.
  if (typeof value !== 'string') return String(value);
  return neutralised(value);
}

function quoted(text: string): string {
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

export type CsvRows = readonly (readonly CsvCell[])[];

/**
 * The same file as toCsv, as a stream: BOM and header, then one chunk per page of rows. Readable.from
 * pulls the next page only when the client has taken the previous ones (backpressure): a slow
 * download holds one page in memory, not the whole export.
 */
export function csvStream(header: readonly string[], pages: AsyncIterable<CsvRows>): Readable {
  async function* chunks(): AsyncGenerator<string> {
    yield `\uFEFF${csvLine(header)}\r\n`;
    for await (const rows of pages) if (rows.length) yield rows.map((row) => `${csvLine(row)}\r\n`).join('');
  }
  return Readable.from(chunks(), { objectMode: false });
}

/**
 * The rows of `ids`, EXPORT_PAGE at a time, in the order of `ids` (the export's order, read first from
 * the list's index): `load` reads one page by id. A row deleted in between is left out.
 */
export async function* pagesById<Row>(
  ids: readonly number[],
  load: (ids: number[]) => Promise<Row[]>,
  idOf: (row: Row) => number,
): AsyncGenerator<Row[]> {
  // sendCsvExport reads each page in a turn (lib/turns.ts): whatever else waits goes first.
  for (let start = 0; start < ids.length; start += EXPORT_PAGE) {
    const pageIds = ids.slice(start, start + EXPORT_PAGE);
    const byId = new Map((await load(pageIds)).map((row) => [Number(idOf(row)), row]));
    yield pageIds.flatMap((id) => byId.get(id) ?? []);
  }
}

/** Each page of rows as CSV rows. */
export async function* csvPages<Row>(pages: AsyncIterable<Row[]>, toCells: (row: Row) => readonly CsvCell[]) {
  for await (const rows of pages) yield rows.map(toCells);
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
  header: readonly string[],
  start: () => Promise<AsyncIterable<CsvRows>>,
): Promise<void> {
  let running = exporting.get(app);
  if (!running) exporting.set(app, (running = new Set()));
  if (running.has(userId)) throw tooManyRequests(EXPORT_RUNNING, 5);
  running.add(userId);
  const done = () => running.delete(userId);
  try {
    // Reading the ids and then each page take turns with the other staff reads (lib/turns.ts).
    const body = csvStream(header, inTurns(app, await inTurn(app, start)));
    body.once('close', done);
    setCsvHeaders(ctx, filename);
    ctx.body = body;
  } catch (error) {
    done();
    throw error;
  }
}

function setCsvHeaders(ctx: Context, filename: string): void {
  ctx.set('Content-Type', 'text/csv; charset=utf-8');
  ctx.set('Content-Disposition', `attachment; filename="${filename.replace(/[^\w.-]/g, '_')}"`);
  ctx.set('Cache-Control', 'private, no-store');
}
