import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import { errorKeys } from '@kabuto/contracts/errors';
import type { BankCard } from '@kabuto/contracts/funds/bank-cards';
import { describeEachDatabase } from '../test/harness.ts';
import { submitRealName, verifiedMember } from '../verification/real-name-fixtures.ts';
import { requireOwnCard } from './bank-card.service.ts';

const card = (over: Record<string, unknown> = {}) => ({
  holderName: 'ヤマダ タロウ',
  bankName: 'Mizuho Bank',
  branchName: 'Tokyo',
  branchCode: '001',
  cardNumber: '1234567',
  cardType: 'ordinary',
  ...over,
});

// SPEC §5: bank card fields required, real-name verification first. DESIGN: withdrawals only to cards in the verified name.
describeEachDatabase('bank card binding', (h) => {
  const add = (headers: Record<string, string>, over: Record<string, unknown> = {}) =>
    h().call<BankCard>('user/bankCards/add', card(over), headers);
  const list = (headers: Record<string, string>) => h().call<BankCard[]>('user/bankCards/list', {}, headers);
  const remove = (headers: Record<string, string>, id: unknown) => h().call('user/bankCards/remove', { id }, headers);
  const memberId = async (account: string) =>
    (await h().db.query<{ id: string }>(`SELECT id FROM members WHERE account = $1`, [account]))[0]?.id as string;

  it('asks for real-name verification first, also while it is under review', async () => {
    const m = await h().member();
    expect(await add(m.headers)).toMatchObject({ http: 403, status: 0, msg: errorKeys.verification.required });
    await submitRealName(h(), m.headers);
    expect(await add(m.headers)).toMatchObject({ http: 403, status: 0, msg: errorKeys.verification.required });
    expect((await list(m.headers)).data).toEqual([]);
  });

  it('adds a card in the verified name and shows only the last 4 digits of its number', async () => {
    const m = await verifiedMember(h());
    const res = await add(m.headers, { cardNumber: '12345678901' });
    expect(res).toMatchObject({
      http: 200,
      status: 1,
      msg: 'success.cardAdded',
      data: {
        holderName: 'ヤマダ タロウ',
        bankName: 'Mizuho Bank',
        branchCode: '001',
        cardNumberMasked: '*******8901',
        cardType: 'ordinary',
        ifsc: null,
        upi: null,
      },
    });
    const listed = await list(m.headers);
    expect(listed.data).toEqual([res.data]);
    expect(JSON.stringify(listed.data)).not.toContain('12345678901');
  });

  it('compares the holder name after NFKC, without spaces or case: half-width kana and full-width letters match', async () => {
    const kana = await verifiedMember(h(), 'ヤマダ タロウ');
    expect(await add(kana.headers, { holderName: 'ﾔﾏﾀﾞ ﾀﾛｳ', cardNumber: '1000001' })).toMatchObject({
      http: 200,
      status: 1,
    });
    expect(await add(kana.headers, { holderName: 'ヤマダ　タロウ', cardNumber: '1000002' })).toMatchObject({
      http: 200,
      status: 1,
    });
    expect(await add(kana.headers, { holderName: 'ヤマダタロウ', cardNumber: '1000003' })).toMatchObject({
      http: 200,
      status: 1,
    });
    const latin = await verifiedMember(h(), 'Taro Yamada');
    expect(await add(latin.headers, { holderName: 'ＴＡＲＯ　ＹＡＭＡＤＡ', cardNumber: '1000004' })).toMatchObject({
      http: 200,
      status: 1,
    });
  });

  it('refuses another holder name (422 holderMismatch)', async () => {
    const m = await verifiedMember(h(), 'ヤマダ タロウ');
    for (const holderName of ['ヤマダ ハナコ', 'Yamada Taro', 'ヤマダ タロ', 'スズキ イチロウ']) {
      expect(await add(m.headers, { holderName }), holderName).toMatchObject({
        http: 422,
        status: 0,
        msg: errorKeys.cards.holderMismatch,
      });
    }
    expect((await list(m.headers)).data).toEqual([]);
  });

  it('refuses the same bank and number twice while the first is active, and allows it again after removal', async () => {
    const m = await verifiedMember(h());
    const first = await add(m.headers);
    expect(await add(m.headers)).toMatchObject({ http: 409, status: 0, msg: errorKeys.cards.alreadyExists });
    expect(await add(m.headers, { bankName: 'MUFG Bank' })).toMatchObject({ http: 200, status: 1 });
    expect(await remove(m.headers, first.data.id)).toMatchObject({ http: 200, status: 1, msg: 'success.cardRemoved' });
    expect(await add(m.headers)).toMatchObject({ http: 200, status: 1 });
  });

  it('needs IFSC and UPI for an Indian bank, and keeps them only then', async () => {
    const m = await verifiedMember(h());
    expect(await add(m.headers, { indianBank: true })).toMatchObject({
      http: 400,
      status: 0,
      msg: errorKeys.cards.indianFieldsRequired,
    });
    expect(await add(m.headers, { indianBank: true, ifsc: 'SBIN0001234' })).toMatchObject({
      http: 400,
      msg: errorKeys.cards.indianFieldsRequired,
    });
    expect(await add(m.headers, { indianBank: true, upi: 'taro@okaxis' })).toMatchObject({
      http: 400,
      msg: errorKeys.cards.indianFieldsRequired,
    });
    expect(await add(m.headers, { indianBank: true, ifsc: 'sbin0001234', upi: 'taro@okaxis' })).toMatchObject({
      http: 400,
      msg: errorKeys.request.invalid,
    });
    const indian = await add(m.headers, {
      indianBank: true,
      ifsc: 'SBIN0001234',
      upi: 'taro@okaxis',
      bankName: 'State Bank of India',
    });
    expect(indian).toMatchObject({ http: 200, data: { ifsc: 'SBIN0001234', upi: 'taro@okaxis' } });
    const plain = await add(m.headers, { ifsc: 'SBIN0001234', upi: 'taro@okaxis', bankName: 'Resona Bank' });
    expect(plain).toMatchObject({ http: 200, data: { ifsc: null, upi: null } });
  });

  it('never lets member B see, use or remove A’s card: the same 404 as a missing card', async () => {
    const a = await verifiedMember(h());
    const b = await verifiedMember(h());
    const aCard = await add(a.headers);
    expect((await list(b.headers)).data.map((c) => c.id)).not.toContain(aCard.data.id);
    for (const id of [aCard.data.id, randomUUID(), 'not-a-uuid', ' ']) {
      const res = await remove(b.headers, id);
      expect([400, 404], String(id)).toContain(res.http);
      expect(res.status).toBe(0);
      if (res.http === 404) expect(res.msg).toBe(errorKeys.cards.bankCardNotExist);
    }
    expect(await remove(b.headers, aCard.data.id)).toMatchObject({ http: 404, msg: errorKeys.cards.bankCardNotExist });
    expect((await list(a.headers)).data.map((c) => c.id)).toEqual([aCard.data.id]);
    // The withdrawal code's check answers the same way.
    await expect(requireOwnCard(h().db, await memberId(b.account), aCard.data.id)).rejects.toMatchObject({
      key: errorKeys.cards.bankCardNotExist,
    });
    expect(await requireOwnCard(h().db, await memberId(a.account), aCard.data.id)).toEqual({
      id: aCard.data.id,
      holderName: 'ヤマダ タロウ',
      bankName: 'Mizuho Bank',
      branchName: 'Tokyo',
      cardNumber: '1234567',
    });
  });

  it('keeps a card with a pending withdrawal, and removes it once the withdrawal is decided', async () => {
    const m = await verifiedMember(h());
    const c = await add(m.headers);
    const [w] = await h().db.query<{ id: string }>(
      `INSERT INTO withdrawals (order_no, member_id, bank_card_id, currency, amount, created_at) VALUES ($1, $2, $3, 'JPY', 10000, now()) RETURNING id`,
      [randomUUID(), await memberId(m.account), c.data.id],
    );
    expect(await remove(m.headers, c.data.id)).toMatchObject({
      http: 409,
      status: 0,
      msg: errorKeys.cards.pendingWithdrawal,
    });
    expect((await list(m.headers)).data).toHaveLength(1);
    await h().db.query(`UPDATE withdrawals SET status = 'approved', decided_at = now() WHERE id = $1`, [
      w?.id as string,
    ]);
    expect(await remove(m.headers, c.data.id)).toMatchObject({ http: 200, status: 1 });
    const [row] = await h().db.query<{ removed_at: Date | null }>(`SELECT removed_at FROM bank_cards WHERE id = $1`, [
      c.data.id,
    ]);
    expect(new Date(row?.removed_at as Date).toISOString()).toBe(h().clock.now().toISOString());
    expect((await list(m.headers)).data).toEqual([]);
    expect(await remove(m.headers, c.data.id)).toMatchObject({ http: 404, msg: errorKeys.cards.bankCardNotExist });
    await expect(requireOwnCard(h().db, await memberId(m.account), c.data.id)).rejects.toMatchObject({
      key: errorKeys.cards.bankCardNotExist,
    });
  });

  it('refuses malformed fields with request.invalid', async () => {
    const m = await verifiedMember(h());
    for (const over of [
      { cardNumber: '12ab567' },
      { cardNumber: '123' },
      { branchCode: 'x' },
      { cardType: 'gold' },
      { holderName: '' },
      { bankName: 'x'.repeat(65) },
    ]) {
      expect(await add(m.headers, over), JSON.stringify(over)).toMatchObject({
        http: 400,
        status: 0,
        msg: errorKeys.request.invalid,
      });
    }
  });
});
