import { describe, expect, it } from 'vitest';
import { csvRecords, CsvSyntaxError } from './csv-read.js';

const read = (text: string) => [...csvRecords(text)];
const failure = (text: string) => {
  try {
    read(text);
  } catch (error) {
    return error instanceof CsvSyntaxError ? error.message : error;
  }
  return undefined;
};

describe('reading CSV', () => {
  it('reads records ended by CRLF or a bare LF, with the line each starts on, leaving out blank lines', () => {
    expect(read('name,email\r\nAna,ana@example.org\n\r\nBo,bo@example.org')).toEqual([
      { line: 1, fields: ['name', 'email'] },
      { line: 2, fields: ['Ana', 'ana@example.org'] },
      { line: 4, fields: ['Bo', 'bo@example.org'] },
    ]);
    expect(read('')).toEqual([]);
    expect(read('\r\n\n')).toEqual([]);
  });

  it('keeps empty fields, a trailing one too, and a lone CR inside a field', () => {
    expect(read('a,,c,\r\n,\n')).toEqual([
      { line: 1, fields: ['a', '', 'c', ''] },
      { line: 2, fields: ['', ''] },
    ]);
    expect(read('a\rb,c')).toEqual([{ line: 1, fields: ['a\rb', 'c'] }]);
  });

  it('reads quoted fields with commas, doubled quotes and line breaks, counting the lines they span', () => {
    expect(read('"Smith, Ana","say ""hi""","two\r\nlines\nthree"\r\n"",x\r\n"""",last')).toEqual([
      { line: 1, fields: ['Smith, Ana', 'say "hi"', 'two\r\nlines\nthree'] },
      { line: 4, fields: ['', 'x'] },
      { line: 5, fields: ['"', 'last'] },
    ]);
    expect(read('"a"')).toEqual([{ line: 1, fields: ['a'] }]);
  });

  it('refuses what is not CSV, with the line it is on', () => {
    expect(failure('name\r\n"Ana,\r\nrest')).toBe('Line 2: a quoted field is never closed');
    expect(failure('name\r\nAn"a')).toBe('Line 2: a quote inside an unquoted field');
    expect(failure('a\r\n"multi\nline"x')).toBe(
      'Line 3: a quoted field must be followed by a comma or the end of the line',
    );
    expect(failure('"a"\rb')).toBe('Line 1: a quoted field must be followed by a comma or the end of the line');
  });

  it('gives the records one at a time, so a caller can stop before the rest is read', () => {
    const records = csvRecords('a\r\nb\r\n"never closed');
    expect(records.next().value).toEqual({ line: 1, fields: ['a'] });
    expect(records.next().value).toEqual({ line: 2, fields: ['b'] });
    expect(() => records.next()).toThrow(CsvSyntaxError);
  });
});
