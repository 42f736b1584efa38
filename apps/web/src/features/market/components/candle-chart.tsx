import { useEffect, useRef } from 'react';
import { CandlestickSeries, ColorType, HistogramSeries, createChart } from 'lightweight-charts';
import type { IChartApi, ISeriesApi, UTCTimestamp } from 'lightweight-charts';
import type { CandleWire } from '@kabuto/contracts/market/fields';
import { useLocale } from '../../../shared/format/jst.ts';
import { canApplyLive, initialRange, toChartBar, toChartSeries, toVolumeBar } from './chart-bars.ts';
import { chartLocaleOptions } from './chart-locale.ts';

// The price colours of global.css (--kabuto-rise, --kabuto-fall): the chart paints on a canvas, not with CSS.
const rise = '#c8321f';
const fall = '#0a7356';

interface CandleChartProps {
  /** The period's candles, oldest first (a fresh fetch replaces the whole series). */
  candles: readonly CandleWire[];
  /** The newest live candle of the period, from its stream topic. */
  live: CandleWire | null;
  /** Intraday periods show the time on the axis; day, week and month only the date. */
  intraday: boolean;
  label: string;
}

/**
 * Candlesticks with volume bars (lightweight-charts, TradingView's attribution logo kept as its licence asks).
 * Loaded only with the stock detail screen.
 */
export default function CandleChart({ candles, live, intraday, label }: CandleChartProps) {
  const lang = useLocale();
  const container = useRef<HTMLDivElement>(null);
  const chart = useRef<{
    api: IChartApi;
    price: ISeriesApi<'Candlestick'>;
    volume: ISeriesApi<'Histogram'>;
    lastTime: number | null;
  } | null>(null);

  useEffect(() => {
    const element = container.current;
    if (!element) return;
    const api = createChart(element, {
      autoSize: true,
      layout: {
        background: { type: ColorType.Solid, color: '#ffffff' },
        textColor: '#5b6270',
        attributionLogo: true,
        fontFamily: 'inherit',
      },
      grid: { vertLines: { color: '#f0f1f4' }, horzLines: { color: '#f0f1f4' } },
      rightPriceScale: { borderVisible: false },
      timeScale: { borderVisible: false, timeVisible: intraday, secondsVisible: false },
      handleScale: { axisPressedMouseMove: false },
    });
    const price = api.addSeries(CandlestickSeries, {
      upColor: rise,
      downColor: fall,
      wickUpColor: rise,
      wickDownColor: fall,
      borderVisible: false,
    });
    const volume = api.addSeries(HistogramSeries, {
      priceFormat: { type: 'volume' },
      priceScaleId: 'volume',
      lastValueVisible: false,
      priceLineVisible: false,
    });
    api.priceScale('volume').applyOptions({ scaleMargins: { top: 0.8, bottom: 0 } });
    price.priceScale().applyOptions({ scaleMargins: { top: 0.08, bottom: 0.25 } });
    chart.current = { api, price, volume, lastTime: null };
    return () => {
      chart.current = null;
      api.remove();
    };
  }, [intraday]);

  // Axis, crosshair and price labels in the member's language (times JST, prices "3,100.00"), also after a switch.
  useEffect(() => {
    chart.current?.api.applyOptions(chartLocaleOptions(lang, intraday));
  }, [lang, intraday]);

  useEffect(() => {
    const current = chart.current;
    if (!current) return;
    const { bars, volumes } = toChartSeries(candles);
    current.price.setData(bars.map((b) => ({ ...b, time: b.time as UTCTimestamp })));
    current.volume.setData(
      volumes.map((v) => ({ time: v.time as UTCTimestamp, value: v.value, color: volumeColour(v.direction) })),
    );
    current.lastTime = bars.at(-1)?.time ?? null;
    const range = initialRange(bars.length);
    if (range === 'fit') current.api.timeScale().fitContent();
    else current.api.timeScale().setVisibleLogicalRange(range);
  }, [candles, intraday]);

  useEffect(() => {
    const current = chart.current;
    if (!current || !live) return;
    const bar = toChartBar(live);
    if (!canApplyLive(current.lastTime, bar)) return;
    const volume = toVolumeBar(live);
    current.price.update({ ...bar, time: bar.time as UTCTimestamp });
    current.volume.update({
      time: volume.time as UTCTimestamp,
      value: volume.value,
      color: volumeColour(volume.direction),
    });
    current.lastTime = bar.time;
  }, [live]);

  return <div ref={container} className="candle-chart" role="img" aria-label={label} data-testid="candle-chart" />;
}

function volumeColour(direction: 'up' | 'down'): string {
  return direction === 'up' ? 'rgba(200, 50, 31, 0.35)' : 'rgba(10, 115, 86, 0.35)';
}
