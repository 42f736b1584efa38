// SPEC §5–6: what stops a withdrawal before any amount is typed, most fundamental first.
export type WithdrawalBlocker =
  'frozen' | 'noWithdrawal' | 'noCard' | 'noFundPassword' | 'pendingWithdrawal' | 'creditScoreTooLow' | 'windowClosed';

export interface WithdrawalFacts {
  /** Active restriction kinds on the member (SPEC §6). */
  readonly restrictions: readonly string[];
  readonly cardCount: number;
  readonly hasFundPassword: boolean;
  readonly pendingWithdrawal: boolean;
  readonly creditScore: number;
  readonly creditThreshold: number;
  readonly windowOpen: boolean;
}

/** The first thing that stops a withdrawal, or null. The server refuses with it; the screen explains it. */
export function withdrawalBlocker(f: WithdrawalFacts): WithdrawalBlocker | null {
  if (f.restrictions.includes('frozen')) return 'frozen';
  if (f.restrictions.includes('no_withdrawal')) return 'noWithdrawal';
  if (f.cardCount === 0) return 'noCard';
  if (!f.hasFundPassword) return 'noFundPassword';
  if (f.pendingWithdrawal) return 'pendingWithdrawal';
  if (f.creditScore < f.creditThreshold) return 'creditScoreTooLow';
  if (!f.windowOpen) return 'windowClosed';
  return null;
}
