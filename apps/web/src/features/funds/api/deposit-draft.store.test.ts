import { beforeEach, describe, expect, it } from 'vitest';
import { getDepositDraft, resetDepositDraft, updateDepositDraft } from './deposit-draft.store.ts';
import { clearSession, reloadSession, signIn } from '../../../shared/session/session.store.ts';

describe('deposit draft shared by recharge and the channel picker', () => {
  beforeEach(() => {
    localStorage.clear();
    reloadSession();
  });

  it('keeps the chosen channel, amount and receipt between the two screens', () => {
    signIn({ token: 'tok-a', account: '0901234567', isAdmin: false });
    updateDepositDraft({ amount: '50000', receiptId: 'r1' });
    updateDepositDraft({ channelId: 'c2' });
    expect(getDepositDraft()).toEqual({ channelId: 'c2', amount: '50000', receiptId: 'r1' });
    resetDepositDraft();
    expect(getDepositDraft()).toEqual({ channelId: null, amount: '', receiptId: null });
  });

  it('never shows one session’s draft to the next', () => {
    signIn({ token: 'tok-a', account: '0901234567', isAdmin: false });
    updateDepositDraft({ amount: '50000', receiptId: 'r1' });
    clearSession();
    signIn({ token: 'tok-b', account: '0907654321', isAdmin: false });
    expect(getDepositDraft()).toEqual({ channelId: null, amount: '', receiptId: null });
  });
});
