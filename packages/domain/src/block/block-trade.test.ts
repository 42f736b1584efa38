import { describe, expect, it } from 'vitest';
import { money } from '../money.ts';
import { positionSaleRules, noSaleRules, saleBlock, saleRulesInForce } from '../trading/sale-rules.ts';
import { checkApplication, checkProductTerms, decisionLines, holdLines, jstDay, productPhase } from './block-trade.ts';

const now = new Date('2026-11-27T01:00:00Z');
const at = (minutes: number) => new Date(now.getTime() + minutes * 60_000);
const terms = {
  price: '3000',
  minAmount: '600000',
  maxShares: '500',
  dailyLimit: 3,
  opensAt: at(-1),
  closesAt: at(60),
  lockUpUntil: at(60 * 24 * 30),
};
const market = { table: 'standard' as const, limitUp: '3500', limitDown: '2500' };

describe('block-trade product terms (issue 25)', () => {
  it('accepts terms inside the day and names each problem', () => {
    expect(checkProductTerms(terms, market, now)).toBeNull();
    expect(checkProductTerms({ ...terms, price: '3505' }, market, now)).toBe('exceedsPriceLimit');
    expect(checkProductTerms({ ...terms, price: '2495' }, market, now)).toBe('exceedsPriceLimit');
    expect(checkProductTerms({ ...terms, price: '3000.5' }, market, now)).toBe('priceOffGrid');
    expect(checkProductTerms({ ...terms, price: '0' }, market, now)).toBe('priceInvalid');
    expect(checkProductTerms({ ...terms, minAmount: '0' }, market, now)).toBe('minAmountInvalid');
    // 500 shares at 3,000 yen cannot reach a 2,000,000-yen minimum: nobody could apply.
    expect(checkProductTerms({ ...terms, minAmount: '2000000' }, market, now)).toBe('minAmountInvalid');
    expect(checkProductTerms({ ...terms, maxShares: '150' }, market, now)).toBe('maxSharesInvalid');
    expect(checkProductTerms({ ...terms, dailyLimit: 0 }, market, now)).toBe('dailyLimitInvalid');
    expect(checkProductTerms({ ...terms, dailyLimit: 101 }, market, now)).toBe('dailyLimitInvalid');
    expect(checkProductTerms({ ...terms, closesAt: terms.opensAt }, market, now)).toBe('timesOutOfOrder');
    expect(checkProductTerms({ ...terms, opensAt: at(-120), closesAt: at(-1) }, market, now)).toBe('timesInPast');
    expect(checkProductTerms({ ...terms, lockUpUntil: at(30) }, market, now)).toBe('lockUpBeforeClose');
    expect(checkProductTerms({ ...terms, lockUpUntil: null }, market, now)).toBeNull();
  });

  it('has a phase from its window and withdrawal', () => {
    const p = { opensAt: at(10), closesAt: at(20), withdrawnAt: null };
    expect(productPhase(p, now)).toBe('upcoming');
    expect(productPhase(p, at(10))).toBe('open');
    expect(productPhase(p, at(20))).toBe('closed');
    expect(productPhase({ ...p, withdrawnAt: now }, at(15))).toBe('withdrawn');
  });
});

describe('block-trade applications (issue 25)', () => {
  const facts = {
    product: { ...terms, withdrawnAt: null as Date | null, seatOnly: false },
    stockTrading: true,
    now,
    shares: '200',
    sharesHeld: '0',
    todayCount: 0,
    hasSeat: false,
    realNameVerified: true,
    available: '1000000',
  };
  it('holds price × shares when every rule passes', () => {
    const ok = checkApplication(facts);
    expect('ok' in ok && ok.ok.amount.toFixed()).toBe('600000');
  });
  it('refuses in the order a member can act on', () => {
    const refused = (over: Partial<typeof facts>) => {
      const r = checkApplication({ ...facts, ...over });
      return 'refused' in r ? r.refused : null;
    };
    expect(refused({ product: { ...facts.product, withdrawnAt: now } })).toBe('notFound');
    expect(refused({ stockTrading: false })).toBe('notFound');
    expect(refused({ now: at(61) })).toBe('closed');
    expect(refused({ now: at(-2) })).toBe('closed');
    for (const bad of ['150', '0', '-100', '1.5', '1e3', 'abc', ''])
      expect(refused({ shares: bad })).toBe('sharesRequired');
    expect(refused({ shares: '100' })).toBe('belowMinimum');
    expect(refused({ shares: '600' })).toBe('aboveMaximum');
    expect(refused({ sharesHeld: '400' })).toBe('aboveMaximum');
    expect(refused({ todayCount: 3 })).toBe('dailyLimit');
    expect(refused({ todayCount: 2 })).toBeNull();
    expect(refused({ product: { ...facts.product, seatOnly: true } })).toBe('seatOnly');
    expect(refused({ product: { ...facts.product, seatOnly: true }, hasSeat: true })).toBeNull();
    expect(refused({ realNameVerified: false })).toBe('realNameRequired');
    expect(refused({ available: '599999' })).toBe('insufficientBalance');
  });
  it('moves money as balanced lines: hold, then margin on approval or back on rejection', () => {
    const amount = money('600000');
    const sum = (lines: { amount: { toFixed(): string } }[]) =>
      lines.reduce((s, l) => s.plus(l.amount.toFixed()), money('0')).toFixed();
    expect(sum(holdLines('m', amount))).toBe('0');
    expect(holdLines('m', amount).map((l) => ('member' in l.account ? l.account.book : ''))).toEqual([
      'available',
      'frozen',
    ]);
    expect(decisionLines('m', amount, true).map((l) => ('member' in l.account ? l.account.book : ''))).toEqual([
      'frozen',
      'margin',
    ]);
    expect(decisionLines('m', amount, false).map((l) => ('member' in l.account ? l.account.book : ''))).toEqual([
      'frozen',
      'available',
    ]);
  });
  it('counts applications by the JST day', () => {
    expect(jstDay(new Date('2026-11-27T14:59:59Z'))).toBe('2026-11-27');
    expect(jstDay(new Date('2026-11-27T15:00:00Z'))).toBe('2026-11-28');
  });
});

describe("a position's own lock-up (issue 25)", () => {
  it('locks sale until the later of the stock rule and the position lock', () => {
    const opened = new Date('2026-11-20T01:00:00Z');
    const own = at(60);
    expect(saleBlock(positionSaleRules(noSaleRules, own), opened, now)).toBe('lockUp');
    expect(saleBlock(positionSaleRules(noSaleRules, own), opened, at(61))).toBeNull();
    expect(positionSaleRules(noSaleRules, null)).toBe(noSaleRules);
    const stock = { ...noSaleRules, lockUpUntil: at(120).toISOString() };
    expect(positionSaleRules(stock, own).lockUpUntil).toBe(at(120).toISOString());
    expect(positionSaleRules({ ...noSaleRules, lockUpUntil: at(10).toISOString() }, own).lockUpUntil).toBe(
      own.toISOString(),
    );
    // Shown while in force only.
    expect(saleRulesInForce(positionSaleRules(noSaleRules, own), now).lockUpUntil).toBe(own.toISOString());
    expect(saleRulesInForce(positionSaleRules(noSaleRules, own), own).lockUpUntil).toBeNull();
  });
});
