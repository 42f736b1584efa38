import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { Decimal, money } from '../money.ts';
import { assertBalanced } from '../ledger/journal.ts';
import { open } from '../trading/decisions.ts';
import { openingCharges } from '../trading/ticket.ts';
import {
  checkFollow,
  checkStrategyTerms,
  followEquity,
  followLines,
  inFollowBook,
  mirrorOpen,
  proportionalQuantity,
  readStopLoss,
  readYen,
  settle,
  stopLossReached,
} from './copy-trading.ts';

const fees = { purchaseRate: '0.001', sellingRate: '0.001', stampDutyRate: '0', minimumFee: '100' };
const now = new Date('2026-11-27T01:00:00Z');
const strategy = {
  published: true,
  leadMemberId: 'lead',
  minInvestment: '100000',
  capitalBase: '10000000',
  termDays: 30,
  followDeadline: new Date(now.getTime() + 3_600_000),
  performanceFee: '0.1',
};
const follow = (over: Partial<Parameters<typeof checkFollow>[0]> = {}) =>
  checkFollow({
    strategy,
    memberId: 'm',
    amount: '500000',
    stopLoss: null,
    alreadyFollowing: false,
    available: '900000',
    now,
    ...over,
  });

describe('copy trading: the follow check (issue 26)', () => {
  it('reads amounts strictly and names every refusal', () => {
    expect(follow()).toEqual({ ok: { capital: money('500000'), stopLoss: null } });
    for (const amount of ['0', '-500000', '500000.5', '5e5', 'abc', '', ' ', '0500000', '１００'])
      expect(follow({ amount })).toEqual({ refused: 'amountInvalid' });
    expect(follow({ amount: '99999' })).toEqual({ refused: 'belowMinimum' });
    expect(follow({ amount: '100000' })).toHaveProperty('ok');
    expect(follow({ now: strategy.followDeadline })).toEqual({ refused: 'pastDeadline' });
    expect(follow({ memberId: 'lead' })).toEqual({ refused: 'ownStrategy' });
    expect(follow({ alreadyFollowing: true })).toEqual({ refused: 'alreadyFollowing' });
    expect(follow({ available: '499999' })).toEqual({ refused: 'insufficientBalance' });
    expect(follow({ strategy: null })).toEqual({ refused: 'notFound' });
    expect(follow({ strategy: { ...strategy, published: false } })).toEqual({ refused: 'notFound' });
    expect(follow({ stopLoss: { percent: '0' } })).toEqual({ refused: 'stopLossInvalid' });
    expect(follow({ stopLoss: { percent: '100' } })).toEqual({ refused: 'stopLossInvalid' });
    expect(follow({ stopLoss: { yen: '500000' } })).toEqual({ refused: 'stopLossInvalid' });
    expect(follow({ stopLoss: { yen: '1e4' } })).toEqual({ refused: 'stopLossInvalid' });
    expect(follow({ stopLoss: { percent: '12.5' } })).toEqual({
      ok: { capital: money('500000'), stopLoss: { percent: '12.5' } },
    });
  });

  it('checks staff terms', () => {
    const t = { ...strategy };
    expect(checkStrategyTerms(t, now)).toBeNull();
    expect(checkStrategyTerms({ ...t, minInvestment: '0' }, now)).toBe('termsInvalid');
    expect(checkStrategyTerms({ ...t, minInvestment: '20000000' }, now)).toBe('termsInvalid');
    expect(checkStrategyTerms({ ...t, termDays: 0 }, now)).toBe('termsInvalid');
    expect(checkStrategyTerms({ ...t, termDays: 10000 }, now)).toBe('termsInvalid');
    expect(checkStrategyTerms({ ...t, followDeadline: now }, now)).toBe('termsInvalid');
    expect(checkStrategyTerms({ ...t, performanceFee: '0.6' }, now)).toBe('termsInvalid');
    expect(checkStrategyTerms({ ...t, performanceFee: '1e-1' }, now)).toBe('termsInvalid');
  });

  it('reads yen strictly and moves the capital into the copy book', () => {
    expect(readYen('1000')?.toFixed()).toBe('1000');
    expect(readYen('1.0')).toBeNull();
    expect(readStopLoss({ yen: '1000' }, money('5000'))).toEqual({ yen: '1000' });
    const lines = followLines('m', money('5000'));
    assertBalanced(lines);
    expect(lines.map((l) => ['member' in l.account ? l.account.book : '', l.amount.toFixed()])).toEqual([
      ['available', '-5000'],
      ['copy', '5000'],
    ]);
  });
});

describe('copy trading: proportional mirroring (issue 26)', () => {
  it('scales by capital / base, rounds down to units, and records what rounds to nothing', () => {
    const base = { capitalBase: '10000000', price: '1000', leverage: 1, fees };
    // 1,000 shares × 3,000,000 / 10,000,000 = 300.
    expect(mirrorOpen({ ...base, leadQuantity: '1000', capital: '3000000', free: money('3000000') })).toMatchObject({
      outcome: 'mirrored',
      quantity: '300',
      proportional: '300',
    });
    // 1,000 × 2,500,000 / 10,000,000 = 250 → 200.
    expect(mirrorOpen({ ...base, leadQuantity: '1000', capital: '2500000', free: money('2500000') })).toMatchObject({
      outcome: 'mirrored',
      quantity: '200',
      proportional: '250',
    });
    // 1,000 × 500,000 / 10,000,000 = 50: below one unit.
    expect(mirrorOpen({ ...base, leadQuantity: '1000', capital: '500000', free: money('500000') })).toEqual({
      outcome: 'belowUnit',
      proportional: '50',
    });
    // Enough proportion but the free capital buys nothing at this price.
    expect(mirrorOpen({ ...base, leadQuantity: '1000', capital: '3000000', free: money('100000') })).toEqual({
      outcome: 'noCapital',
      proportional: '300',
    });
    // Capped by free capital including the fee: 100,000 + 100 fee for a unit; 200,099 buys one unit, not two.
    expect(mirrorOpen({ ...base, leadQuantity: '1000', capital: '3000000', free: money('200099') })).toMatchObject({
      outcome: 'mirrored',
      quantity: '100',
    });
  });

  it('property: a follower never holds more than its capital buys, nor more than its proportion', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 2000 }).map((u) => String(u * 100)),
        fc.integer({ min: 10_000, max: 50_000_000 }),
        fc.integer({ min: 1_000_000, max: 100_000_000 }),
        fc.integer({ min: 1, max: 100_000 }),
        fc.constantFrom(1, 2, 3, 5),
        fc.integer({ min: 0, max: 100 }),
        (leadQuantity, capital, capitalBase, priceTenths, leverage, freePercent) => {
          const price = new Decimal(priceTenths).div(10).toFixed();
          const free = new Decimal(capital).times(freePercent).div(100).floor();
          const m = mirrorOpen({
            leadQuantity,
            capital: String(capital),
            capitalBase: String(capitalBase),
            price,
            leverage,
            fees,
            free,
          });
          const exact = proportionalQuantity(leadQuantity, String(capital), String(capitalBase));
          if (m.outcome !== 'mirrored') {
            if (m.outcome === 'belowUnit') expect(exact.lt(100)).toBe(true);
            return;
          }
          const q = money(m.quantity);
          expect(q.mod(100).isZero()).toBe(true);
          expect(q.gte(100)).toBe(true);
          expect(q.lte(exact)).toBe(true);
          const charges = openingCharges(price, m.quantity, leverage, fees);
          expect(charges.margin.plus(charges.fee).lte(free)).toBe(true);
          expect(m.margin.plus(m.fee).toFixed()).toBe(charges.margin.plus(charges.fee).toFixed());
        },
      ),
    );
  });

  it('property: the followers of one fill together hold no more than the lead scaled by their capital share', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 500 }).map((u) => String(u * 100)),
        fc.array(fc.integer({ min: 10_000, max: 5_000_000 }), { minLength: 1, maxLength: 40 }),
        (leadQuantity, capitals) => {
          const capitalBase = '10000000';
          let sum = new Decimal(0);
          for (const c of capitals) {
            const m = mirrorOpen({
              leadQuantity,
              capital: String(c),
              capitalBase,
              price: '500',
              leverage: 1,
              fees,
              free: new Decimal(c),
            });
            if (m.outcome === 'mirrored') sum = sum.plus(m.quantity);
          }
          const total = capitals.reduce((a, b) => a + b, 0);
          expect(sum.lte(proportionalQuantity(leadQuantity, String(total), capitalBase))).toBe(true);
        },
      ),
    );
  });

  it("uses the trading core's open decision with the follow's book in place of available", () => {
    const m = mirrorOpen({
      leadQuantity: '1000',
      capital: '3000000',
      capitalBase: '10000000',
      price: '1000',
      leverage: 1,
      fees,
      free: money('3000000'),
    });
    if (m.outcome !== 'mirrored') throw new Error('expected a mirror');
    const d = open({ memberId: 'f', filled: { margin: m.margin, fee: m.fee }, hold: new Decimal(0) });
    const lines = inFollowBook(d.lines, 'f');
    assertBalanced(lines);
    expect(lines.some((l) => 'member' in l.account && l.account.book === 'available')).toBe(false);
    expect(lines.find((l) => 'member' in l.account && l.account.book === 'copy')?.amount.toFixed()).toBe('-300300');
  });
});

describe('copy trading: stop-loss and settlement (issue 26)', () => {
  const pos = { side: 'long' as const, quantity: '300', openPrice: '1000', margin: '300000' };
  it('fires at a loss in yen or percent of the capital', () => {
    const equityAt = (price: string) => followEquity(money('200000'), [{ ...pos, price }]);
    expect(equityAt('1000').toFixed()).toBe('500000');
    expect(stopLossReached({ yen: '30000' }, '500000', equityAt('901'))).toBe(false);
    expect(stopLossReached({ yen: '30000' }, '500000', equityAt('900'))).toBe(true);
    expect(stopLossReached({ percent: '10' }, '500000', equityAt('834'))).toBe(false);
    expect(stopLossReached({ percent: '10' }, '500000', equityAt('833'))).toBe(true);
    expect(stopLossReached(null, '500000', equityAt('1'))).toBe(false);
    const short = followEquity(money('0'), [{ ...pos, side: 'short', price: '1100' }]);
    expect(short.toFixed()).toBe('270000');
  });

  it('returns capital ± P&L and takes the performance fee on a profit only', () => {
    const win = settle({ memberId: 'm', capital: '500000', balance: money('560001'), performanceFee: '0.1' });
    expect([win.profit.toFixed(), win.fee.toFixed(), win.returned.toFixed()]).toEqual(['60001', '6000', '554001']);
    assertBalanced(win.feeLines);
    assertBalanced(win.returnLines);
    const loss = settle({ memberId: 'm', capital: '500000', balance: money('430000'), performanceFee: '0.1' });
    expect([loss.fee.toFixed(), loss.returned.toFixed()]).toEqual(['0', '430000']);
    expect(loss.feeLines).toEqual([]);
    assertBalanced(loss.returnLines);
    const none = settle({ memberId: 'm', capital: '500000', balance: money('0'), performanceFee: '0.1' });
    expect([...none.feeLines, ...none.returnLines]).toEqual([]);
  });
});
