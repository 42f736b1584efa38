import { describe, expect, it } from 'vitest';
import { money } from '../money.ts';
import { dailyPriceLimits, priceLimitWidth } from './price-limit.ts';
import { isOnTickGrid } from './tick-size.ts';
import type { TickTable } from './tick-size.ts';

const limits = (base: string, table: TickTable) => {
  const { upper, lower } = dailyPriceLimits(base, table);
  return [upper.toFixed(), lower.toFixed()];
};

describe('the day’s limit prices on the tick grid (issue 17 §11)', () => {
  it('moves a limit that falls between two ticks outwards, never inwards: 2,999.5 + 500 → 3,500', () => {
    expect(limits('2999.5', 'topix500')).toEqual(['3500', '2499.5']);
    // 999.9 + 150 = 1,149.9 lands in the 0.5-yen band: up to 1,150; the stop-low 849.9 is on the 0.1 grid.
    expect(limits('999.9', 'topix500')).toEqual(['1150', '849.9']);
    // 2,000.5 - 500 = 1,500.5 is on the grid; 2,500.5 is too.
    expect(limits('2000.5', 'topix500')).toEqual(['2500.5', '1500.5']);
  });

  it('keeps limits that are already on the grid, at the edges of the width table', () => {
    expect(limits('99.9', 'topix500')).toEqual(['129.9', '69.9']);
    expect(limits('100', 'topix500')).toEqual(['150', '50']);
    expect(limits('3000', 'standard')).toEqual(['3700', '2300']);
    expect(limits('10000', 'topix500')).toEqual(['13000', '7000']);
  });

  it('moves a stop-low that falls between ticks down and a stop-high on a coarser band up', () => {
    // 4,995 + 700 = 5,695 where the standard tick is 10 → 5,700; 4,295 is on the 5-yen grid.
    expect(limits('4995', 'standard')).toEqual(['5700', '4295']);
    // Crossing into a coarser band on either table: 2,999 + 500 = 3,499 (5-yen standard tick above 3,000),
    // 9,999 + 1,500 = 11,499 (5-yen TOPIX 500 tick above 10,000).
    expect(limits('2999', 'standard')).toEqual(['3500', '2499']);
    expect(limits('9999', 'topix500')).toEqual(['11500', '8499']);
    // 3,001 - 700 = 2,301 on the 0.5 grid; 3,701 on the 1-yen grid.
    expect(limits('3001', 'topix500')).toEqual(['3701', '2301']);
    // 10,005 - 3,000 = 7,005: on the 1-yen grid; 13,005 on the 5-yen grid.
    expect(limits('10005', 'topix500')).toEqual(['13005', '7005']);
    // 30,010 + 7,000 = 37,010 on the 10-yen TOPIX 500 grid; standard 30,050 - 7,000 = 23,050 on the 10-yen grid.
    expect(limits('30010', 'topix500')).toEqual(['37010', '23010']);
    expect(limits('30050', 'standard')).toEqual(['37050', '23050']);
  });

  it('floors the stop-low at 1 yen', () => {
    expect(limits('21', 'standard')).toEqual(['51', '1']);
    expect(limits('1.5', 'topix500')).toEqual(['31.5', '1']);
  });

  it('always answers prices on the grid that keep at least the full width either side', () => {
    const bases = ['912.3', '1007.5', '2874.5', '2999.5', '4687', '14885', '51930', '153.2', '598.3', '1262.5'];
    for (const base of bases) {
      const { upper, lower } = dailyPriceLimits(base, 'topix500');
      expect(isOnTickGrid(upper, 'topix500') && isOnTickGrid(lower, 'topix500'), base).toBe(true);
      const width = priceLimitWidth(base);
      expect(upper.minus(base).gte(width) && money(base).minus(lower).gte(width), base).toBe(true);
    }
  });
});
