import { describe, expect, it } from 'vitest';
import { Decimal } from '../money.ts';
import { openingTerms } from './terms.ts';
import { addMargin, cancel, close, closeLater, evolve, fill, finance, open, type PositionState } from './decisions.ts';

const terms = openingTerms('demo');
const pending: PositionState = {
  memberId: 'm',
  side: 'long',
  status: 'pending',
  quantity: '100',
  leverage: 2,
  held: '150300',
  openPrice: null,
  margin: '0',
  addedMargin: '0',
  feeTerms: terms.fees,
  financingRate: '0.028',
};
const sum = (lines: { amount: Decimal }[]) => lines.reduce((a, l) => a.plus(l.amount), new Decimal(0));

describe('position decisions: facts in, row change, ledger lines and event out (issue 24)', () => {
  it('a resting order holds its cost; one filled at once moves margin and fee; both balance', () => {
    const rest = open({ memberId: 'm', filled: null, hold: new Decimal('150300') });
    expect(rest.change).toMatchObject({ status: 'pending' });
    const now = open({
      memberId: 'm',
      filled: { margin: new Decimal('150000'), fee: new Decimal('300') },
      hold: new Decimal(0),
    });
    expect(now.change).toMatchObject({ status: 'holding' });
    expect(sum(rest.lines).isZero() && sum(now.lines).isZero()).toBe(true);
  });

  it('a pending order fills or is cancelled, and refuses a close; a holding one the other way round', () => {
    const filled = fill(pending, { price: '3000' });
    if ('refused' in filled) throw new Error('fill refused');
    expect(filled.change).toMatchObject({ status: 'holding', openPrice: '3000', stamp: 'opened' });
    expect(filled.event).toEqual({ status: 'holding', closeReason: null });
    expect(cancel(pending)).toMatchObject({ change: { status: 'cancelled' } });
    expect(close(pending, { price: '3000', reason: 'member', available: new Decimal(0) })).toEqual({
      refused: 'notHolding',
    });
    const holding = evolve(pending, filled.change);
    expect(holding).toMatchObject({ status: 'holding', held: '0', openPrice: '3000' });
    expect(fill(holding, { price: '3000' })).toEqual({ refused: 'notPending' });
    expect(cancel(holding)).toEqual({ refused: 'notPending' });
    const closed = close(holding, { price: '3100', reason: 'takeProfit', available: new Decimal(0) });
    if ('refused' in closed) throw new Error('close refused');
    expect(closed.change).toMatchObject({ status: 'closed', closePrice: '3100', closeReason: 'takeProfit' });
    expect(closed.change.realisedPnl?.toFixed()).toBe('10000');
    expect(sum(closed.lines).isZero()).toBe(true);
  });

  it('preparing to close moves no money, and the next print settles it', () => {
    const holding = { ...pending, status: 'holding' as const, openPrice: '3000', margin: '150000', held: '0' };
    const later = closeLater(holding);
    if ('refused' in later) throw new Error('closeLater refused');
    expect(later.lines).toEqual([]);
    const closing = evolve(holding, later.change);
    expect(close(closing, { price: '2990', reason: 'member', available: new Decimal(0) })).toMatchObject({
      change: { status: 'closed' },
    });
  });

  it('extra margin only on a holding position; financing of no borrowed part moves no money and says nothing', () => {
    expect(addMargin(pending, { amount: new Decimal(1000) })).toEqual({ refused: 'notHolding' });
    const unlevered = { ...pending, status: 'holding' as const, openPrice: '3000', margin: '300000', leverage: 1 };
    expect(finance(unlevered, { days: 3, through: '2026-11-23', available: new Decimal(0) })).toEqual({
      change: { financedThrough: '2026-11-23' },
      lines: [],
      event: null,
    });
  });

  it('financing takes what available cannot pay from the position’s margin, and the model follows', () => {
    const levered = { ...pending, status: 'holding' as const, openPrice: '3000', margin: '150000', held: '0' };
    const d = finance(levered, { days: 30, through: '2026-12-20', available: new Decimal(100) });
    if ('refused' in d) throw new Error('finance refused');
    const charge = d.change.financingDelta as Decimal;
    expect(charge.gt(100)).toBe(true);
    expect(evolve(levered, d.change).addedMargin).toBe(charge.minus(100).negated().toFixed());
  });
});
