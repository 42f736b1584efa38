// DESIGN "Integrity is a feature": the credit score is computed by published rules, and every
// change to it has a reason the member can read. SPEC §6: withdrawal needs enough credit score.

export const creditScoreBase = 80;
/** SPEC §8 "credit score too low to withdraw": a withdrawal needs at least this score. */
export const withdrawalThreshold = 60;
export const creditScoreBounds = { min: 0, max: 100 } as const;

/** The published rules: what moves the score and by how much, each time it happens. */
export const creditRules = {
  realNameVerified: 10,
  depositApproved: 2,
  depositRejected: -10,
} as const;
export type CreditRule = keyof typeof creditRules;

export const isCreditRule = (value: string): value is CreditRule => Object.hasOwn(creditRules, value);

/** The rules as a list in their published order, for the member's screen. */
export const publishedCreditRules = (): { rule: CreditRule; delta: number }[] =>
  (Object.keys(creditRules) as CreditRule[]).map((rule) => ({ rule, delta: creditRules[rule] }));

/** Base plus the sum of the events' deltas, clamped to 0–100 (clamped once, so the order of events does not matter). */
export function creditScore(events: readonly { delta: number }[]): number {
  const raw = events.reduce((total, e) => total + e.delta, creditScoreBase);
  return Math.min(creditScoreBounds.max, Math.max(creditScoreBounds.min, raw));
}

export const mayWithdraw = (score: number): boolean => score >= withdrawalThreshold;
