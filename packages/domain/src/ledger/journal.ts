import { Decimal } from '../money.ts';
import type { Currency } from '../currency.ts';

// DESIGN "Money and the ledger": member books and house accounts. `copy` (issue 26, migration 028) holds the capital
// of the member's follows of copy-trading strategies; each follow's part of it is proven from its entries.
export const memberBooks = ['available', 'frozen', 'margin', 'loan', 'copy'] as const;
export type MemberBook = (typeof memberBooks)[number];
export const houseAccounts = [
  'bank_clearing',
  'fees',
  'interest',
  'trading',
  'fx',
  'ipo_escrow',
  'referral_rewards',
] as const;
export type HouseAccount = (typeof houseAccounts)[number];

export type AccountRef = { readonly member: string; readonly book: MemberBook } | { readonly house: HouseAccount };

export interface PostingLine {
  readonly account: AccountRef;
  readonly currency: Currency;
  /** Added to the account's balance: positive raises it, negative lowers it. */
  readonly amount: Decimal;
}

export class UnbalancedEntryError extends Error {
  constructor(readonly detail: string) {
    super(`Unbalanced journal entry: ${detail}`);
    this.name = 'UnbalancedEntryError';
  }
}

/** Promise 1: an entry has at least two non-zero lines and sums to zero in every currency. */
export function assertBalanced(lines: readonly PostingLine[]): void {
  if (lines.length < 2) throw new UnbalancedEntryError('fewer than two lines');
  const sums = new Map<Currency, Decimal>();
  for (const line of lines) {
    if (line.amount.isZero() || !line.amount.isFinite())
      throw new UnbalancedEntryError('a line of zero or non-finite amount');
    sums.set(line.currency, (sums.get(line.currency) ?? new Decimal(0)).plus(line.amount));
  }
  for (const [currency, sum] of sums) {
    if (!sum.isZero()) throw new UnbalancedEntryError(`${currency} sums to ${sum.toFixed()}`);
  }
}

/** A move of `amount` from one account to another, in one currency. */
export function transfer(from: AccountRef, to: AccountRef, currency: Currency, amount: Decimal): PostingLine[] {
  return [
    { account: from, currency, amount: amount.negated() },
    { account: to, currency, amount },
  ];
}
