import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { afterFailedAttempt, attemptLadder, mayAttempt } from './attempt-ladder.ts';

const now = new Date('2026-11-20T01:00:00Z');
const plus = (s: number) => new Date(now.getTime() + s * 1000);

describe('the wait-then-lock ladder for wrong secrets', () => {
  it('lets the first two failures through without a wait', () => {
    expect(afterFailedAttempt(0, now)).toEqual({ failures: 1, lockedUntil: null, locked: false });
    expect(afterFailedAttempt(1, now)).toEqual({ failures: 2, lockedUntil: null, locked: false });
  });

  it('makes the 3rd and 4th failures wait 30 s and 60 s', () => {
    expect(afterFailedAttempt(2, now)).toEqual({ failures: 3, lockedUntil: plus(30), locked: false });
    expect(afterFailedAttempt(3, now)).toEqual({ failures: 4, lockedUntil: plus(60), locked: false });
  });

  it('locks for 15 minutes on the 5th failure and starts counting afresh', () => {
    expect(afterFailedAttempt(4, now)).toEqual({ failures: 0, lockedUntil: plus(attemptLadder.lockMinutes * 60), locked: true });
  });

  it('allows an attempt only once the wait has passed', () => {
    expect(mayAttempt({ failures: 3, lockedUntil: plus(30) }, now)).toBe(false);
    expect(mayAttempt({ failures: 3, lockedUntil: plus(30) }, plus(30))).toBe(true);
    expect(mayAttempt({ failures: 0, lockedUntil: null }, now)).toBe(true);
  });
});

describe('the ladder as a property', () => {
  it('never sets a wait in the past, and locks exactly when the count reaches 5', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 50 }), (failed) => {
        const next = afterFailedAttempt(failed, now);
        expect(next.locked).toBe(failed + 1 >= attemptLadder.lockAfter);
        if (next.lockedUntil) expect(next.lockedUntil.getTime()).toBeGreaterThan(now.getTime());
        expect(next.failures).toBe(next.locked ? 0 : failed + 1);
        expect(next.lockedUntil === null).toBe(failed + 1 < attemptLadder.slowAfter);
      }),
    );
  });

  it('matches the published constants', () => {
    expect(attemptLadder).toEqual({ slowAfter: 3, slowStepSeconds: 30, lockAfter: 5, lockMinutes: 15 });
  });
});
