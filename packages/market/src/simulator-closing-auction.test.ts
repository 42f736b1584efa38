import { describe, expect, it } from 'vitest';
import { createSimulator } from './simulator.ts';
import type { MarketTick } from './simulator.ts';
import { findCompany } from './tse-companies.ts';

const companies = ['7203', '8306', '8566'].map((code) => findCompany(code)!);
/** A JST wall-clock time on Friday 20 November 2026. */
const jst = (hhmm: string, seconds = 0) => new Date(`2026-11-20T${hhmm}:${String(seconds).padStart(2, '0')}+09:00`);

/** Steps every 10 seconds from `from` up to (not including) `to`. */
function run(sim: ReturnType<typeof createSimulator>, from: Date, to: Date): MarketTick[] {
  const ticks: MarketTick[] = [];
  for (let t = from.getTime(); t < to.getTime(); t += 10_000) ticks.push(...sim.step(new Date(t)));
  return ticks;
}

describe('the closing auction under the tse profile (issue 17 §10)', () => {
  it('prints nothing from 15:25 and then once at 15:30, at each stock’s last price', () => {
    const sim = createSimulator({ seed: 3, companies, now: jst('09:00'), profile: 'tse', activity: 1 });
    run(sim, jst('09:00'), jst('15:25'));
    const lasts = new Map(companies.map((c) => [c.code, sim.quote(c.code).last]));
    expect(run(sim, jst('15:25'), jst('15:30'))).toEqual([]);
    const closing = sim.step(jst('15:30', 1));
    expect(closing.map((t) => t.symbol).sort()).toEqual(['7203', '8306', '8566']);
    for (const tick of closing) {
      expect(tick.price).toBe(lasts.get(tick.symbol));
      expect(tick.at).toEqual(jst('15:30'));
      expect(tick.volume % 100).toBe(0);
    }
    // A busy stock's closing auction is a large print.
    expect(closing.find((t) => t.symbol === '7203')!.volume).toBeGreaterThan(500_000);
    expect(sim.quote('7203').last).toBe(lasts.get('7203'));
    // Once a day: the next steps print nothing until the next morning.
    expect(run(sim, jst('15:31'), jst('16:00'))).toEqual([]);
  });

  it('leaves out halted stocks and stocks that did not trade, and is not printed again by a simulator started after the close', () => {
    const sim = createSimulator({ seed: 3, companies, now: jst('15:00'), profile: 'tse', activity: 1 });
    sim.step(jst('15:20'));
    const closing = sim.step(jst('15:30'), new Set(['8306']));
    expect(closing.map((t) => t.symbol)).not.toContain('8306');
    const late = createSimulator({ seed: 3, companies, now: jst('15:45'), profile: 'tse', activity: 1 });
    expect(late.step(jst('15:46'))).toEqual([]);
  });

  it('is not part of the demo profile, which trades through 15:25–15:30', () => {
    const sim = createSimulator({ seed: 3, companies, now: jst('15:20'), activity: 1 });
    expect(run(sim, jst('15:25'), jst('15:30')).length).toBeGreaterThan(0);
  });
});
