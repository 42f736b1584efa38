import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { afterClaimedFailure, afterFailedAttempt, attemptLadder, claimAttempt, mayAttempt } from './attempt-ladder.ts';
import type { AttemptState } from './attempt-ladder.ts';

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
    expect(afterFailedAttempt(4, now)).toEqual({
      failures: 0,
      lockedUntil: plus(attemptLadder.lockMinutes * 60),
      locked: true,
    });
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

describe('the ladder when attempts are counted before they are checked (fund PIN, simultaneous guesses)', () => {
  // The server's protocol: claim (count + 1, refused while waiting or at the threshold), check the hash, then
  // store the failure. The failures of claimed attempts may land in any order.
  const claim = (state: AttemptState): { attempt: number | null; state: AttemptState } => {
    const claimed = claimAttempt(state, now);
    return claimed ? { attempt: claimed.attempt, state: claimed.next } : { attempt: null, state };
  };

  it('keeps the lock whatever order the claimed failures land in, so no sixth guess is checked', () => {
    fc.assert(
      fc.property(fc.shuffledSubarray([1, 2, 3, 4, 5], { minLength: 5, maxLength: 5 }), (order) => {
        let state: AttemptState = { failures: 0, lockedUntil: null };
        const claimed: number[] = [];
        for (let i = 0; i < 20; i++) {
          const tried = claim(state);
          state = tried.state;
          if (tried.attempt !== null) claimed.push(tried.attempt);
        }
        expect(claimed).toEqual([1, 2, 3, 4, 5]);
        for (const n of order) state = afterClaimedFailure(n, state, now);
        expect(state.lockedUntil).toEqual(plus(attemptLadder.lockMinutes * 60));
        expect(claim(state).attempt).toBeNull();
      }),
    );
  });

  it('never clears or shortens a wait another attempt started, and locks only at the threshold', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 5 }),
        fc.integer({ min: 0, max: 4 }),
        fc.option(fc.integer({ min: 1, max: 3600 })),
        (n, failures, wait) => {
          const current = { failures, lockedUntil: wait === null ? null : plus(wait) };
          const next = afterClaimedFailure(n, current, now);
          if (current.lockedUntil)
            expect(next.lockedUntil?.getTime()).toBeGreaterThanOrEqual(current.lockedUntil.getTime());
          expect(next.locked).toBe(n >= attemptLadder.lockAfter);
          expect(next.failures).toBe(next.locked ? 0 : failures);
        },
      ),
    );
  });

  it('applies the ladder to the number the attempt was claimed as', () => {
    const fresh = { failures: 3, lockedUntil: null };
    expect(afterClaimedFailure(3, fresh, now)).toEqual({ failures: 3, lockedUntil: plus(30), locked: false });
    expect(afterClaimedFailure(4, { failures: 4, lockedUntil: plus(30) }, now)).toEqual({
      failures: 4,
      lockedUntil: plus(60),
      locked: false,
    });
    expect(afterClaimedFailure(1, { failures: 1, lockedUntil: null }, now)).toEqual({
      failures: 1,
      lockedUntil: null,
      locked: false,
    });
  });

  it('locks as the fifth attempt is counted, so a check that never finishes leaves a lock that ends', () => {
    const counted = claimAttempt({ failures: 4, lockedUntil: null }, now);
    expect(counted).toEqual({ attempt: 5, next: { failures: 5, lockedUntil: plus(attemptLadder.lockMinutes * 60) } });
    // The process died before the failure was stored: refused during the lock, counted afresh after it.
    const left = counted?.next ?? { failures: 0, lockedUntil: null };
    expect(claimAttempt(left, plus(60))).toBeNull();
    expect(claimAttempt(left, plus(attemptLadder.lockMinutes * 60))).toEqual({
      attempt: 1,
      next: { failures: 1, lockedUntil: left.lockedUntil },
    });
  });
});
