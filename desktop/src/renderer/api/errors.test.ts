import { ApiError } from '@npo/shared';
import { describe, expect, it } from 'vitest';
import { describeError } from './errors';

describe('describeError', () => {
  it("lists the server's field errors as 'field: message' lines", () => {
    const error = new ApiError(400, 'Validation failed', [
      { field: 'question', message: 'Question must be at least 10 characters' },
      { field: 'answer', message: 'Answer must be at least 20 characters' },
    ]);
    expect(describeError(error, 'Failed to save FAQ')).toEqual([
      'question: Question must be at least 10 characters',
      'answer: Answer must be at least 20 characters',
    ]);
  });

  it("otherwise shows the server's message, nested or not, whatever the status", () => {
    const answered = (status: number, body: unknown) =>
      new ApiError(status, 'Request failed', [], undefined, undefined, { body });
    expect(
      describeError(
        answered(409, { success: false, message: 'The active version cannot be deleted' }),
        'Failed to delete version',
      ),
    ).toEqual(['The active version cannot be deleted']);
    expect(describeError(answered(500, { message: 'Database down' }), 'Failed to save FAQ')).toEqual(['Database down']);
    expect(describeError(answered(400, { data: { message: 'Nested msg' } }), 'Failed to save FAQ')).toEqual([
      'Nested msg',
    ]);
  });

  it('falls back to the SPEC text when the server said nothing', () => {
    expect(describeError(new ApiError(500, 'Request failed (500)'), 'Failed to save FAQ')).toEqual([
      'Failed to save FAQ',
    ]);
    expect(describeError(new Error('boom'), 'Failed to activate version')).toEqual(['Failed to activate version']);
  });
});
