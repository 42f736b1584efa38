import { describe, expect, it } from 'vitest';
import { createSimulator } from './simulator.ts';
import type { SimulatedCompany } from './simulator.ts';

const companies: SimulatedCompany[] = [
  { code: 'E002', tickTable: 'topix500', basePrice: '2999.5' },
  { code: 'E006', tickTable: 'standard', basePrice: '21' },
  { code: '7203', tickTable: 'topix500', basePrice: '2900' },
];
const at = (iso: string) => new Date(iso);

describe('simulator day and session', () => {
  it('starts from the base price with the exchange’s limit prices and a stop-low floored at 1 yen (issue 17 §11)', () => {
    const sim = createSimulator({ seed: 1, companies, now: at('2026-11-20T00:00:00Z') });
    // 2999.5 + 500 = 3499.5 is off the 1-yen grid above 3,000: the exchange moves it out to 3,500 (not in to 3,499).
    expect(sim.quote('E002')).toMatchObject({
      last: '2999.5',
      prevClose: '2999.5',
      upper: '3500',
      lower: '2499.5',
      day: '2026-11-20',
    });
    expect(sim.quote('E006')).toMatchObject({ upper: '51', lower: '1' });
  });

  it('rolls the previous close to the last price at JST midnight and resets the day’s volume', () => {
    const sim = createSimulator({ seed: 3, companies, now: at('2026-11-20T00:00:00Z'), activity: 1 });
    for (let minute = 1; minute <= 120; minute++) sim.step(new Date(Date.UTC(2026, 10, 20, 0, minute)));
    const friday = sim.quote('7203');
    expect(friday.volume).toBeGreaterThan(0);
    expect(sim.step(at('2026-11-20T14:59:00Z'))).toHaveLength(3); // demo trades at 23:59 JST
    const lastFriday = sim.quote('7203').last;
    const [saturdayTrade] = sim.step(at('2026-11-20T15:00:00Z')).filter((t) => t.symbol === '7203'); // Sat 00:00 JST: the day rolls before it trades
    const saturday = sim.quote('7203');
    expect(saturday.day).toBe('2026-11-21');
    expect(saturday.prevClose).toBe(lastFriday);
    expect(saturday.volume).toBe(saturdayTrade?.volume); // only this step's trade counts for the new day
  });

  it('under the tse profile trades only in continuous hours, and the close carries over the weekend', () => {
    const sim = createSimulator({ seed: 5, companies, now: at('2026-11-20T00:00:00Z'), profile: 'tse', activity: 1 });
    expect(sim.step(at('2026-11-20T00:30:00Z'))).toHaveLength(3); // Fri 09:30 JST
    expect(sim.step(at('2026-11-20T02:45:00Z'))).toEqual([]); // lunch
    expect(sim.step(at('2026-11-20T06:26:00Z'))).toEqual([]); // closing auction: no continuous prints
    expect(sim.step(at('2026-11-20T06:30:00Z'))).toHaveLength(3); // 15:30: the closing print
    const close = sim.quote('7203').last;
    expect(sim.step(at('2026-11-21T01:00:00Z'))).toEqual([]); // Saturday
    expect(sim.step(at('2026-11-23T01:00:00Z'))).toEqual([]); // Labour Thanksgiving Day
    expect(sim.quote('7203')).toMatchObject({ prevClose: close, last: close, volume: 0, day: '2026-11-23' });
    expect(sim.step(at('2026-11-24T00:00:00Z'))).toHaveLength(3); // Tue 09:00 JST
  });

  it('refuses unknown and duplicate symbols', () => {
    const sim = createSimulator({ seed: 1, companies, now: at('2026-11-20T00:00:00Z') });
    expect(() => sim.quote('0000')).toThrow(RangeError);
    expect(() => createSimulator({ seed: 1, companies: [...companies, companies[0]!], now: new Date() })).toThrow(
      RangeError,
    );
  });
});
