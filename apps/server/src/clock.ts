// STYLE §1: `now` is an input; tests inject their own clock.
export interface Clock {
  now(): Date;
}
export const systemClock: Clock = { now: () => new Date() };
