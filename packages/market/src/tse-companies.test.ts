import { describe, expect, it } from 'vitest';
import { isOnTickGrid } from '@kabuto/domain/market/tick-size';
import { money } from '@kabuto/domain/money';
import { TSE_COMPANIES, TSE_SECTORS, findCompany } from './tse-companies.ts';
import { TSE_READINGS } from './tse-readings.ts';

describe('the simulated TSE universe', () => {
  it('carries at least 150 companies', () => {
    expect(TSE_COMPANIES.length).toBeGreaterThanOrEqual(150);
  });

  it('has unique four-digit codes', () => {
    const codes = TSE_COMPANIES.map((company) => company.code);
    expect(codes.filter((code) => !/^\d{4}$/.test(code))).toEqual([]);
    expect(codes.filter((code, index) => codes.indexOf(code) !== index)).toEqual([]);
  });

  it('names every company in Japanese, English and Traditional Chinese', () => {
    const missing = TSE_COMPANIES.filter(({ names }) =>
      [names.jp, names.en, names.tw].some((name) => name.trim() === ''),
    );
    expect(missing.map((company) => company.code)).toEqual([]);
  });

  it('gives every company a katakana reading of its Japanese name, and no reading to a company not listed', () => {
    const missing = TSE_COMPANIES.filter(({ reading }) => !/^[ァ-ヶー]+$/.test(reading));
    expect(missing.map((company) => `${company.code} ${company.reading}`)).toEqual([]);
    const codes = new Set(TSE_COMPANIES.map((company) => company.code));
    expect(Object.keys(TSE_READINGS).filter((code) => !codes.has(code))).toEqual([]);
    // A name written in katakana is its own reading (spaces and middle dots left out).
    for (const { names, reading } of TSE_COMPANIES) {
      const plain = names.jp.replace(/[\s・]/g, '');
      if (/^[ァ-ヶー]+$/.test(plain)) expect(reading).toBe(plain);
    }
    expect(findCompany('7203')?.reading).toBe('トヨタジドウシャ');
  });

  it('gives every company one of the 33 TSE sectors, by code and by name', () => {
    for (const company of TSE_COMPANIES) expect(company.sector).toBe(TSE_SECTORS[company.sectorCode]);
    expect(Object.keys(TSE_SECTORS)).toHaveLength(33);
  });

  it('puts every base price above zero and on the tick grid of its table', () => {
    const offGrid = TSE_COMPANIES.filter(
      ({ basePrice, tickTable }) => !(money(basePrice).gt(0) && isOnTickGrid(basePrice, tickTable)),
    );
    expect(offGrid.map((company) => `${company.code} ${company.basePrice}`)).toEqual([]);
  });

  it('gives every company market figures that look like the TSE (issue 17 §14)', () => {
    const large = TSE_COMPANIES.filter((c) => money(c.basePrice).gte(1000));
    // Closing prices are rarely round: before, every base price was a multiple of 100 yen.
    const round = large.filter((c) => money(c.basePrice).mod(100).isZero());
    expect(round.length / large.length).toBeLessThan(0.1);
    for (const c of TSE_COMPANIES) {
      expect(Number.isInteger(c.sharesIssued) && c.sharesIssued >= 10_000_000, c.code).toBe(true);
      expect(c.dailyVolume % 1_000 === 0 && c.dailyVolume >= 10_000, c.code).toBe(true);
      expect(c.volatility >= 0.8 && c.volatility <= 5, c.code).toBe(true);
    }
    expect(findCompany('7203')?.dailyVolume).toBeGreaterThanOrEqual(20_000_000);
    expect(findCompany('7203')?.dailyVolume).toBeLessThanOrEqual(30_000_000);
    const volumes = TSE_COMPANIES.map((c) => c.dailyVolume);
    expect(Math.min(...volumes)).toBeLessThanOrEqual(50_000);
    expect(Math.max(...volumes) / Math.min(...volumes)).toBeGreaterThan(1_000);
    // Large caps move less than growth names: most of the ten largest by value move no more than 2% a day
    // (SoftBank Group, an investment holding, is the usual exception).
    const byValue = [...TSE_COMPANIES].sort((a, b) =>
      money(b.basePrice).times(b.sharesIssued).cmp(money(a.basePrice).times(a.sharesIssued)),
    );
    expect(byValue.slice(0, 10).filter((c) => c.volatility > 2).length).toBeLessThanOrEqual(2);
    expect(findCompany('6920')?.volatility).toBeGreaterThanOrEqual(3);
  });

  it('lets TOPIX 500 membership decide the tick table, and carries both tables', () => {
    for (const company of TSE_COMPANIES) expect(company.tickTable).toBe(company.topix500 ? 'topix500' : 'standard');
    expect(TSE_COMPANIES.filter((company) => !company.topix500).length).toBeGreaterThanOrEqual(10);
  });

  it('knows the household names', () => {
    expect(findCompany('7203')?.names.en).toBe('Toyota Motor');
    expect(findCompany('6758')?.names.jp).toBe('ソニーグループ');
    expect(findCompany('9984')?.names.tw).toBe('軟銀集團');
    expect(findCompany('8306')?.sector).toBe('Banks');
    expect(findCompany('0000')).toBeUndefined();
  });
});
