import { historyCandles, historyTradingDays } from './history.ts';
import { createSimulator } from './simulator.ts';
import { TSE_COMPANIES, findCompany } from './tse-companies.ts';
import { aggregate } from '@kabuto/domain/market/candles';

const anchor = new Date('2026-11-20T00:00:00Z'); // Fri 09:00 JST
const days = historyTradingDays(anchor);
const rv = (closes: number[]) => { const r: number[] = []; for (let i = 1; i < closes.length; i++) r.push(Math.log(closes[i]! / closes[i - 1]!)); const m = r.reduce((a, b) => a + b, 0) / r.length; return Math.sqrt(r.reduce((a, b) => a + (b - m) ** 2, 0) / r.length); };
for (const code of ["7203", "8306", "6920", "8566", "9432", "2220", "4665"]) {
  const c = findCompany(code)!;
  let t = Date.now();
  const h = historyCandles(7, c, anchor, days);
  const ms = Date.now() - t;
  const m1 = h.get('1m')!;
  const hv = rv(m1.filter(x => new Date(x.start).getUTCHours() !== 6 || new Date(x.start).getUTCMinutes() < 25).map(x => Number(x.close)));
  const hvol = m1.reduce((a, x) => a + x.volume, 0) / 3;
  const sim = createSimulator({ seed: 7, companies: [c], now: anchor, profile: 'tse' });
  const ticks = [];
  for (let s = 1; s <= 6 * 3600; s++) ticks.push(...sim.step(new Date(anchor.getTime() + s * 1000)));
  const live = aggregate(ticks.map(x => ({ price: x.price, volume: x.volume, at: x.at, turnover: x.turnover })), '1m');
  const lv = rv(live.filter(x => new Date(x.start).getUTCHours() !== 6 || new Date(x.start).getUTCMinutes() < 25).map(x => Number(x.close)));
  const q = sim.quote(code);
  console.log(code, 'ms', ms, '1m', m1.length, 'hist rv', hv.toExponential(2), 'live rv', lv.toExponential(2), 'ratio', (hv / lv).toFixed(2), 'hist day vol', Math.round(hvol), 'live day vol', q.volume, 'adv', c.dailyVolume, 'ticks', ticks.length, 'bars', live.length);
}

