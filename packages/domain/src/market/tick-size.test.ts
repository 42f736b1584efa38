import { describe, expect, it } from 'vitest';
import { InvalidPriceError, isOnTickGrid, roundToTick, stepTick, tickSize } from './tick-size.ts';
import type { TickTable } from './tick-size.ts';

const tick = (price: string, table: TickTable) => tickSize(price, table).toFixed();

describe('TSE tick sizes at every band boundary', () => {
  // [boundary, tick at the boundary ("or less"), tick just above it]
  const topix500: [string, string, string][] = [
    ['1000', '0.1', '0.5'],
    ['3000', '0.5', '1'],
    ['10000', '1', '5'],
    ['30000', '5', '10'],
    ['100000', '10', '50'],
    ['300000', '50', '100'],
    ['1000000', '100', '500'],
    ['3000000', '500', '1000'],
    ['10000000', '1000', '5000'],
    ['30000000', '5000', '10000'],
  ];
  const standard: [string, string, string][] = [
    ['3000', '1', '5'],
    ['5000', '5', '10'],
    ['30000', '10', '50'],
    ['50000', '50', '100'],
    ['300000', '100', '500'],
    ['500000', '500', '1000'],
    ['3000000', '1000', '5000'],
    ['5000000', '5000', '10000'],
    ['30000000', '10000', '50000'],
    ['50000000', '50000', '100000'],
  ];

  it.each(topix500)('TOPIX 500 table: %s yen takes %s, just above takes %s', (boundary, at, above) => {
    expect(tick(boundary, 'topix500')).toBe(at);
    expect(tick(`${boundary}.01`, 'topix500')).toBe(above);
  });

  it.each(standard)('standard table: %s yen takes %s, just above takes %s', (boundary, at, above) => {
    expect(tick(boundary, 'standard')).toBe(at);
    expect(tick(`${boundary}.01`, 'standard')).toBe(above);
  });

  it('the top bands have no ceiling', () => {
    expect(tick('900000000', 'topix500')).toBe('10000');
    expect(tick('900000000', 'standard')).toBe('100000');
  });

  it('the lowest prices: 0.1 yen steps for TOPIX 500 constituents, 1 yen for others', () => {
    expect(tick('1', 'topix500')).toBe('0.1');
    expect(tick('1', 'standard')).toBe('1');
  });

  it('refuses zero and negative prices', () => {
    expect(() => tickSize('0', 'standard')).toThrow(InvalidPriceError);
    expect(() => tickSize('-5', 'topix500')).toThrow(InvalidPriceError);
  });
});

describe('the tick grid', () => {
  it('accepts prices on the grid of their band and refuses others', () => {
    expect(isOnTickGrid('999.9', 'topix500')).toBe(true);
    expect(isOnTickGrid('1000.1', 'topix500')).toBe(false);
    expect(isOnTickGrid('1000.5', 'topix500')).toBe(true);
    expect(isOnTickGrid('2999.5', 'topix500')).toBe(true);
    expect(isOnTickGrid('3000.5', 'topix500')).toBe(false);
    expect(isOnTickGrid('10005', 'topix500')).toBe(true);
    expect(isOnTickGrid('10001', 'topix500')).toBe(false);
    expect(isOnTickGrid('3001', 'standard')).toBe(false);
    expect(isOnTickGrid('3005', 'standard')).toBe(true);
    expect(isOnTickGrid('999.9', 'standard')).toBe(false);
    expect(isOnTickGrid('0', 'standard')).toBe(false);
  });

  it('rounds down, up and to the nearest tick of the band the price is in', () => {
    expect(roundToTick('3002', 'standard', 'down').toFixed()).toBe('3000');
    expect(roundToTick('3002', 'standard', 'up').toFixed()).toBe('3005');
    expect(roundToTick('3002', 'standard', 'nearest').toFixed()).toBe('3000');
    expect(roundToTick('3002.5', 'standard', 'nearest').toFixed()).toBe('3005'); // ties go up
    expect(roundToTick('1000.05', 'topix500', 'up').toFixed()).toBe('1000.5');
    expect(roundToTick('1000.05', 'topix500', 'down').toFixed()).toBe('1000');
    expect(roundToTick('10003', 'topix500', 'nearest').toFixed()).toBe('10005');
    expect(roundToTick('0.4', 'standard', 'down').toFixed()).toBe('1'); // never below the smallest tick
  });

  it('steps to the neighbouring price across band boundaries', () => {
    expect(stepTick('3000', 'topix500', 'up')?.toFixed()).toBe('3001');
    expect(stepTick('3001', 'topix500', 'down')?.toFixed()).toBe('3000');
    expect(stepTick('3000', 'topix500', 'down')?.toFixed()).toBe('2999.5');
    expect(stepTick('1000', 'topix500', 'up')?.toFixed()).toBe('1000.5');
    expect(stepTick('5000', 'standard', 'up')?.toFixed()).toBe('5010');
    expect(stepTick('1', 'standard', 'down')).toBeNull();
  });
});
