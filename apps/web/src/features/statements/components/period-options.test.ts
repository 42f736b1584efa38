import { describe, expect, it } from 'vitest';
import { monthOptions, yearOptions } from './period-options.ts';

describe('the periods a member picks from (issue 27)', () => {
  it('counts months back from the JST month, across a year end', () => {
    // 1 February 2026 00:30 JST is still 31 January in UTC.
    const now = new Date('2026-01-31T15:30:00Z');
    expect(monthOptions(now, 4)).toEqual(['2026-02', '2026-01', '2025-12', '2025-11']);
  });

  it('never offers a period before the first statement year', () => {
    expect(monthOptions(new Date('2020-02-10T00:00:00Z'))).toEqual(['2020-02', '2020-01']);
    expect(yearOptions(new Date('2021-06-01T00:00:00Z'))).toEqual(['2021', '2020']);
    expect(yearOptions(new Date('2026-06-01T00:00:00Z'))).toEqual(['2026', '2025', '2024', '2023', '2022', '2021']);
  });
});
