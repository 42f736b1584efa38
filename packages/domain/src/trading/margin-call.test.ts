import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { money, type Decimal } from '../money.ts';
import { marginCallPrice, marginCallReached, marginWarningPrice, marginWarningRatio, pnlAt } from './margin.ts';
import { closeTrigger, closingPrice, limitCrossed, marginWarningDue, openingPrice } from './triggers.ts';
import { levelProblem } from './protective-levels.ts';

describe('P&L and the margin call', () => {
  it('values a long and a short at a price', () => {
    expect(pnlAt('long', '1000', '1012.5', '200').toFixed()).toBe('2500');
    expect(pnlAt('short', '1000', '1012.5', '200').toFixed()).toBe('-2500');
  });

  it('closes a 5× long of 1,000 at ¥2,500 when half its ¥500,000 margin is lost: at ¥2,250', () => {
    const call = marginCallPrice({
      side: 'long',
      entry: '2500',
      shares: '1000',
      margin: '500000',
      addedMargin: '0',
      maintenanceRatio: '0.5',
    });
    expect(call.toFixed()).toBe('2250');
    expect(marginCallReached('long', '2250.5', call)).toBe(false);
    expect(marginCallReached('long', '2250', call)).toBe(true);
  });

  it('warns halfway to the call: a 5× long of 1,000 at ¥2,500 with maintenance 0.5 is warned at ¥2,375, a short above its entry', () => {
    expect(marginWarningRatio('0.5')).toBe('0.75');
    expect(marginWarningRatio('0.3')).toBe('0.65');
    const long = {
      side: 'long',
      entry: '2500',
      shares: '1000',
      margin: '500000',
      addedMargin: '0',
      maintenanceRatio: '0.5',
    } as const;
    const warn = marginWarningPrice(long) as Decimal;
    expect(warn.toFixed()).toBe('2375');
    // Between the entry and the forced close: the warning always comes first.
    expect(warn.gt(marginCallPrice(long))).toBe(true);
    const short = { ...long, side: 'short', entry: '1000', shares: '100', margin: '20000' } as const;
    const shortWarn = marginWarningPrice(short) as Decimal;
    expect(shortWarn.toFixed()).toBe('1050');
    expect(shortWarn.lt(marginCallPrice(short))).toBe(true);
    // A copied position has no maintenance ratio (its follow's stop-loss protects it): nothing to warn of.
    expect(marginWarningPrice({ ...long, maintenanceRatio: '0' })).toBeNull();
    // Due at the side the position closes at (a long's bid), once: not again while it stays warned.
    expect(marginWarningDue('long', warn, false, { bid: '2375', ask: '2376' })).toBe(true);
    expect(marginWarningDue('long', warn, false, { bid: '2376', ask: '2374' })).toBe(false);
    expect(marginWarningDue('long', warn, true, { bid: '2300', ask: '2301' })).toBe(false);
    expect(marginWarningDue('short', shortWarn, false, { bid: '1049', ask: '1050' })).toBe(true);
  });

  it('added margin moves the call price away; a short’s call is above its entry', () => {
    const base = { side: 'short', entry: '1000', shares: '100', margin: '20000', maintenanceRatio: '0.5' } as const;
    expect(marginCallPrice({ ...base, addedMargin: '0' }).toFixed()).toBe('1100');
    expect(marginCallPrice({ ...base, addedMargin: '10000' }).toFixed()).toBe('1200');
  });

  it('at the call price the equity left is exactly the maintenance share of the margin', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('long', 'short'),
        fc.integer({ min: 100, max: 100_000 }),
        fc.integer({ min: 1, max: 100 }),
        fc.constantFrom(1, 2, 3, 5),
        fc.integer({ min: 0, max: 100_000 }),
        (side, price, units, leverage, added) => {
          const shares = String(units * 100);
          const margin = money(String(price)).times(shares).div(leverage).ceil();
          const call = marginCallPrice({
            side,
            entry: String(price),
            shares,
            margin: margin.toFixed(),
            addedMargin: String(added),
            maintenanceRatio: '0.5',
          });
          const equity = margin.plus(added).plus(pnlAt(side, String(price), call, shares));
          expect(equity.minus(margin.times('0.5')).abs().lt('0.000001')).toBe(true);
        },
      ),
    );
  });
});

describe('what a quote triggers', () => {
  const touch = { bid: '999', ask: '1001' };

  it('opens longs at the ask and shorts at the bid, and values them at the other side', () => {
    expect(openingPrice('long', touch)).toBe('1001');
    expect(openingPrice('short', touch)).toBe('999');
    expect(closingPrice('long', touch)).toBe('999');
    expect(closingPrice('short', touch)).toBe('1001');
  });

  it('fills a long limit once the ask reaches it, a short limit once the bid does', () => {
    expect(limitCrossed('long', '1000', touch)).toBe(false);
    expect(limitCrossed('long', '1001', touch)).toBe(true);
    expect(limitCrossed('short', '999', touch)).toBe(true);
    expect(limitCrossed('short', '999.5', touch)).toBe(false);
  });

  it('names the stop-loss, then the margin call, then the take-profit', () => {
    const far = money('1');
    expect(closeTrigger('long', { stopLoss: '999', takeProfit: null, marginCall: far }, touch)).toBe('stopLoss');
    expect(closeTrigger('long', { stopLoss: '998', takeProfit: '999', marginCall: far }, touch)).toBe('takeProfit');
    expect(closeTrigger('long', { stopLoss: '999', takeProfit: null, marginCall: money('999') }, touch)).toBe(
      'stopLoss',
    );
    expect(closeTrigger('long', { stopLoss: null, takeProfit: null, marginCall: money('999') }, touch)).toBe(
      'marginCall',
    );
    expect(closeTrigger('short', { stopLoss: '1001', takeProfit: null, marginCall: money('5000') }, touch)).toBe(
      'stopLoss',
    );
    expect(closeTrigger('short', { stopLoss: null, takeProfit: '1001', marginCall: money('5000') }, touch)).toBe(
      'takeProfit',
    );
    expect(
      closeTrigger('short', { stopLoss: '1002', takeProfit: '1000', marginCall: money('5000') }, touch),
    ).toBeNull();
  });
});

describe('stop-loss and take-profit sides', () => {
  it('a long stops below and takes profit above its price; a short the other way', () => {
    expect(levelProblem('long', '1000', '990', '1010')).toBeNull();
    expect(levelProblem('long', '1000', '1000', null)).toBe('stopLossSide');
    expect(levelProblem('long', '1000', null, '990')).toBe('takeProfitSide');
    expect(levelProblem('short', '1000', '1010', '990')).toBeNull();
    expect(levelProblem('short', '1000', '990', null)).toBe('stopLossSide');
    expect(levelProblem('short', '1000', null, '1000')).toBe('takeProfitSide');
  });
});
