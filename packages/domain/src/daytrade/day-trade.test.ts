import { describe, expect, it } from 'vitest';
import { Decimal } from '../money.ts';
import { isRefusal, type PositionState } from '../trading/decisions.ts';
import {
  checkApplication,
  checkDayTradeOrder,
  cutOffClose,
  cutOffMinute,
  cutOffText,
  dueToClose,
  lastCutOff,
  quotaMarginOf,
  quotaRemaining,
  quotaUsed,
  readCutOff,
  readQuota,
  type OpenDayTrade,
} from './day-trade.ts';

const jst = (iso: string) => new Date(`${iso}+09:00`);

describe('readQuota / checkApplication', () => {
  it('takes whole yen above zero up to the maximum', () => {
    expect(readQuota('500000')).toEqual({ ok: new Decimal(500000) });
    expect(readQuota(' 1 ')).toEqual({ ok: new Decimal(1) });
    expect(readQuota('1000000000')).toEqual({ ok: new Decimal('1000000000') });
  });
  it.each([
    ['0'],
    ['-100'],
    ['100.5'],
    ['100.0'],
    ['1e6'],
    ['1E6'],
    ['abc'],
    [''],
    ['0100'],
    ['1 000'],
    ['+100'],
    ['1000000001'],
    ['99999999999'],
  ])('refuses %j', (text) => {
    expect(readQuota(text)).toEqual({ refused: 'amountInvalid' });
  });
  it('refuses what is not text', () => {
    expect(readQuota(100)).toEqual({ refused: 'amountInvalid' });
    expect(readQuota(null)).toEqual({ refused: 'amountInvalid' });
  });
  it('one application or quota in force at a time; the amount is checked first', () => {
    expect(checkApplication('1000', { pendingOrInForce: true })).toEqual({ refused: 'alreadyApplied' });
    expect(checkApplication('0', { pendingOrInForce: true })).toEqual({ refused: 'amountInvalid' });
    expect(checkApplication('1000', { pendingOrInForce: false })).toEqual({ ok: new Decimal(1000) });
  });
});

describe('the quota used by open day trades', () => {
  const holding: OpenDayTrade = { status: 'holding', margin: '120000', limitPrice: null, quantity: '100', leverage: 2 };
  it('a filled one counts its margin, a resting limit its margin at the limit (rounded up), closed ones nothing', () => {
    expect(quotaMarginOf(holding).toFixed()).toBe('120000');
    expect(quotaMarginOf({ ...holding, status: 'closing' }).toFixed()).toBe('120000');
    expect(
      quotaMarginOf({ ...holding, status: 'pending', limitPrice: '1000.5', margin: '0', leverage: 3 }).toFixed(),
    ).toBe('33350');
    expect(quotaMarginOf({ ...holding, status: 'closed' }).toFixed()).toBe('0');
    expect(quotaMarginOf({ ...holding, status: 'cancelled' }).toFixed()).toBe('0');
    expect(quotaUsed([holding, holding, { ...holding, status: 'closed' }]).toFixed()).toBe('240000');
    expect(quotaRemaining('200000', new Decimal(240000)).toFixed()).toBe('0');
    expect(quotaRemaining('300000', new Decimal(240000)).toFixed()).toBe('60000');
  });
});

describe('checkDayTradeOrder', () => {
  const base = { profile: 'demo' as const, cutOff: 15 * 60, now: jst('2026-11-27T10:00:00'), open: [] };
  const t = (margin: string): OpenDayTrade => ({
    status: 'holding',
    margin,
    limitPrice: null,
    quantity: '100',
    leverage: 1,
  });
  it('needs an approved quota in force', () => {
    expect(checkDayTradeOrder(new Decimal(1), { ...base, quota: null })).toEqual({ refused: 'notApproved' });
  });
  it('open margin + this order up to the quota passes; a yen more is refused', () => {
    const f = { ...base, quota: '100000', open: [t('60000')] };
    expect(checkDayTradeOrder(new Decimal(40000), f)).toEqual({ ok: { used: new Decimal(100000) } });
    expect(checkDayTradeOrder(new Decimal(40001), f)).toEqual({ refused: 'quotaExceeded' });
  });
  it('under demo nothing is taken from the cut-off to midnight', () => {
    const f = { ...base, quota: '100000' };
    expect(checkDayTradeOrder(new Decimal(1), { ...f, now: jst('2026-11-27T14:59:59') })).toHaveProperty('ok');
    expect(checkDayTradeOrder(new Decimal(1), { ...f, now: jst('2026-11-27T15:00:00') })).toEqual({
      refused: 'afterCutOff',
    });
    expect(checkDayTradeOrder(new Decimal(1), { ...f, now: jst('2026-11-27T23:59:00') })).toEqual({
      refused: 'afterCutOff',
    });
    expect(checkDayTradeOrder(new Decimal(1), { ...f, now: jst('2026-11-28T00:00:00') })).toHaveProperty('ok');
  });
  it('under tse from the 15:30 close (an order checked in the session that reaches its transaction after it)', () => {
    const f = { ...base, profile: 'tse' as const, cutOff: 15 * 60 + 30, quota: '100000' };
    expect(checkDayTradeOrder(new Decimal(1), { ...f, now: jst('2026-11-27T15:29:59') })).toHaveProperty('ok');
    expect(checkDayTradeOrder(new Decimal(1), { ...f, now: jst('2026-11-27T15:30:00') })).toEqual({
      refused: 'afterCutOff',
    });
  });
});

describe('the cut-off', () => {
  it('is the 15:30 close under tse, the staff time under demo', () => {
    expect(cutOffMinute('tse', '10:00')).toBe(15 * 60 + 30);
    expect(cutOffMinute('demo', '10:05')).toBe(10 * 60 + 5);
    expect(() => cutOffMinute('demo', '25:00')).toThrow();
  });
  it('reads HH:MM only', () => {
    expect(readCutOff('00:00')).toBe(0);
    expect(readCutOff('23:59')).toBe(23 * 60 + 59);
    for (const bad of ['24:00', '9:00', '12:60', '12-00', '', '1200', 1200, null]) expect(readCutOff(bad)).toBeNull();
    expect(cutOffText(9 * 60 + 5)).toBe('09:05');
  });
  it('the last cut-off is today once it has come, else yesterday; a day trade placed before it is due', () => {
    const minute = 15 * 60 + 30;
    expect(lastCutOff(jst('2026-11-27T15:30:00'), minute)).toEqual(jst('2026-11-27T15:30:00'));
    expect(lastCutOff(jst('2026-11-27T15:29:59'), minute)).toEqual(jst('2026-11-26T15:30:00'));
    expect(lastCutOff(jst('2026-11-28T00:10:00'), minute)).toEqual(jst('2026-11-27T15:30:00'));
    expect(dueToClose(jst('2026-11-27T10:00:00'), jst('2026-11-27T15:29:00'), minute)).toBe(false);
    expect(dueToClose(jst('2026-11-27T10:00:00'), jst('2026-11-27T15:30:00'), minute)).toBe(true);
    // Missed (the server was down at the cut-off): due the next morning too.
    expect(dueToClose(jst('2026-11-27T10:00:00'), jst('2026-11-28T09:00:00'), minute)).toBe(true);
    expect(dueToClose(jst('2026-11-27T15:31:00'), jst('2026-11-27T23:00:00'), minute)).toBe(false);
  });
});

describe('cutOffClose', () => {
  const p: PositionState = {
    memberId: 'm',
    side: 'long',
    status: 'holding',
    quantity: '100',
    leverage: 1,
    held: '0',
    openPrice: '1000',
    margin: '100000',
    addedMargin: '0',
    feeTerms: { purchaseRate: '0.001', sellingRate: '0.001', stampDutyRate: '0', minimumFee: '100' },
    financingRate: '0.028',
  };
  it('is the trading core close with the cut-off reason', () => {
    const d = cutOffClose(p, { price: '1010', available: new Decimal(0) });
    if (isRefusal(d)) throw new Error('refused');
    expect(d.change.closeReason).toBe('daytradeCutOff');
    expect(d.change.realisedPnl?.toFixed()).toBe('1000');
    expect(d.event).toEqual({ status: 'closed', closeReason: 'daytradeCutOff' });
  });
  it('refuses a position that is no longer holding', () => {
    expect(cutOffClose({ ...p, status: 'closed' }, { price: '1010', available: new Decimal(0) })).toEqual({
      refused: 'notHolding',
    });
  });
});
