import { describe, expect, it } from 'vitest';
import { changeText } from './StatCards';

describe('stat card change text', () => {
  it('says "new this month" instead of +100 % when last month had none', () => {
    expect(changeText(100, { current: 3, previous: 0 })).toBe('3 new this month');
    expect(changeText(0, { current: 0, previous: 0 })).toBe('None new this month');
  });
  it('keeps the percentage when last month had some, or when the server sent no periods', () => {
    expect(changeText(50, { current: 3, previous: 2 })).toBe('+50% from last month');
    expect(changeText(-66.7, { current: 1, previous: 3 })).toBe('-66.7% from last month');
    expect(changeText(12.5)).toBe('+12.5% from last month');
  });
});
