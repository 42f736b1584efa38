// Repeated failed sign-ins: from the 3rd failure each try waits a little longer; the 5th locks the account.
export const signInThrottle = { slowAfter: 3, slowStepSeconds: 30, lockAfter: 5, lockMinutes: 15 } as const;

export interface ThrottleState {
  failedLogins: number;
  lockedUntil: Date | null;
}

/** Pure rule: the state after one more failed sign-in at `now`. */
export function afterFailedSignIn(state: ThrottleState, now: Date): ThrottleState & { locked: boolean } {
  const failed = state.failedLogins + 1;
  if (failed >= signInThrottle.lockAfter) {
    return { failedLogins: 0, lockedUntil: new Date(now.getTime() + signInThrottle.lockMinutes * 60_000), locked: true };
  }
  if (failed >= signInThrottle.slowAfter) {
    const wait = (failed - signInThrottle.slowAfter + 1) * signInThrottle.slowStepSeconds;
    return { failedLogins: failed, lockedUntil: new Date(now.getTime() + wait * 1000), locked: false };
  }
  return { failedLogins: failed, lockedUntil: null, locked: false };
}
