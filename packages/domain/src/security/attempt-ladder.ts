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

/** Whether a new attempt may be made at `now`. */
export const mayAttempt = (state: AttemptState, now: Date): boolean => state.lockedUntil === null || state.lockedUntil.getTime() <= now.getTime();
