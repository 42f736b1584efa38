import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { assertBalanced } from '../ledger/journal.ts';
import { money } from '../money.ts';
import { accrue, decideRepayment, disburseLines, interestLines } from './loan-decisions.ts';

const loan = {
  memberId: 'm1',
  principal: money('100000'),
  interest: money('0'),
  dailyRate: '0.0004',
  interestThrough: '2026-11-27',
};

describe('loan decisions as ledger lines (issue 26)', () => {
  it('pays out from the loan book into available, balanced', () => {
    const lines = disburseLines('m1', money('100000'));
    assertBalanced(lines);
    expect(lines.map((l) => [l.account, l.amount.toFixed()])).toEqual([
      [{ member: 'm1', book: 'loan' }, '-100000'],
      [{ member: 'm1', book: 'available' }, '100000'],
    ]);
    assertBalanced(interestLines('m1', money('40')));
  });

  it('accrues each day once: the days after the last charged one, none twice', () => {
    const d = accrue(loan, '2026-11-30');
    expect([d.days, d.charge.toFixed(), d.covers]).toEqual([3, '120', { from: '2026-11-28', to: '2026-11-30' }]);
    assertBalanced(d.lines);
    const again = accrue({ ...loan, interest: d.interestAfter, interestThrough: '2026-11-30' }, '2026-11-30');
    expect([again.days, again.charge.toFixed(), again.lines, again.covers]).toEqual([0, '0', [], null]);
    // A day whose charge rounds to nothing still counts as charged, with no lines.
    const tiny = accrue({ ...loan, principal: money('100') }, '2026-11-28');
    expect([tiny.days, tiny.charge.toFixed(), tiny.lines]).toEqual([1, '0', []]);
  });

  it('splitting the days between runs charges what one run would (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 5_000_000 }),
        fc.array(fc.integer({ min: 0, max: 40 }), { maxLength: 8 }),
        (p, steps) => {
          const base = { ...loan, principal: money(String(p)) };
          let state = base;
          let day = 0;
          const iso = (n: number) => new Date(Date.UTC(2026, 10, 27 + n)).toISOString().slice(0, 10);
          for (const s of steps) {
            day += s;
            const d = accrue(state, iso(day));
            state = {
              ...state,
              interest: d.interestAfter,
              interestThrough: d.covers ? iso(day) : state.interestThrough,
            };
          }
          expect(state.interest.eq(accrue(base, iso(day)).charge)).toBe(true);
        },
      ),
    );
  });

  it('repays interest first, then principal; refuses more than owed and bad amounts', () => {
    const owed = { memberId: 'm1', principal: money('100000'), interest: money('120') };
    const r = decideRepayment(owed, '50000');
    if (!('ok' in r)) throw new Error('refused');
    expect([
      r.ok.interestPaid.toFixed(),
      r.ok.principalPaid.toFixed(),
      r.ok.principalAfter.toFixed(),
      r.ok.repaid,
    ]).toEqual(['120', '49880', '50120', false]);
    assertBalanced(r.ok.lines);
    const all = decideRepayment(owed, '100120');
    expect('ok' in all && all.ok.repaid).toBe(true);
    expect(decideRepayment(owed, '100121')).toEqual({ refused: 'repayExceeds' });
    for (const bad of ['0', '-1', '1.5', '1e3', 'abc', ''])
      expect([bad, decideRepayment(owed, bad)]).toEqual([bad, { refused: 'amountInvalid' }]);
    expect(decideRepayment({ ...owed, principal: money('0'), interest: money('0') }, '1')).toEqual({
      refused: 'notOutstanding',
    });
  });
});
