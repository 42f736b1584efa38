import type { Harness } from './harness.ts';
import { uploadImage } from '../uploads/image-fixtures.ts';
import {
  pendingSubmissionId,
  staffHeaders,
  submitRealName,
  verifiedMember as realNameVerified,
} from '../verification/real-name-fixtures.ts';

/** A member through the real calls: registered, real-name verified by staff, a card added, a fund PIN set. */
export async function verifiedMember(h: Harness, opts: { realName?: string } = {}) {
  const m = await realNameVerified(h, opts.realName);
  const { realName } = m;
  const staff = await staffHeaders(h);
  const card = await h.call<{ id: string }>(
    'user/bankCards/add',
    {
      holderName: realName,
      bankName: 'Mizuho Bank',
      branchName: 'Tokyo',
      branchCode: '001',
      cardNumber: '1234567',
      cardType: 'ordinary',
    },
    m.headers,
  );
  if (card.status !== 1) throw new Error(`card failed: ${card.msg}`);
  const pin = await h.call(
    'user/setFundPassword',
    { loginPassword: m.password, password: '246810', confirmPassword: '246810' },
    m.headers,
  );
  if (pin.status !== 1) throw new Error(`fund PIN failed: ${pin.msg}`);
  return { ...m, realName, cardId: card.data.id, pin: '246810', staff };
}

export async function firstChannelId(h: Harness, headers: Record<string, string>): Promise<string> {
  const res = await h.call<{ channels: { id: string }[] }>('user/deposit/channels', {}, headers);
  const id = res.data.channels[0]?.id;
  if (!id) throw new Error('no deposit channel seeded');
  return id;
}

/** Deposits `amount` JPY and has staff approve it: money enters through the ledger as in production. */
export async function fund(
  h: Harness,
  member: { headers: Record<string, string> },
  amount: string,
  staff: Record<string, string>,
): Promise<string> {
  const receipt = await uploadImage(h.app, member.headers, 'deposit_receipt');
  const dep = await h.call<{ id: string }>(
    'user/deposit/create',
    { channelId: await firstChannelId(h, member.headers), amount, receiptImageId: receipt },
    member.headers,
  );
  if (dep.status !== 1) throw new Error(`deposit failed: ${dep.msg}`);
  const ok = await h.call<{ status: string }>(
    'admin/deposits/decide',
    { id: dep.data.id, decision: 'approve', reason: 'transfer received' },
    staff,
  );
  // A deposit above the four-eyes bar stays pending after one approval: callers fund below it.
  if (ok.status !== 1 || ok.data.status !== 'approved')
    throw new Error(`deposit approval failed: ${ok.msg} ${JSON.stringify(ok.data)}`);
  return dep.data.id;
}

export async function balanceOf(
  h: Harness,
  headers: Record<string, string>,
  currency = 'JPY',
): Promise<{ available: string; frozen: string }> {
  const res = await h.call<{ balances: { currency: string; available: string; frozen: string }[] }>(
    'user/assets',
    {},
    headers,
  );
  const b = res.data.balances.find((x) => x.currency === currency);
  return { available: b?.available ?? '0', frozen: b?.frozen ?? '0' };
}

/**
 * A new member whose real name `staff` approved, funded with `deposits` deposits of `amount` yen each (each below the
 * four-eyes bar, so one approval settles it). Staff headers are passed in: staff sign-ins are throttled like anyone's.
 */
export async function verifiedFundedMember(
  h: Harness,
  staff: Record<string, string>,
  amount = '500000',
  deposits = 1,
): Promise<{ account: string; password: string; headers: Record<string, string> }> {
  const m = await h.member();
  const submitted = await submitRealName(h, m.headers);
  if (submitted.status !== 1) throw new Error(`submit failed: ${submitted.msg}`);
  const id = await pendingSubmissionId(h, staff, m.account);
  const decided = await h.call('admin/realName/decide', { id, decision: 'approve', reason: 'documents match' }, staff);
  if (decided.status !== 1) throw new Error(`approval failed: ${decided.msg}`);
  for (let i = 0; i < deposits; i++) await fund(h, m, amount, staff);
  return m;
}
