import { describe, expect, it } from 'vitest';
import { groupByDay } from './group-by-day.ts';

describe('records grouped by JST day (UX "Records")', () => {
  it('groups consecutive items by their Tokyo calendar day, keeping the order', () => {
    const items = [{ at: '2026-11-22T15:30:00Z' }, { at: '2026-11-22T14:59:00Z' }, { at: '2026-11-22T01:00:00Z' }];
    const groups = groupByDay(items, (i) => i.at, 'jp');
    expect(groups.map((g) => [g.day, g.items.length])).toEqual([
      ['2026-11-23 (月)', 1],
      ['2026-11-22 (日)', 2],
    ]);
  });
});
