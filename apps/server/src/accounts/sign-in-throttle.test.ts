import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { afterFailedSignIn, signInThrottle, type ThrottleState } from './sign-in-throttle.ts';

const now = new Date('2026-11-20T01:00:00Z');
const fresh: ThrottleState = { failedLogins: 0, lockedUntil: null };
const secondsAfterNow = (d: Date | null) => (d ? (d.getTime() - now.getTime()) / 1000 : null);

/** Applies n failures in a row at `now`. */
function fail(times: number, start: ThrottleState = fresh) {
  let state: ThrottleState & { locked: boolean } = { ...start, locked: false };
  for (let i = 0; i < times; i++) state = afterFailedSignIn(state, now);
  return state;
}

describe('sign-in throttle rule', () => {
  it('lets the first two failures through without a wait', () => {
    expect(fail(1)).toEqual({ failedLogins: 1, lockedUntil: null, locked: false });
    expect(fail(2)).toEqual({ failedLogins: 2, lockedUntil: null, locked: false });
  });

  it('makes the 3rd failure wait 30 seconds and the 4th 60 seconds', () => {
    expect(fail(3)).toMatchObject({ failedLogins: 3, locked: false });
    expect(secondsAfterNow(fail(3).lockedUntil)).toBe(30);
    expect(fail(4)).toMatchObject({ failedLogins: 4, locked: false });
    expect(secondsAfterNow(fail(4).lockedUntil)).toBe(60);
  });

  it('locks for 15 minutes on the 5th failure and starts the count again', () => {
    const s = fail(5);
    expect(s).toMatchObject({ failedLogins: 0, locked: true });
    expect(secondsAfterNow(s.lockedUntil)).toBe(15 * 60);
  });

  it('matches the published constants', () => {
    expect(signInThrottle).toEqual({ slowAfter: 3, slowStepSeconds: 30, lockAfter: 5, lockMinutes: 15 });
  });

  it('ignores the previous lockedUntil: the wait always counts from now', () => {
    const long = new Date(now.getTime() + 3_600_000);
    expect(afterFailedSignIn({ failedLogins: 0, lockedUntil: long }, now)).toEqual({ failedLogins: 1, lockedUntil: null, locked: false });
  });

  it('never sets a wait in the past, and locks exactly when the count reaches 5', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 50 }), (failed) => {
        const next = afterFailedSignIn({ failedLogins: failed, lockedUntil: null }, now);
        expect(next.locked).toBe(failed + 1 >= signInThrottle.lockAfter);
        if (next.lockedUntil) expect(next.lockedUntil.getTime()).toBeGreaterThan(now.getTime());
        expect(next.failedLogins).toBe(next.locked ? 0 : failed + 1);
        expect(next.lockedUntil === null).toBe(failed + 1 < signInThrottle.slowAfter);
      }),
    );
  });

  it('does not change the state it was given', () => {
    const state: ThrottleState = { failedLogins: 3, lockedUntil: null };
    afterFailedSignIn(state, now);
    expect(state).toEqual({ failedLogins: 3, lockedUntil: null });
  });
});
