import { describe, expect, it } from 'vitest';
import {
  draftOfRules,
  draftOfTerms,
  lockUpInstant,
  percentOfRate,
  rateOfPercent,
  rulesOfDraft,
  termsIssues,
  termsOfDraft,
  toggleLeverage,
} from './trade-settings-form.ts';

const opening = {
  purchaseRate: '0.001',
  sellingRate: '0.001',
  stampDutyRate: '0',
  minimumFee: '100',
  leverages: [5, 1, 2, 3],
  maintenanceRatio: '0.5',
  longAnnualRate: '0.028',
  shortAnnualRate: '0.0115',
};

describe('trading terms typed as percentages, sent as fractions', () => {
  it('shows each fraction as the percentage members read, exactly', () => {
    expect(draftOfTerms(opening)).toEqual({
      purchaseRate: '0.1',
      sellingRate: '0.1',
      stampDutyRate: '0',
      maintenanceRatio: '50',
      longAnnualRate: '2.8',
      shortAnnualRate: '1.15',
      minimumFee: '100',
      leverages: [1, 2, 3, 5],
    });
  });

  it('sends what was shown unchanged (no float drift: 0.1 % stays 0.001, 2.8 % stays 0.028)', () => {
    expect(termsOfDraft(draftOfTerms(opening))).toEqual({ ...opening, leverages: [1, 2, 3, 5] });
    expect(rateOfPercent('0.07')).toBe('0.0007');
    expect(rateOfPercent('0.0001')).toBe('0.000001');
    expect(rateOfPercent('100')).toBe('1');
    expect(percentOfRate('0.000001')).toBe('0.0001');
  });

  it('refuses what the contract cannot hold: over 100 %, more than four decimals, signs, words', () => {
    for (const bad of ['100.01', '0.00001', '-1', '1e2', '', ' . ', '5%']) expect(rateOfPercent(bad)).toBeNull();
    const draft = { ...draftOfTerms(opening), sellingRate: '101', minimumFee: '1.5', leverages: [] };
    expect(termsIssues(draft)).toEqual(['sellingRate', 'minimumFee', 'leverages']);
    expect(termsOfDraft(draft)).toBeNull();
  });

  it('offers one to eight leverages, kept in order', () => {
    expect(toggleLeverage([1, 5], 3)).toEqual([1, 3, 5]);
    expect(toggleLeverage([1, 3, 5], 3)).toEqual([1, 5]);
    const eight = [1, 2, 3, 4, 5, 6, 7, 8];
    expect(toggleLeverage(eight, 10)).toEqual(eight);
  });
});

describe('per-product sale rules', () => {
  it('ends a lock-up at 00:00 JST on the date chosen, and refuses a date not on the calendar', () => {
    expect(lockUpInstant('2026-12-31')).toBe('2026-12-30T15:00:00.000Z');
    expect(lockUpInstant('2026-02-31')).toBeNull();
    expect(lockUpInstant('31/12/2026')).toBeNull();
  });

  it('keeps a saved lock-up instant when its date is left as it was', () => {
    const saved = {
      symbol: '7203',
      sameDayBan: true,
      tPlusOneBan: false,
      minHoldingMinutes: 30,
      lockUpUntil: '2026-12-01T03:30:00.000Z',
    };
    expect(rulesOfDraft(draftOfRules(saved), saved)).toEqual(saved);
    expect(rulesOfDraft({ ...draftOfRules(saved), lockUpDate: '' }, saved)?.lockUpUntil).toBeNull();
    expect(rulesOfDraft({ ...draftOfRules(saved), lockUpDate: '2026-12-02' }, saved)?.lockUpUntil).toBe(
      '2026-12-01T15:00:00.000Z',
    );
  });

  it('needs a four-character code and whole minutes up to 100,000', () => {
    const draft = {
      ...draftOfRules({
        symbol: '7203',
        sameDayBan: false,
        tPlusOneBan: false,
        minHoldingMinutes: 0,
        lockUpUntil: null,
      }),
    };
    expect(rulesOfDraft({ ...draft, symbol: '72' })).toBeNull();
    expect(rulesOfDraft({ ...draft, minHoldingMinutes: '100001' })).toBeNull();
    expect(rulesOfDraft({ ...draft, minHoldingMinutes: '1.5' })).toBeNull();
    expect(rulesOfDraft({ ...draft, symbol: '130a' })?.symbol).toBe('130A');
  });
});
