import { describe, expect, it } from 'vitest';
import { csvLine, csvPageText, toCsv, type CsvFormat } from './csv.js';

describe('CSV exports', () => {
  it('starts with a byte-order mark and ends every row with CRLF', () => {
    const csv = toCsv(['Name', 'E-mail'], [['Zoë Müller', 'zoe@example.org']]);
    expect(csv).toBe('\uFEFFName,E-mail\r\nZoë Müller,zoe@example.org\r\n');
  });

  it('quotes fields with commas, quotes or line breaks and doubles the quotes (RFC 4180)', () => {
    expect(csvLine(['a,b', 'say "hi"', 'two\nlines', 'cr\rhere', 'plain'])).toBe(
      '"a,b","say ""hi""","two\nlines","cr\rhere",plain',
    );
  });

  it.each([
    ['=HYPERLINK("http://evil.example")', `"'=HYPERLINK(""http://evil.example"")"`],
    ['+1+1', "'+1+1"],
    ['-2+3', "'-2+3"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\t=1', "'\t=1"],
    ['\r=1', `"'\r=1"`],
  ])('neutralises a cell that a spreadsheet would run: %j', (value, written) => {
    expect(csvLine([value])).toBe(written);
  });

  it('writes numbers, booleans, dates and empty values as they are', () => {
    expect(csvLine([-5, true, new Date('2026-06-17T10:00:00.000Z'), null, undefined, ''])).toBe(
      '-5,true,2026-06-17T10:00:00.000Z,,,',
    );
  });
});

describe('CSV pages from database rows', () => {
  const format: CsvFormat = {
    columns: [
      ['Name', 'name'],
      ['Count', { column: 'count', as: 'number' }],
      ['At', { column: 'at', as: 'date' }],
      ['Changes', { column: 'changes', as: 'json' }],
      ['Status', { column: 'active', as: 'label', yes: 'Active', no: 'Deactivated' }],
    ],
    id: 'row_id',
  };

  it('reads each engine’s values as the presenters do: SQLite’s numbers and text, PostgreSQL’s Dates and objects', () => {
    const at = Date.parse('2026-06-17T10:00:00.000Z');
    const sqlite = { row_id: 1, name: '=cmd', count: 3, at, changes: '{"a":[1,"x"]}', active: 1 };
    const postgres = { row_id: 1, name: '=cmd', count: '3', at: new Date(at), changes: { a: [1, 'x'] }, active: true };
    const line = `'=cmd,3,2026-06-17T10:00:00.000Z,"{""a"":[1,""x""]}",Active\r\n`;
    expect(csvPageText([sqlite], [1], format)).toBe(line);
    expect(csvPageText([postgres], [1], format)).toBe(line);
    const empty = { row_id: 1, name: null, count: null, at: null, changes: null, active: 0 };
    expect(csvPageText([empty], [1], format)).toBe(',,,,Deactivated\r\n');
  });

  it('writes the rows in the order of the ids, and leaves out an id whose row is gone', () => {
    const row = (id: number) => ({ row_id: id, name: `n${id}`, count: id, at: null, changes: null, active: true });
    expect(csvPageText([row(1), row(3), row(2)], [3, 4, 1, 2], format)).toBe(
      'n3,3,,,Active\r\nn1,1,,,Active\r\nn2,2,,,Active\r\n',
    );
  });
});
