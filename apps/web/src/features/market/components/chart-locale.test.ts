import { describe, expect, it } from 'vitest';
import { chartLocaleOptions, chartPrice, crosshairLabel, tickLabel } from './chart-locale.ts';

// 2026-11-24 13:35 as the chart holds it: JST wall time on a UTC clock (chart-bars.ts shifts by nine hours).
const at = Date.UTC(2026, 10, 24, 13, 35) / 1000;
const [year, month, day, time] = [0, 1, 2, 3];

describe('chart labels in the member language (issue 16 §3.8)', () => {
  it('writes the time axis in English, Chinese and Japanese, never in the phone language', () => {
    expect([year, month, day, time].map((type) => tickLabel('en', at, type))).toEqual(['2026', 'Nov', '24', '13:35']);
    expect([year, month, day, time].map((type) => tickLabel('tw', at, type))).toEqual([
      '2026年',
      '11月',
      '11/24',
      '13:35',
    ]);
    expect([year, month, day, time].map((type) => tickLabel('jp', at, type))).toEqual([
      '2026年',
      '11月',
      '24日',
      '13:35',
    ]);
  });

  it('writes the crosshair date in each language, with the JST time for intraday periods only', () => {
    expect(crosshairLabel('en', at, true)).toBe('24 Nov 2026 13:35');
    expect(crosshairLabel('en', at, false)).toBe('24 Nov 2026');
    expect(crosshairLabel('tw', at, true)).toBe('2026年11月24日 13:35');
    expect(crosshairLabel('jp', at, false)).toBe('2026年11月24日');
  });

  it('writes prices with comma thousands and two decimals', () => {
    expect(chartPrice(3100)).toBe('3,100.00');
    expect(chartPrice(12345.5)).toBe('12,345.50');
    expect(chartPrice(987.125)).toBe('987.13');
    expect(chartPrice(Number.NaN)).toBe('');
  });

  it('gives the chart the locale tag and the formatters', () => {
    const options = chartLocaleOptions('tw', false);
    expect(options.localization.locale).toBe('zh-Hant-TW');
    expect(options.localization.timeFormatter(at)).toBe('2026年11月24日');
    expect(options.timeScale.tickMarkFormatter(at, month)).toBe('11月');
    expect(options.timeScale.tickMarkFormatter({ year: 2026, month: 11, day: 24 }, month)).toBeNull();
    expect(chartLocaleOptions('jp', true).localization.locale).toBe('ja');
  });
});
