import { useSyncExternalStore } from 'react';
import { getSession } from '../../../shared/session/session.store.ts';

/** The deposit being prepared, shared by /user/recharge and the channel picker /user/rechargeChannel. */
export interface DepositDraft {
  channelId: string | null;
  amount: string;
  /** The receipt already uploaded for this deposit. */
  receiptId: string | null;
}

const empty: DepositDraft = { channelId: null, amount: '', receiptId: null };
// Kept per session token, so a draft never carries over to the next person signing in on this device.
let stored: { owner: string; draft: DepositDraft } = { owner: '', draft: empty };
const listeners = new Set<() => void>();

export function getDepositDraft(): DepositDraft {
  return stored.owner === getSession().token ? stored.draft : empty;
}

export function updateDepositDraft(patch: Partial<DepositDraft>): void {
  stored = { owner: getSession().token, draft: { ...getDepositDraft(), ...patch } };
  for (const listener of listeners) listener();
}

export function resetDepositDraft(): void {
  stored = { owner: getSession().token, draft: empty };
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useDepositDraft(): DepositDraft {
  return useSyncExternalStore(subscribe, getDepositDraft, getDepositDraft);
}
