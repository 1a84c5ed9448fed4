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

/**
 * The records of `text` (without a leading BOM), one at a time as they are read: a caller that needs
 * at most so many stops there, without building the rest (issue 52: 5 million one-letter lines built
 * as records filled the heap). A record that is one empty field (a blank line) is left out.
 */
export function* csvRecords(text: string): Generator<CsvRecord, void, undefined> {
  const records: CsvRecord[] = [];
  let fields: string[] = [];
  let field = '';
  let line = 1;
  let recordLine = 1;
  let quoted = false;
  /** The field was quoted and its closing quote was seen: only a separator may follow. */
  let closed = false;
  const endRecord = () => {
    fields.push(field);
    if (fields.length > 1 || fields[0] !== '') records.push({ line: recordLine, fields });
    fields = [];
    field = '';
    closed = false;
    recordLine = line;
  };
  for (let i = 0; i < text.length; i += 1) {
    if (records.length > 0) yield* records.splice(0);
    const char = text[i]!;
    if (quoted) {
      if (char === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i += 1;
        } else {
          quoted = false;
          closed = true;
        }
      } else {
        if (char === '\n') line += 1;
        field += char;
      }
    } else if (char === ',') {
      fields.push(field);
      field = '';
      closed = false;
    } else if (char === '\n' || (char === '\r' && text[i + 1] === '\n')) {
      if (char === '\r') i += 1;
      line += 1;
      endRecord();
    } else if (closed) {
      throw new CsvSyntaxError(line, 'a quoted field must be followed by a comma or the end of the line');
    } else if (char === '"') {
      if (field !== '') throw new CsvSyntaxError(line, 'a quote inside an unquoted field');
      quoted = true;
    } else {
      field += char;
    }
  }
  if (quoted) throw new CsvSyntaxError(recordLine, 'a quoted field is never closed');
  if (field !== '' || fields.length > 0 || closed) endRecord();
  yield* records;
}
