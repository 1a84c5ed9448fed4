import { describe, expect, it } from 'vitest';
import { changeText } from './StatCards';

describe('stat card change text', () => {
  it('says plain words where the comparison means nothing: no base, no history, or not the same basis', () => {
    expect(changeText('totalUsers', 100, { current: 3, previous: 0, comparable: false })).toEqual({
      text: '3 new in the last 30 days',
      trend: 'plain',
    });
    expect(changeText('totalActivities', 0, { current: 0, previous: 0, comparable: false }).text).toBe(
      'None new in the last 30 days',
    );
    // A head count of admins against admins created: never "−100%" in red.
    expect(changeText('activeAdmins', -100, { current: 0, previous: 2, comparable: false })).toEqual({
      text: 'None added in the last 30 days',
      trend: 'plain',
    });
  });

  it('gives a whole percentage where it is comparable, and words past three times the base', () => {
    expect(changeText('totalUsers', 20, { current: 1200, previous: 1000, comparable: true })).toEqual({
      text: '1,200 new in the last 30 days (+20% on the 30 days before)',
      trend: 'up',
    });
    expect(changeText('totalUsers', -33.3, { current: 20, previous: 30, comparable: true })).toEqual({
      text: '20 new in the last 30 days (−33% on the 30 days before)',
      trend: 'down',
    });
    expect(changeText('totalTestimonials', 0, { current: 12, previous: 12, comparable: true }).text).toBe(
      '12 new in the last 30 days (±0% on the 30 days before)',
    );
    // 10 → 102 is "+920%" as a percentage.
    expect(changeText('totalActivities', 920, { current: 102, previous: 10, comparable: true })).toEqual({
      text: '102 new in the last 30 days, over 3 times the 10 before',
      trend: 'up',
    });
  });

  it("keeps SPEC's percentage when the server sent no periods (sample numbers)", () => {
    expect(changeText('totalUsers', 12.5)).toEqual({ text: '+12.5% from last month', trend: 'up' });
    expect(changeText('activeAdmins', -5)).toEqual({ text: '-5% from last month', trend: 'down' });
  });
});
