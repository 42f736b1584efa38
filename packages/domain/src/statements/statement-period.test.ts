import { describe, expect, it } from 'vitest';
import { jstDateTime, statementPeriod } from './statement-period.ts';

// 2026-11-27 10:00 JST
const now = new Date('2026-11-27T01:00:00Z');

describe('the statement period in JST (issue 27)', () => {
  it('a month runs from 00:00 JST of its first day to 00:00 JST of the next month', () => {
    const p = statementPeriod({ kind: 'month', month: '2026-10' }, now);
    expect(p).toMatchObject({
      label: '2026-10',
      from: new Date('2026-09-30T15:00:00Z'),
      to: new Date('2026-10-31T15:00:00Z'),
      running: false,
      asOf: new Date('2026-10-31T15:00:00Z'),
    });
  });

  it('December runs into the next year, and a year from 1 January to 1 January JST', () => {
    expect(statementPeriod({ kind: 'month', month: '2025-12' }, now)).toMatchObject({
      to: new Date('2025-12-31T15:00:00Z'),
    });
    expect(statementPeriod({ kind: 'year', year: '2025' }, now)).toMatchObject({
      from: new Date('2024-12-31T15:00:00Z'),
      to: new Date('2025-12-31T15:00:00Z'),
    });
  });

  it('the running month and year close at now', () => {
    expect(statementPeriod({ kind: 'month', month: '2026-11' }, now)).toMatchObject({ running: true, asOf: now });
    expect(statementPeriod({ kind: 'year', year: '2026' }, now)).toMatchObject({ running: true, asOf: now });
  });

  it('the month is the JST month: 30 November 23:30 JST is still November', () => {
    const late = new Date('2026-11-30T14:30:00Z');
    expect(statementPeriod({ kind: 'month', month: '2026-12' }, late)).toEqual({ refused: 'periodInFuture' });
    expect(jstDateTime(late)).toBe('2026-11-30 23:30');
  });

  it('refuses malformed, future and out-of-range periods with their own reasons', () => {
    for (const month of ['2026-13', '2026-00', '2026-1', '26-11', '2026/11', '', '2026-11-01', '２０２６-11'])
      expect(statementPeriod({ kind: 'month', month }, now)).toEqual({ refused: 'periodInvalid' });
    expect(statementPeriod({ kind: 'month', month: '2026-12' }, now)).toEqual({ refused: 'periodInFuture' });
    expect(statementPeriod({ kind: 'month', month: '2030-01' }, now)).toEqual({ refused: 'periodInFuture' });
    expect(statementPeriod({ kind: 'month', month: '2019-12' }, now)).toEqual({ refused: 'yearOutOfRange' });
    expect(statementPeriod({ kind: 'year', year: '2027' }, now)).toEqual({ refused: 'yearOutOfRange' });
    expect(statementPeriod({ kind: 'year', year: '2019' }, now)).toEqual({ refused: 'yearOutOfRange' });
    expect(statementPeriod({ kind: 'year', year: '20x6' }, now)).toEqual({ refused: 'periodInvalid' });
  });
});
