// Wrong secrets (sign-in password, fund PIN): from the 3rd failure each try waits a little longer; the 5th locks.
export const attemptLadder = { slowAfter: 3, slowStepSeconds: 30, lockAfter: 5, lockMinutes: 15 } as const;

export interface AttemptState {
  /** Consecutive failures since the last success or lock. */
  failures: number;
  lockedUntil: Date | null;
}

/** The state after one more failure at `now`: a wait from the 3rd failure, a lock (and a fresh count) at the 5th. */
export function afterFailedAttempt(failures: number, now: Date): AttemptState & { locked: boolean } {
  const failed = failures + 1;
  if (failed >= attemptLadder.lockAfter) {
    return { failures: 0, lockedUntil: new Date(now.getTime() + attemptLadder.lockMinutes * 60_000), locked: true };
  }
  if (failed >= attemptLadder.slowAfter) {
    const wait = (failed - attemptLadder.slowAfter + 1) * attemptLadder.slowStepSeconds;
    return { failures: failed, lockedUntil: new Date(now.getTime() + wait * 1000), locked: false };
  }
  return { failures: failed, lockedUntil: null, locked: false };
}

const later = (a: Date | null, b: Date | null): Date | null =>
  a === null ? b : b === null || a.getTime() >= b.getTime() ? a : b;

/**
 * For a ladder that counts each attempt before checking it (the fund PIN): the stored state after the attempt that
 * was claimed as number `claimed` turned out wrong. Other attempts may have changed the state since the claim, so a
 * failure only ever adds: it never clears or shortens a wait or lock that another attempt started, and it leaves the
 * count alone (this attempt was counted when claimed; a lock since then has started the count afresh). Only the
 * attempt claimed at the lock threshold locks, and starts the count afresh.
 */
export function afterClaimedFailure(
  claimed: number,
  current: AttemptState,
  now: Date,
): AttemptState & { locked: boolean } {
  const ladder = afterFailedAttempt(Math.max(0, claimed - 1), now);
  const lockedUntil = later(current.lockedUntil, ladder.lockedUntil);
  if (ladder.locked) return { failures: 0, lockedUntil, locked: true };
  return { failures: current.failures, lockedUntil, locked: false };
}

/**
 * For a ladder that counts each attempt before checking it (the fund PIN): refused while a wait or lock runs; else the
 * attempt's number and the state to store. The attempt that reaches the lock threshold sets the lock at once, so a
 * check that never finishes (the process died after counting) still leaves a lock that ends; a count left at the
 * threshold once that lock has run out starts afresh.
 */
export function claimAttempt(state: AttemptState, now: Date): { attempt: number; next: AttemptState } | null {
  if (!mayAttempt(state, now)) return null;
  const attempt = state.failures >= attemptLadder.lockAfter ? 1 : state.failures + 1;
  const lockedUntil =
    attempt >= attemptLadder.lockAfter
      ? new Date(now.getTime() + attemptLadder.lockMinutes * 60_000)
      : state.lockedUntil;
  return { attempt, next: { failures: attempt, lockedUntil } };
}

/** Whether a new attempt may be made at `now`. */
export const mayAttempt = (state: AttemptState, now: Date): boolean =>
  state.lockedUntil === null || state.lockedUntil.getTime() <= now.getTime();
