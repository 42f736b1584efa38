import { expect, it } from 'vitest';
import { errorKeys } from '@kabuto/contracts/errors';
import { describeEachDatabase, type Harness } from '../test/harness.ts';
import { fund, verifiedMember } from '../test/money-fixtures.ts';

const withdraw = (h: Harness, m: { headers: Record<string, string>; cardId: string }, pin: string) =>
  h.call('user/withdraw/create', { amount: '1000', fundPassword: pin, bankCardId: m.cardId }, m.headers);

describeEachDatabase(
  'the fund PIN ladder: wait from the 3rd wrong PIN, lock at the 5th, on every call that checks it',
  (h) => {
    it('slows, then locks withdrawals, refuses even the right PIN while locked, and resets after a right PIN', async () => {
      const m = await verifiedMember(h());
      await fund(h(), m, '50000', m.staff);
      expect(await withdraw(h(), m, '000000')).toMatchObject({ http: 400, msg: errorKeys.password.fundWrong });
      expect(await withdraw(h(), m, '000001')).toMatchObject({ http: 400, msg: errorKeys.password.fundWrong });
      expect(await withdraw(h(), m, '000002')).toMatchObject({ http: 400, msg: errorKeys.password.fundWrong });
      // The 3rd failure starts a 30 s wait: every try inside it is refused without checking the PIN.
      expect(await withdraw(h(), m, m.pin)).toMatchObject({ http: 429, msg: errorKeys.password.fundLocked });
      h().clock.advance(31_000);
      expect(await withdraw(h(), m, '000003')).toMatchObject({ http: 400, msg: errorKeys.password.fundWrong });
      h().clock.advance(61_000);
      expect(await withdraw(h(), m, '000004')).toMatchObject({ http: 429, msg: errorKeys.password.fundLocked });
      h().clock.advance(14 * 60_000);
      expect(await withdraw(h(), m, m.pin)).toMatchObject({ http: 429, msg: errorKeys.password.fundLocked });
      h().clock.advance(61_000);
      expect(await withdraw(h(), m, m.pin)).toMatchObject({ http: 200, status: 1 });
      const [row] = await h().db.query<{ fund_pin_failures: number; fund_pin_locked_until: Date | null }>(
        `SELECT fund_pin_failures, fund_pin_locked_until FROM members WHERE account = $1`,
        [m.account],
      );
      expect(row).toEqual({ fund_pin_failures: 0, fund_pin_locked_until: null });
    });

    it('counts wrong PINs given to the change-PIN call on the same ladder', async () => {
      const m = await verifiedMember(h());
      const change = (oldPassword: string) =>
        h().call(
          'user/changeFundPassword',
          { oldPassword, newPassword: '135792', confirmPassword: '135792' },
          m.headers,
        );
      for (let i = 0; i < 4; i++) {
        expect(await change(`11111${i}`)).toMatchObject({ msg: errorKeys.password.fundWrong });
        h().clock.advance(61_000);
      }
      expect(await change('111119')).toMatchObject({ http: 429, msg: errorKeys.password.fundLocked });
      expect(await change(m.pin)).toMatchObject({ http: 429, msg: errorKeys.password.fundLocked });
    });

    it('lets at most five of twenty simultaneous guesses be checked', async () => {
      const m = await verifiedMember(h());
      await fund(h(), m, '50000', m.staff);
      const results = await Promise.all(Array.from({ length: 20 }, (_, i) => withdraw(h(), m, String(100000 + i))));
      expect(results.filter((r) => r.msg === errorKeys.password.fundWrong).length).toBeLessThanOrEqual(5);
      expect(results.filter((r) => r.msg === errorKeys.password.fundLocked).length).toBeGreaterThanOrEqual(15);
      // Whatever order the checked guesses finished in, the wait or lock they started stands: a late wrong guess used
      // to overwrite the fifth one's lock with its own shorter wait, or none, and let more guesses through.
      const [row] = await h().db.query<{ fund_pin_locked_until: Date | null }>(
        `SELECT fund_pin_locked_until FROM members WHERE account = $1`,
        [m.account],
      );
      expect(row?.fund_pin_locked_until ? new Date(row.fund_pin_locked_until).getTime() : 0).toBeGreaterThan(
        h().clock.now().getTime(),
      );
      expect(await withdraw(h(), m, m.pin)).toMatchObject({ http: 429, msg: errorKeys.password.fundLocked });
    });
  },
);
