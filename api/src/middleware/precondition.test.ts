import { describe, expect, it } from 'vitest';
import { AppError, IF_MATCH_FORMAT } from '../errors.js';
import { MALFORMED_IF_MATCH } from '../test-support/expectations.js';
import { parseIfMatch } from './precondition.js';

describe('parseIfMatch', () => {
  it('reads no header as no precondition', () => {
    expect(parseIfMatch(undefined)).toBeUndefined();
  });

  it.each([
    ['"7"', [7]],
    ['W/"7"', [7]],
    [' "7" ', [7]],
    ['"3", "7"', [3, 7]],
    ['"3",W/"7"', [3, 7]],
    ['"999999999"', [999999999]],
  ])('reads %s as revisions %j', (header, revisions) => {
    expect(parseIfMatch(header)).toEqual(revisions);
  });

  it('reads * as any revision', () => {
    expect(parseIfMatch('*')).toBe('*');
    expect(parseIfMatch(' * ')).toBe('*');
  });

  it.each([...MALFORMED_IF_MATCH, '', '*, "3"'])('refuses %j with a 400 naming the header', (header) => {
    const refuse = () => parseIfMatch(header);
    expect(refuse).toThrow(AppError);
    try {
      refuse();
    } catch (error) {
      expect(error).toMatchObject({
        status: 400,
        code: 'validation_failed',
        errors: [{ field: 'If-Match', message: IF_MATCH_FORMAT }],
      });
    }
  });
});
