/**
 * CSV exports that spreadsheet programs open safely: RFC 4180 (CRLF line ends, fields with a comma,
 * quote or line break quoted, quotes doubled), UTF-8 with a byte-order mark so accents show in Excel,
 * and every cell that a spreadsheet would read as a formula neutralised (OWASP "CSV injection").
 */
import type { Context } from 'koa';

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

/** Sends `csv` as a download named `filename` (ASCII letters, digits, dots, dashes only). */
export function sendCsv(ctx: Context, filename: string, csv: string): void {
  ctx.set('Content-Type', 'text/csv; charset=utf-8');
  ctx.set('Content-Disposition', `attachment; filename="${filename.replace(/[^\w.-]/g, '_')}"`);
  ctx.set('Cache-Control', 'private, no-store');
  ctx.body = csv;
}
