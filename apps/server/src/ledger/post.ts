import type { Sql } from '@kabuto/db/database';
import { InsufficientFundsError, postEntries, postEntry, type EntryInput } from '@kabuto/db/ledger';
import type { ErrorKey } from '@kabuto/contracts/errors';
import { refuse } from '../errors/public.ts';

/** Posts one entry; a balance that would go negative becomes the given catalogued refusal. */
export async function post(sql: Sql, entry: EntryInput, whenShort: ErrorKey): Promise<string> {
  try {
    return await postEntry(sql, entry);
  } catch (err) {
    if (err instanceof InsufficientFundsError) throw refuse(whenShort);
    throw err;
  }
}

/** Posts many entries in one go (a batch of orders); a balance that would go negative refuses them all. */
export async function postMany(sql: Sql, entries: readonly EntryInput[], whenShort: ErrorKey): Promise<string[]> {
  try {
    return await postEntries(sql, entries);
  } catch (err) {
    if (err instanceof InsufficientFundsError) throw refuse(whenShort);
    throw err;
  }
}

// Reasons a member reads in the timeline (translated by the client).
export const ledgerReasons = {
  deposit: 'ledger.deposit',
  withdrawalRequested: 'ledger.withdrawalRequested',
  withdrawalPaid: 'ledger.withdrawalPaid',
  withdrawalReturned: 'ledger.withdrawalReturned',
  exchange: 'ledger.exchange',
  referralReward: 'ledger.referralReward',
  tradeOpen: 'ledger.tradeOpen',
  tradeHold: 'ledger.tradeHold',
  tradeFill: 'ledger.tradeFill',
  tradeRelease: 'ledger.tradeRelease',
  tradeClose: 'ledger.tradeClose',
  tradeMarginAdded: 'ledger.tradeMarginAdded',
  tradeFinancing: 'ledger.tradeFinancing',
  ipoHold: 'ledger.ipoHold',
  ipoRelease: 'ledger.ipoRelease',
  ipoPay: 'ledger.ipoPay',
  ipoLapse: 'ledger.ipoLapse',
  ipoCancel: 'ledger.ipoCancel',
  ipoGrab: 'ledger.ipoGrab',
  blockHold: 'ledger.blockHold',
  blockApproved: 'ledger.blockApproved',
  blockRejected: 'ledger.blockRejected',
  loanDisbursed: 'ledger.loanDisbursed',
  loanInterest: 'ledger.loanInterest',
  loanRepaid: 'ledger.loanRepaid',
  daytradeClosed: 'ledger.daytradeClosed',
  copyFollow: 'ledger.copyFollow',
  copyOpen: 'ledger.copyOpen',
  copyClose: 'ledger.copyClose',
  copyReturn: 'ledger.copyReturn',
  copyFee: 'ledger.copyFee',
} as const;
