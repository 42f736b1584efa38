import { randomUUID } from 'node:crypto';
import type { Harness } from './harness.ts';

// A valid 1×1 PNG.
export const tinyPng = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

export function multipart(fields: Record<string, string>, file: { name: string; type: string; data: Buffer }): { payload: Buffer; contentType: string } {
  const boundary = `----kabuto${randomUUID()}`;
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`));
  parts.push(file.data, Buffer.from(`\r\n--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

export async function upload(h: Harness, headers: Record<string, string>, purpose: 'id_front' | 'id_back' | 'deposit_receipt', data = tinyPng): Promise<string> {
  const { payload, contentType } = multipart({ purpose }, { name: `${purpose}.png`, type: 'image/png', data });
  const res = await h.app.inject({ method: 'POST', url: '/api/vue/upload/image', headers: { ...headers, 'content-type': contentType }, payload });
  const json = res.json() as { status: number; msg: string; data: { id: string } };
  if (json.status !== 1) throw new Error(`upload failed: ${json.msg}`);
  return json.data.id;
}

export async function staffHeaders(h: Harness): Promise<Record<string, string>> {
  return h.signIn(h.seed.staffAccount, h.seed.staffPassword);
}

/** A member through the real calls: registered, real-name verified by staff, a card added, a fund PIN set. */
export async function verifiedMember(h: Harness, opts: { realName?: string } = {}) {
  const m = await h.member();
  const realName = opts.realName ?? 'ヤマダ タロウ';
  const staff = await staffHeaders(h);
  const front = await upload(h, m.headers, 'id_front');
  const back = await upload(h, m.headers, 'id_back');
  const submit = await h.call('user/realName/submit', { realName, idNumber: 'AB1234567', frontImageId: front, backImageId: back }, m.headers);
  if (submit.status !== 1) throw new Error(`real-name submit failed: ${submit.msg}`);
  const queue = await h.call<{ items: { id: string; account: string }[] }>('admin/realName/list', { status: 'pending', pageSize: 100 }, staff);
  const mine = queue.data.items.find((i) => i.account === m.account);
  const decided = await h.call('admin/realName/decide', { id: mine?.id, decision: 'approve', reason: 'documents match' }, staff);
  if (decided.status !== 1) throw new Error(`real-name approval failed: ${decided.msg}`);
  const card = await h.call<{ id: string }>(
    'user/bankCards/add',
    { holderName: realName, bankName: 'Mizuho Bank', branchName: 'Tokyo', branchCode: '001', cardNumber: '1234567', cardType: 'ordinary' },
    m.headers,
  );
  if (card.status !== 1) throw new Error(`card failed: ${card.msg}`);
  const pin = await h.call('user/setFundPassword', { loginPassword: m.password, password: '246810', confirmPassword: '246810' }, m.headers);
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
export async function fund(h: Harness, member: { headers: Record<string, string> }, amount: string, staff: Record<string, string>): Promise<string> {
  const receipt = await upload(h, member.headers, 'deposit_receipt');
  const dep = await h.call<{ id: string }>('user/deposit/create', { channelId: await firstChannelId(h, member.headers), amount, receiptImageId: receipt }, member.headers);
  if (dep.status !== 1) throw new Error(`deposit failed: ${dep.msg}`);
  const ok = await h.call('admin/deposits/decide', { id: dep.data.id, decision: 'approve', reason: 'transfer received' }, staff);
  if (ok.status !== 1) throw new Error(`deposit approval failed: ${ok.msg}`);
  return dep.data.id;
}

export async function balanceOf(h: Harness, headers: Record<string, string>, currency = 'JPY'): Promise<{ available: string; frozen: string }> {
  const res = await h.call<{ balances: { currency: string; available: string; frozen: string }[] }>('user/assets', {}, headers);
  const b = res.data.balances.find((x) => x.currency === currency);
  return { available: b?.available ?? '0', frozen: b?.frozen ?? '0' };
}
