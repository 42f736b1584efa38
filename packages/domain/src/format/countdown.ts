export interface Countdown {
  day: number;
  hour: number;
  minute: number;
  second: number;
}

const SECOND_MS = 1000;

/**
 * SPEC §9 countdown: whole days, hours, minutes and seconds from `now` until `target`.
 * Partial seconds are dropped (a countdown never shows time that is not left); once the target
 * has passed, or either date is invalid, every field is zero. `now` is an argument so the rule is pure.
 */
export function countdown(target: Date, now: Date): Countdown {
  const remainingMs = target.getTime() - now.getTime();
  if (!Number.isFinite(remainingMs) || remainingMs <= 0) return { day: 0, hour: 0, minute: 0, second: 0 };
  const total = Math.floor(remainingMs / SECOND_MS);
  return {
    day: Math.floor(total / 86_400),
    hour: Math.floor((total % 86_400) / 3_600),
    minute: Math.floor((total % 3_600) / 60),
    second: total % 60,
  };
}
