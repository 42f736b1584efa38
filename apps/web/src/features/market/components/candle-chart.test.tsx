import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, render } from '@testing-library/react';
import { changeLang, i18n, initI18n, loadCatalogueParts } from '../../../i18n/i18n.ts';
import CandleChart from './candle-chart.tsx';

// The chart library draws on a canvas jsdom does not have: record the options it is given instead.
const applied: Record<string, unknown>[] = [];
const created: Record<string, unknown>[] = [];
vi.mock('lightweight-charts', () => {
  const series = () => ({
    setData: vi.fn(),
    update: vi.fn(),
    priceScale: () => ({ applyOptions: vi.fn() }),
  });
  return {
    CandlestickSeries: 'candles',
    HistogramSeries: 'histogram',
    ColorType: { Solid: 'solid' },
    createChart: vi.fn((_element: HTMLElement, options: Record<string, unknown>) => {
      created.push(options);
      return {
        addSeries: series,
        priceScale: () => ({ applyOptions: vi.fn() }),
        timeScale: () => ({ fitContent: vi.fn(), setVisibleLogicalRange: vi.fn() }),
        applyOptions: (o: Record<string, unknown>) => applied.push(o),
        remove: vi.fn(),
      };
    }),
  };
});

interface Given {
  localization?: { locale?: string; priceFormatter?: (p: number) => string; timeFormatter?: (t: number) => string };
  timeScale?: { tickMarkFormatter?: (t: number, type: number, locale: string) => string | null };
}

/** The chart's options as the library ends up with them: creation, then every applyOptions in order. */
function given(): Given {
  const merged: Given = {};
  for (const o of [...created, ...applied] as Given[]) {
    if (o.localization) merged.localization = { ...merged.localization, ...o.localization };
    if (o.timeScale) merged.timeScale = { ...merged.timeScale, ...o.timeScale };
  }
  return merged;
}

const at = Date.UTC(2026, 10, 24, 13, 35) / 1000;

describe('the candle chart speaks the member language (issue 16 §3.8)', () => {
  beforeAll(async () => {
    await initI18n({ search: '?lang=en', hash: '' });
    await loadCatalogueParts(['market']);
  });
  afterEach(() => {
    cleanup();
    applied.length = 0;
    created.length = 0;
  });

  it('gives the chart the English locale, English dates and grouped prices on a Japanese phone', async () => {
    await changeLang('en');
    render(<CandleChart candles={[]} live={null} intraday label="chart" />);
    const options = given();
    expect(options.localization?.locale).toBe('en');
    expect(options.localization?.priceFormatter?.(3100)).toBe('3,100.00');
    expect(options.localization?.timeFormatter?.(at)).toBe('24 Nov 2026 13:35');
    expect(options.timeScale?.tickMarkFormatter?.(at, 2, 'ja-JP')).toBe('24');
    expect(options.timeScale?.tickMarkFormatter?.(at, 1, 'ja-JP')).toBe('Nov');
  });

  it('follows a switch to Chinese', async () => {
    await changeLang('en');
    const { rerender } = render(<CandleChart candles={[]} live={null} intraday={false} label="chart" />);
    await changeLang('tw');
    rerender(<CandleChart candles={[]} live={null} intraday={false} label="chart" />);
    const options = given();
    expect(options.localization?.locale).toBe('zh-Hant-TW');
    expect(options.localization?.timeFormatter?.(at)).toBe('2026年11月24日');
    expect(options.timeScale?.tickMarkFormatter?.(at, 2, 'ja-JP')).toBe('11/24');
  });

  it('names the daily chart 日K線 in Chinese, not 日KK線', async () => {
    await changeLang('tw');
    const label = (p: string) => i18n.t('marketDetail.chart.label', { period: i18n.t(`marketDetail.periods.${p}`) });
    expect(label('1d')).toBe('日K線圖（含成交量）');
    expect(label('5m')).toBe('5分線圖（含成交量）');
    for (const p of ['1m', '5m', '10m', '30m', '1d', '1w', '1M']) expect(label(p)).not.toMatch(/KK/);
  });
});
