import { useEffect, useRef } from 'react';
import { CandlestickSeries, ColorType, HistogramSeries, createChart } from 'lightweight-charts';
import type { IChartApi, ISeriesApi, UTCTimestamp } from 'lightweight-charts';
import type { CandleWire } from '@kabuto/contracts/market/fields';
import { useLocale } from '../../../shared/format/jst.ts';
import { useTheme } from '../../../shared/theme/theme.store.ts';
import { canApplyLive, initialRange, toChartBar, toChartSeries, toVolumeBar } from './chart-bars.ts';
import { chartLocaleOptions } from './chart-locale.ts';

/** The chart paints on a canvas, not with CSS: it reads global.css's colours (price pair, scheme) when they change. */
export interface ChartColours {
  up: string;
  down: string;
  surface: string;
  text: string;
  grid: string;
}

function readColours(): ChartColours {
  const style = getComputedStyle(document.documentElement);
  const read = (name: string, fallback: string) => style.getPropertyValue(name).trim() || fallback;
  return {
    up: read('--price-up', '#c8321f'),
    down: read('--price-down', '#0a7356'),
    surface: read('--kabuto-surface', '#ffffff'),
    text: read('--kabuto-muted', '#5b6270'),
    grid: read('--kabuto-line', '#e5e7eb'),
  };
}

function colourOptions(c: ChartColours) {
  return {
    layout: { background: { type: ColorType.Solid, color: c.surface }, textColor: c.text },
    grid: { vertLines: { color: c.grid }, horzLines: { color: c.grid } },
  } as const;
}

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
  const theme = useTheme();
  const colours = useRef<ChartColours | null>(null);
  const container = useRef<HTMLDivElement>(null);
  const chart = useRef<{
    api: IChartApi;
    price: ISeriesApi<'Candlestick'>;
    volume: ISeriesApi<'Histogram'>;
    lastTime: number | null;
  } | null>(null);
  const candlesRef = useRef<readonly CandleWire[]>(candles);

  useEffect(() => {
    const element = container.current;
    if (!element) return;
    const c = readColours();
    colours.current = c;
    const api = createChart(element, {
      autoSize: true,
      layout: { ...colourOptions(c).layout, attributionLogo: true, fontFamily: 'inherit' },
      grid: colourOptions(c).grid,
      rightPriceScale: { borderVisible: false },
      timeScale: { borderVisible: false, timeVisible: intraday, secondsVisible: false },
      handleScale: { axisPressedMouseMove: false },
    });
    const price = api.addSeries(CandlestickSeries, { ...candleColours(c), borderVisible: false });
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

  // Dark scheme or the member's price colours changed: repaint the series and the volume bars in the new colours.
  useEffect(() => {
    const current = chart.current;
    if (!current) return;
    const c = readColours();
    if (colours.current && sameColours(colours.current, c)) return;
    colours.current = c;
    current.api.applyOptions(colourOptions(c));
    current.price.applyOptions(candleColours(c));
    const { volumes } = toChartSeries(candlesRef.current);
    current.volume.setData(
      volumes.map((v) => ({ time: v.time as UTCTimestamp, value: v.value, color: volumeColour(c, v.direction) })),
    );
  }, [theme.scheme, theme.up]);

  // Axis, crosshair and price labels in the member's language (times JST, prices "3,100.00"), also after a switch.
  useEffect(() => {
    chart.current?.api.applyOptions(chartLocaleOptions(lang, intraday));
  }, [lang, intraday]);

  useEffect(() => {
    const current = chart.current;
    if (!current) return;
    candlesRef.current = candles;
    const c = colours.current ?? readColours();
    const { bars, volumes } = toChartSeries(candles);
    current.price.setData(bars.map((b) => ({ ...b, time: b.time as UTCTimestamp })));
    current.volume.setData(
      volumes.map((v) => ({ time: v.time as UTCTimestamp, value: v.value, color: volumeColour(c, v.direction) })),
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
      color: volumeColour(colours.current ?? readColours(), volume.direction),
    });
    current.lastTime = bar.time;
  }, [live]);

  return <div ref={container} className="candle-chart" role="figure" aria-label={label} data-testid="candle-chart" />;
}

function candleColours(c: ChartColours) {
  return { upColor: c.up, downColor: c.down, wickUpColor: c.up, wickDownColor: c.down };
}

function sameColours(a: ChartColours, b: ChartColours): boolean {
  return a.up === b.up && a.down === b.down && a.surface === b.surface && a.text === b.text && a.grid === b.grid;
}

/** The volume bars: the price colour at 35 % opacity ("#c8321f" → "rgba(200, 50, 31, 0.35)"). */
export function volumeColour(c: ChartColours, direction: 'up' | 'down'): string {
  const hex = /^#([0-9a-f]{6})$/i.exec(direction === 'up' ? c.up : c.down)?.[1];
  if (!hex) return direction === 'up' ? c.up : c.down;
  const [r, g, b] = [0, 2, 4].map((i) => parseInt(hex.slice(i, i + 2), 16));
  return `rgba(${r}, ${g}, ${b}, 0.35)`;
}
