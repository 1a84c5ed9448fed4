import { describe, expect, it } from 'vitest';
import { csvLine, toCsv } from './csv.js';

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
