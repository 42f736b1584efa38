import { expect, it, vi } from 'vitest';
import { errorKeys } from '@kabuto/contracts/errors';
import { describeEachDatabase, type Harness } from '../test/harness.ts';
import { fund, verifiedMember } from '../test/money-fixtures.ts';
import { verifySecret } from './password-hash.ts';
import type * as PasswordHash from './password-hash.ts';

// The PIN check is the step between counting an attempt and storing its outcome: making it throw once stands for the
// process dying there.
vi.mock('./password-hash.ts', async (importOriginal) => {
  const actual = await importOriginal<typeof PasswordHash>();
  return { ...actual, verifySecret: vi.fn(actual.verifySecret) };
});

const withdraw = (h: Harness, m: { headers: Record<string, string>; cardId: string }, pin: string) =>
  h.call('user/withdraw/create', { amount: '1000', fundPassword: pin, bankCardId: m.cardId }, m.headers);

describeEachDatabase('the fund PIN ladder when the process dies between counting a guess and storing it', (h) => {
  it('leaves the fifth guess locked for 15 minutes, not for ever', async () => {
    const m = await verifiedMember(h());
    await fund(h(), m, '50000', m.staff);
    for (let i = 0; i < 4; i++) {
      expect(await withdraw(h(), m, `00000${String(i)}`)).toMatchObject({ msg: errorKeys.password.fundWrong });
      h().clock.advance(61_000);
    }
    vi.mocked(verifySecret).mockRejectedValueOnce(new Error('the process died here'));
    const died = await withdraw(h(), m, '000009');
    expect(died.msg).not.toBe(errorKeys.password.fundWrong);

    const [row] = await h().db.query<{ fund_pin_locked_until: Date | null }>(
      `SELECT fund_pin_locked_until FROM members WHERE account = $1`,
      [m.account],
    );
    expect(row?.fund_pin_locked_until ? new Date(row.fund_pin_locked_until).getTime() : null).toBe(
      h().clock.now().getTime() + 15 * 60_000,
    );
    h().clock.advance(14 * 60_000);
    expect(await withdraw(h(), m, m.pin)).toMatchObject({ http: 429, msg: errorKeys.password.fundLocked });
    h().clock.advance(61_000);
    expect(await withdraw(h(), m, m.pin)).toMatchObject({ http: 200, status: 1 });
  });
});
