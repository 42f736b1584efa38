import { describe, expect, it } from 'vitest';
import { alertFires, checkAlert, dayChangePercent } from './price-alert.ts';

describe('checkAlert', () => {
  it('takes a price on the tick grid of the stock table', () => {
    expect(checkAlert({ kind: 'above', price: '2500' }, 'standard')).toEqual({ ok: { kind: 'above', price: '2500' } });
    expect(checkAlert({ kind: 'below', price: '999.9' }, 'topix500')).toEqual({
      ok: { kind: 'below', price: '999.9' },
    });
  });

  it('refuses a price off the grid, zero, negative or not a plain decimal', () => {
    expect(checkAlert({ kind: 'above', price: '2500.5' }, 'standard')).toEqual({ refused: 'priceOffGrid' });
    expect(checkAlert({ kind: 'above', price: '3001' }, 'standard')).toEqual({ refused: 'priceOffGrid' });
    for (const price of ['0', '-5', '1e3', 'abc', '', ' 100', '<b>1</b>', '1.23456'])
      expect(checkAlert({ kind: 'below', price }, 'standard')).toEqual({ refused: 'priceInvalid' });
    expect(checkAlert({ kind: 'below' }, 'standard')).toEqual({ refused: 'priceInvalid' });
  });

  it('takes a percent above 0 and below 100, refusing 0 and 10,000', () => {
    expect(checkAlert({ kind: 'move', percent: '5' }, 'standard')).toEqual({ ok: { kind: 'move', percent: '5' } });
    expect(checkAlert({ kind: 'move', percent: '0.01' }, 'standard')).toEqual({
      ok: { kind: 'move', percent: '0.01' },
    });
    expect(checkAlert({ kind: 'move', percent: '99.99' }, 'standard')).toEqual({
      ok: { kind: 'move', percent: '99.99' },
    });
    for (const percent of ['0', '0.00', '100', '10000', '-3', '5.555', 'x', ''])
      expect(checkAlert({ kind: 'move', percent }, 'standard')).toEqual({ refused: 'percentInvalid' });
  });

  it('refuses an unknown kind', () => {
    expect(checkAlert({ kind: 'sideways', price: '100' }, 'standard')).toEqual({ refused: 'kindInvalid' });
  });
});

describe('alertFires', () => {
  const q = (last: string, prevClose = '1000') => ({ last, prevClose });

  it('fires an above alert at or over its price, a below alert at or under it', () => {
    const above = { kind: 'above', price: '1010', percent: null } as const;
    expect([alertFires(above, q('1009')), alertFires(above, q('1010')), alertFires(above, q('1020'))]).toEqual([
      false,
      true,
      true,
    ]);
    const below = { kind: 'below', price: '990', percent: null } as const;
    expect([alertFires(below, q('991')), alertFires(below, q('990')), alertFires(below, q('900'))]).toEqual([
      false,
      true,
      true,
    ]);
  });

  it('fires a move alert on the day change either way from the previous close', () => {
    const move = { kind: 'move', price: null, percent: '5' } as const;
    expect([alertFires(move, q('1049')), alertFires(move, q('1050')), alertFires(move, q('950'))]).toEqual([
      false,
      true,
      true,
    ]);
    expect(alertFires(move, q('951'))).toBe(false);
  });

  it('reads the change exactly in decimals', () => {
    expect(dayChangePercent('1.1', '1').toFixed()).toBe('10');
    expect(dayChangePercent('5', '0').toFixed()).toBe('0');
  });
});
