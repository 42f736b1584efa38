import { describe, expect, it } from 'vitest';
import { createSimulator, depthOf } from './simulator.ts';
import type { SimulatedCompany } from './simulator.ts';

const companies: SimulatedCompany[] = [
  { code: '7203', tickTable: 'topix500', basePrice: '2900' },
  { code: '9984', tickTable: 'topix500', basePrice: '9000' },
];
const at = (minute: number) => new Date(Date.UTC(2026, 10, 20, 1, minute));

describe('simulator restored from stored state, with halted symbols', () => {
  it('continues from the stored last price, day figures and trade count of the same day', () => {
    const first = createSimulator({ seed: 5, companies, now: at(0), activity: 1 });
    for (let m = 1; m <= 30; m++) first.step(at(m));
    const saved = first.quote('7203');
    const restored = createSimulator({
      seed: 5,
      companies,
      now: at(31),
      activity: 1,
      resumeStep: 30,
      restore: [{ ...saved, symbol: '7203' }],
    });
    expect(restored.quote('7203')).toEqual(saved);
    const [tick] = restored.step(at(32)).filter((t) => t.symbol === '7203');
    expect(tick).toBeDefined();
    expect(restored.quote('7203').trades).toBe(saved.trades + 1);
    expect(restored.quote('7203').volume).toBe(saved.volume + (tick?.volume ?? 0));
  });

  it('opens a new day from a state of an earlier day: the stored last becomes the previous close', () => {
    const restored = createSimulator({
      seed: 5,
      companies,
      now: at(0),
      restore: [
        {
          symbol: '7203',
          last: '3000',
          prevClose: '2900',
          day: '2026-11-19',
          open: '2950',
          high: '3010',
          low: '2940',
          volume: 5000,
          turnover: '15000000',
          trades: 12,
        },
      ],
    });
    expect(restored.quote('7203')).toMatchObject({
      last: '3000',
      prevClose: '3000',
      volume: 0,
      open: null,
      trades: 12,
      day: '2026-11-20',
    });
  });

  it('does not trade a halted symbol while the others go on trading', () => {
    const halting = createSimulator({ seed: 9, companies, now: at(0), activity: 1 });
    const before = halting.quote('9984');
    const halted = new Set(['9984']);
    for (let m = 1; m <= 20; m++) expect(halting.step(at(m), halted).map((t) => t.symbol)).toEqual(['7203']);
    expect(halting.quote('9984')).toEqual(before);
    expect(halting.step(at(21)).map((t) => t.symbol)).toEqual(['7203', '9984']);
  });

  it('computes the same book from a quote as the simulator that holds it', () => {
    const sim = createSimulator({ seed: 2, companies, now: at(0), activity: 1 });
    for (let m = 1; m <= 5; m++) sim.step(at(m));
    const q = sim.quote('9984');
    expect(
      depthOf(
        2,
        { tickTable: 'topix500' },
        {
          symbol: '9984',
          last: q.last,
          upper: q.upper,
          lower: q.lower,
          trades: q.trades,
          day: q.day,
        },
      ),
    ).toEqual(sim.depth('9984'));
  });
});

describe('simulator booking recorded trades (replay)', () => {
  it('takes a recorded trade as the last price and adds it to the day’s figures and trade count', () => {
    const sim = createSimulator({ seed: 1, companies, now: at(0) });
    expect(sim.record({ symbol: '7203', price: '2910', volume: 300, turnover: '873000', at: at(1) })).toBe(true);
    expect(sim.record({ symbol: '7203', price: '2895.5', volume: 100, turnover: '289550', at: at(2) })).toBe(true);
    expect(sim.quote('7203')).toMatchObject({
      last: '2895.5',
      open: '2910',
      high: '2910',
      low: '2895.5',
      volume: 400,
      turnover: '1162550',
      trades: 2,
      prevClose: '2900',
    });
    expect(sim.record({ symbol: '0000', price: '1', volume: 100, turnover: '100', at: at(3) })).toBe(false);
    // The next JST day opens with the last recorded price as the previous close.
    sim.record({
      symbol: '7203',
      price: '2899',
      volume: 100,
      turnover: '289900',
      at: new Date('2026-11-20T15:01:00Z'),
    });
    expect(sim.quote('7203')).toMatchObject({ prevClose: '2895.5', open: '2899', volume: 100, day: '2026-11-21' });
  });
});
