import { describe, expect, it } from 'vitest';
import { actionsFor, matchesFilter } from './market-actions.ts';

const all = { halt: true, resume: true, delist: true };
const none = { halt: false, resume: false, delist: false };
const toyota = {
  symbol: '7203',
  names: { jp: 'トヨタ自動車', en: 'Toyota Motor', tw: '豐田汽車' },
  status: 'listed' as const,
};

describe('back office market: the actions a stock’s state allows', () => {
  it('offers halt or resume by state, delist to both, and nothing once delisted (final on the server)', () => {
    expect(actionsFor('listed', all)).toEqual(['halt', 'delist']);
    expect(actionsFor('halted', all)).toEqual(['resume', 'delist']);
    expect(actionsFor('delisted', all)).toEqual([]);
  });

  it('offers nothing to a role the policies do not allow', () => {
    expect(actionsFor('listed', none)).toEqual([]);
    expect(actionsFor('halted', { ...none, resume: true })).toEqual(['resume']);
  });
});

describe('back office market: the filter', () => {
  it('matches a code prefix, a name in any language (full-width too) and the status', () => {
    expect(matchesFilter(toyota, '72', 'all')).toBe(true);
    expect(matchesFilter(toyota, '７２０３', 'all')).toBe(true);
    expect(matchesFilter(toyota, 'toyota', 'listed')).toBe(true);
    expect(matchesFilter(toyota, '豐田', 'all')).toBe(true);
    expect(matchesFilter(toyota, '03', 'all')).toBe(false);
    expect(matchesFilter(toyota, '', 'halted')).toBe(false);
  });
});
