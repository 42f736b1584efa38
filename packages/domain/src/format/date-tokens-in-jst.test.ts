import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { formatDate, intlPartsAt } from './date.ts';

// 2024-01-01T15:04:05Z is Tuesday 2 January 2024, 00:04:05 in Tokyo (UTC+9).
const newYearUtc = new Date('2024-01-01T15:04:05.678Z');

describe('formatDate formats tokens Y M D h m s E in JST by default (SPEC §9)', () => {
  it('uses Y-M-D h:m:s in Asia/Tokyo by default', () => {
    expect(formatDate(newYearUtc)).toBe('2024-01-02 00:04:05');
  });

  it('does not depend on the machine time zone', () => {
    // The test process may run in any zone; the JST answer is fixed, and UTC differs from it.
    expect(formatDate(newYearUtc, 'Y/M/D h:m')).toBe('2024/01/02 00:04');
    expect(formatDate(newYearUtc, 'Y-M-D h:m:s', 'UTC')).toBe('2024-01-01 15:04:05');
    expect(formatDate(newYearUtc, 'Y-M-D h:m:s', 'America/New_York')).toBe('2024-01-01 10:04:05');
  });

  it('names the weekday per language', () => {
    expect(formatDate(newYearUtc, 'M月D日(E)')).toBe('01月02日(火)');
    expect(formatDate(newYearUtc, '週E', 'Asia/Tokyo', 'tw')).toBe('週二');
    expect(formatDate(newYearUtc, 'E, D', 'Asia/Tokyo', 'en')).toBe('Tue, 02');
    expect(formatDate(newYearUtc, 'E', 'UTC', 'en')).toBe('Mon');
  });

  it('pads to two digits and shows midnight as 00', () => {
    expect(formatDate(new Date('2024-03-04T15:00:00Z'), 'h:m:s')).toBe('00:00:00');
    expect(formatDate(new Date('2024-03-04T23:09:08Z'), 'Y-M-D h:m:s')).toBe('2024-03-05 08:09:08');
  });

  it('takes epoch milliseconds as a number or a digit string', () => {
    expect(formatDate(newYearUtc.getTime())).toBe('2024-01-02 00:04:05');
    expect(formatDate(String(newYearUtc.getTime()))).toBe('2024-01-02 00:04:05');
  });

  it('reads ISO strings with a zone as that instant', () => {
    expect(formatDate('2024-01-01T15:04:05Z')).toBe('2024-01-02 00:04:05');
    expect(formatDate('2024-01-02T00:04:05+09:00', 'Y-M-D h:m:s', 'UTC')).toBe('2024-01-01 15:04:05');
  });

  it('reads zone-less strings as wall time in the given zone', () => {
    expect(formatDate('2024-01-02 00:04:05')).toBe('2024-01-02 00:04:05');
    expect(formatDate('2024/01/02 00:04')).toBe('2024-01-02 00:04:00');
    expect(formatDate('2024-01-02', 'Y-M-D h:m:s E')).toBe('2024-01-02 00:00:00 火');
    expect(formatDate('2024-07-01 12:00:00', 'h:m', 'America/New_York')).toBe('12:00');
  });

  it('gives an empty string for invalid dates', () => {
    expect(formatDate(new Date('nope'))).toBe('');
    expect(formatDate(Number.NaN)).toBe('');
    expect(formatDate(Infinity)).toBe('');
    expect(formatDate('')).toBe('');
    expect(formatDate('yesterday')).toBe('');
    expect(formatDate('2024-02-30')).toBe('');
    expect(formatDate('2024-01-01 24:00:00')).toBe('');
    expect(formatDate(9e15)).toBe('');
  });

  it('copies characters that are not tokens', () => {
    expect(formatDate(newYearUtc, 'Y年M月D日 h時m分s秒')).toBe('2024年01月02日 00時04分05秒');
  });

  it('round-trips any instant through its JST wall time', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 4_102_444_800 }), (seconds) => {
        const instant = new Date(seconds * 1000);
        const shown = formatDate(instant);
        expect(shown).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
        expect(new Date(`${shown.replace(' ', 'T')}+09:00`).getTime()).toBe(instant.getTime());
        expect(formatDate(shown)).toBe(shown);
      }),
    );
  });

  it('reads fixed-offset zones by arithmetic exactly as Intl does', () => {
    // JST and UTC wall times come from arithmetic after 1951 (no time-zone data loaded); Intl is the reference.
    const intlText = (instant: number, timeZone: string) => {
      const wall = intlPartsAt(instant, timeZone);
      const pad = (n: number) => String(n).padStart(2, '0');
      return `${String(wall.year).padStart(4, '0')}-${pad(wall.month)}-${pad(wall.day)} ${pad(wall.hour)}:${pad(wall.minute)}:${pad(wall.second)} ${String(wall.weekday)}`;
    };
    fc.assert(
      fc.property(
        fc.integer({ min: Date.UTC(1952, 0, 1), max: Date.UTC(2200, 0, 1) }),
        fc.constantFrom('Asia/Tokyo', 'UTC'),
        (instant, zone) => {
          const weekday = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'].indexOf(
            formatDate(instant, 'E', zone, 'en'),
          );
          expect(`${formatDate(instant, 'Y-M-D h:m:s', zone)} ${String(weekday)}`).toBe(intlText(instant, zone));
        },
      ),
    );
  });

  it('keeps the time-zone data for Japan before 1952, when it observed daylight saving', () => {
    // Summer 1949: Tokyo clocks ran at UTC+10.
    expect(formatDate('1949-07-01T00:00:00Z', 'Y-M-D h:m')).toBe('1949-07-01 10:00');
    expect(formatDate('1949-12-01T00:00:00Z', 'Y-M-D h:m')).toBe('1949-12-01 09:00');
  });
});
