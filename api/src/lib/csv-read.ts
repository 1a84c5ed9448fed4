/**
 * Reads CSV text as RFC 4180 describes it: fields separated by commas, records by CRLF (a bare LF is
 * accepted too, as spreadsheets on some systems write it), fields in double quotes may hold commas,
 * line breaks and doubled quotes. Anything else is not CSV and is refused with the line it is on.
 */

export interface CsvRecord {
  /** The line the record starts on, 1 for the first. */
  line: number;
  fields: string[];
}

export class CsvSyntaxError extends Error {
  constructor(
    readonly line: number,
    reason: string,
  ) {
    super(`Line ${line}: ${reason}`);
  }
}

const COMMA = 0x2c;
const QUOTE = 0x22;
const LF = 0x0a;
const CR = 0x0d;

/** Line feeds in text[from, to). */
function lineFeeds(text: string, from: number, to: number): number {
  let count = 0;
  for (let at = text.indexOf('\n', from); at !== -1 && at < to; at = text.indexOf('\n', at + 1)) count += 1;
  return count;
}

/**
 * The records of `text` (without a leading BOM), one at a time as they are read: a caller that needs
 * at most so many stops there, without building the rest (issue 52: 5 million one-letter lines built
 * as records filled the heap). A record that is one empty field (a blank line) is left out.
 * Each field is cut from the text in one piece (issue 57: built a character at a time, the fields of a
 * 10 MB file were chains of one-character strings, hundreds of MB for the collector to walk).
 */
export function* csvRecords(text: string): Generator<CsvRecord, void, undefined> {
  const length = text.length;
  if (length === 0) return;
  let fields: string[] = [];
  let line = 1;
  let recordLine = 1;
  let i = 0;
  for (;;) {
    if (text.charCodeAt(i) === QUOTE) {
      // A quoted field: its pieces between doubled quotes, joined with one quote each.
      let field = '';
      let from = i + 1;
      for (;;) {
        const quote = text.indexOf('"', from);
        if (quote === -1) throw new CsvSyntaxError(recordLine, 'a quoted field is never closed');
        line += lineFeeds(text, from, quote);
        if (text.charCodeAt(quote + 1) === QUOTE) {
          field += text.slice(from, quote + 1);
          from = quote + 2;
          continue;
        }
        field += text.slice(from, quote);
        i = quote + 1;
        break;
      }
      const next = text.charCodeAt(i);
      if (i < length && next !== COMMA && next !== LF && !(next === CR && text.charCodeAt(i + 1) === LF)) {
        throw new CsvSyntaxError(line, 'a quoted field must be followed by a comma or the end of the line');
      }
      fields.push(field);
    } else {
      // Up to the next comma or line end; a lone CR is part of the field.
      const from = i;
      for (; i < length; i += 1) {
        const char = text.charCodeAt(i);
        if (char === COMMA || char === LF || (char === CR && text.charCodeAt(i + 1) === LF)) break;
        if (char === QUOTE) throw new CsvSyntaxError(line, 'a quote inside an unquoted field');
      }
      fields.push(text.slice(from, i));
    }
    const kept = fields.length > 1 || fields[0] !== '';
    if (i >= length) {
      if (kept) yield { line: recordLine, fields };
      return;
    }
    if (text.charCodeAt(i) === COMMA) {
      i += 1;
      continue;
    }
    i += text.charCodeAt(i) === CR ? 2 : 1;
    line += 1;
    if (kept) yield { line: recordLine, fields };
    fields = [];
    recordLine = line;
    if (i >= length) return;
  }
}
