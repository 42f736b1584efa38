import { randomBytes } from 'node:crypto';
import { expect, it } from 'vitest';
import type { TicketWire } from '@kabuto/contracts/trade/orders';
import { money, toWire } from '@kabuto/domain/money';
import { purchaseFee, type FeeSchedule } from '@kabuto/domain/trading/fees';
import { describeScaled } from '../test/scaled.ts';
import { post, twoProcesses, staffSignIn } from '../test/server-processes.ts';
import { waitFor } from '../test/wait-for.ts';

// Issue 24 "twice the orders": each process keeps the session and the trading terms an order reads; a change made
// through one process reaches the other's cache through the outbox and the bus, not only at its time to live (30 s for
// a session, 60 s for terms): both are awaited here for at most 5 s.

const staffPassword = `Staff${randomBytes(6).toString('hex')}6`;
const inviteCode = `RDC${randomBytes(3).toString('hex').toUpperCase()}`;

describeScaled('two processes keep what orders read, and forget it when it changes', (services) => {
  const procs = twoProcesses(services, 'kabuto_cache', {
    SEED_STAFF_PASSWORD: staffPassword,
    SEED_INVITE_CODE: inviteCode,
  });

  it('terms staff change through one process price the other’s next ticket; a sign-out through one ends the session on the other', async () => {
    const [a, b] = procs();
    const account = `05${String(Date.now()).slice(-8)}`;
    const password = 'abcd1234';
    expect(
      (await post(a, 'user/register', { account, password, confirmPassword: password, inviteCode, agree: true }))
        .status,
    ).toBe(1);
    const login = await post<{ token: string }>(a, 'user/login', { account, password, agree: true });
    const member = { token: login.data.token, account };
    const staff = await staffSignIn(a, '9000000001', staffPassword);

    const ticket = () =>
      post<TicketWire>(
        b,
        'trade/preview',
        { symbol: '7203', side: 'long', type: 'market', quantity: '100', leverage: 1 },
        member,
      );
    const before = await ticket(); // B now keeps this session and the terms
    expect(before.status).toBe(1);
    const settings = await post<{ terms: Record<string, unknown> }>(a, 'admin/trade/settings', {}, staff);
    const saved = await post(
      a,
      'admin/trade/settings/save',
      { ...settings.data.terms, purchaseRate: '0.004', minimumFee: '0', reason: 'fee schedule change' },
      staff,
    );
    expect(saved.status).toBe(1);
    const changedAt = Date.now();
    const after = await waitFor(
      'the new purchase rate on the ticket from the other process',
      5_000,
      ticket,
      (t) => t.status === 1 && t.data.purchaseFee !== before.data.purchaseFee,
      20,
    );
    const termsMs = Date.now() - changedAt;
    // 0.4 % of the notional, no minimum: the fee is the new schedule's, not the kept one's.
    const schedule = { ...(settings.data.terms as unknown as FeeSchedule), purchaseRate: '0.004', minimumFee: '0' };
    expect(after.data.purchaseFee).toBe(toWire(purchaseFee(schedule, money(after.data.notional))));

    expect((await post(a, 'user/logout', {}, member)).status).toBe(1);
    const endedAt = Date.now();
    const refused = await waitFor(
      'the ended session refused by the other process',
      5_000,
      () => post(b, 'user/info', {}, member),
      (r) => r.status === 0,
      20,
    );
    expect(refused.msg).toBe('errors.auth.required');
    process.stdout.write(
      `cache invalidation across processes (ms): terms ${String(termsMs)}, session ${String(Date.now() - endedAt)}\n`,
    );
  });
});
