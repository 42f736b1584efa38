import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { countdown } from './countdown.ts';

const now = new Date('2024-03-01T00:00:00.000Z');
const later = (ms: number) => new Date(now.getTime() + ms);

describe('countdown returns day, hour, minute, second until a date (SPEC §9)', () => {
  it('splits the remaining time into fields', () => {
    const ms = ((2 * 24 + 3) * 3600 + 4 * 60 + 5) * 1000;
    expect(countdown(later(ms), now)).toEqual({ day: 2, hour: 3, minute: 4, second: 5 });
  });

  it('drops partial seconds', () => {
    expect(countdown(later(59_999), now)).toEqual({ day: 0, hour: 0, minute: 0, second: 59 });
    expect(countdown(later(999), now)).toEqual({ day: 0, hour: 0, minute: 0, second: 0 });
  });

  it('shows exactly one day as one day', () => {
    expect(countdown(later(86_400_000), now)).toEqual({ day: 1, hour: 0, minute: 0, second: 0 });
  });

  it('is all zero at and after the target', () => {
    const zero = { day: 0, hour: 0, minute: 0, second: 0 };
    expect(countdown(now, now)).toEqual(zero);
    expect(countdown(later(-5_000), now)).toEqual(zero);
  });

  it('is all zero for an invalid date', () => {
    expect(countdown(new Date('nope'), now)).toEqual({ day: 0, hour: 0, minute: 0, second: 0 });
  });

  it('always gives non-negative integers in range that add back to the whole seconds left', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e12, max: 1e12 }), (ms) => {
        const { day, hour, minute, second } = countdown(later(ms), now);
        for (const field of [day, hour, minute, second]) {
          expect(Number.isInteger(field) && field >= 0).toBe(true);
        }
        expect(hour).toBeLessThan(24);
        expect(minute).toBeLessThan(60);
        expect(second).toBeLessThan(60);
        const seconds = ((day * 24 + hour) * 60 + minute) * 60 + second;
        expect(seconds).toBe(ms > 0 ? Math.floor(ms / 1000) : 0);
      }),
    );
  });
});
