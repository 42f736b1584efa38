import { describe, expect, it } from 'vitest';
import { money } from '../money.ts';
import { PRICE_LIMIT_TABLE, priceLimitWidth, priceLimits } from './price-limit.ts';
import { InvalidPriceError } from './tick-size.ts';

const width = (prevClose: string) => priceLimitWidth(prevClose).toFixed();

describe('TSE daily price limits by previous close', () => {
  // [first base price of the band, width]; the price just below it belongs to the band before.
  const table: [string, string][] = [
    ['1', '30'],
    ['100', '50'],
    ['200', '80'],
    ['500', '100'],
    ['700', '150'],
    ['1000', '300'],
    ['1500', '400'],
    ['2000', '500'],
    ['3000', '700'],
    ['5000', '1000'],
    ['7000', '1500'],
    ['10000', '3000'],
    ['15000', '4000'],
    ['20000', '5000'],
    ['30000', '7000'],
    ['50000', '10000'],
    ['70000', '15000'],
    ['100000', '30000'],
    ['150000', '40000'],
    ['200000', '50000'],
    ['300000', '70000'],
    ['500000', '100000'],
    ['700000', '150000'],
    ['1000000', '300000'],
    ['1500000', '400000'],
    ['2000000', '500000'],
    ['3000000', '700000'],
    ['5000000', '1000000'],
    ['7000000', '1500000'],
    ['10000000', '3000000'],
    ['15000000', '4000000'],
    ['20000000', '5000000'],
    ['30000000', '7000000'],
    ['50000000', '10000000'],
  ];

  it('has one band per row of the published table', () => {
    expect(PRICE_LIMIT_TABLE).toHaveLength(table.length);
  });

  it.each(table)('a previous close of %s yen moves at most %s yen', (from, expected) => {
    expect(width(from)).toBe(expected);
  });

  it.each(table.slice(1).map(([from], i) => [from, table[i]?.[1] ?? '']))(
    'just below %s yen the previous band (%s yen) still applies',
    (from, previous) => {
      expect(width(money(from).minus(1).toFixed())).toBe(previous);
      expect(width(money(from).minus('0.1').toFixed())).toBe(previous); // TOPIX 500 closes can carry decimals
    },
  );

  it('the top band has no ceiling', () => {
    expect(width('900000000')).toBe('10000000');
  });

  it('gives stop-high and stop-low around the previous close', () => {
    const { upper, lower } = priceLimits('2500');
    expect([upper.toFixed(), lower.toFixed()]).toEqual(['3000', '2000']);
    const topix = priceLimits('999.9');
    expect([topix.upper.toFixed(), topix.lower.toFixed()]).toEqual(['1149.9', '849.9']);
  });

  it('never lets the stop-low fall below 1 yen', () => {
    const { upper, lower } = priceLimits('20');
    expect([upper.toFixed(), lower.toFixed()]).toEqual(['50', '1']);
    expect(priceLimits('31').lower.toFixed()).toBe('1');
    expect(priceLimits('32').lower.toFixed()).toBe('2');
  });

  it('refuses a previous close of zero or less', () => {
    expect(() => priceLimits('0')).toThrow(InvalidPriceError);
  });
});
