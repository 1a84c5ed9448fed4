import { describe, expect, it } from 'vitest';
import { moveItem } from './move-item';

describe('moveItem', () => {
  it('moves an item up, down and across the list without changing the input', () => {
    const items = ['a', 'b', 'c', 'd'];
    expect(moveItem(items, 1, 0)).toEqual(['b', 'a', 'c', 'd']);
    expect(moveItem(items, 1, 2)).toEqual(['a', 'c', 'b', 'd']);
    expect(moveItem(items, 0, 3)).toEqual(['b', 'c', 'd', 'a']);
    expect(items).toEqual(['a', 'b', 'c', 'd']);
  });
});
