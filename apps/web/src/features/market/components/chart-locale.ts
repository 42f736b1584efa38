import type { Lang } from '@kabuto/contracts/fields';
import { htmlLangOf } from '../../../i18n/language.ts';
import { priceText } from '../../../shared/format/price-change.ts';

/**
 * lightweight-charts' `TickMarkType` (Year 0, Month 1, DayOfMonth 2, Time 3, TimeWithSeconds 4), as numbers so
 * this module (and its tests) need not load the chart library.
 */
const tick = { year: 0, month: 1, dayOfMonth: 2 } as const;

const englishMonths = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

/** The chart's bars carry seconds already moved to read JST on a UTC clock (`chart-bars.ts`): read them as UTC. */
function partsOf(seconds: number) {
  const d = new Date(seconds * 1000);
  return {
    year: d.getUTCFullYear(),
    month: d.getUTCMonth() + 1,
    day: d.getUTCDate(),
    time: `${String(d.getUTCHours()).padStart(2, '0')}:${String(d.getUTCMinutes()).padStart(2, '0')}`,
  };
}

/** The chart passes UTC timestamps for our series; anything else (a business day) is not ours to draw. */
function secondsOf(time: unknown): number | null {
  return typeof time === 'number' && Number.isFinite(time) ? time : null;
}

/** A time-axis label in the member's language: "2026", "Nov", "24", "13:30" / "2026年", "11月", "24日" / "11/24". */
export function tickLabel(lang: Lang, seconds: number, type: number): string {
  const p = partsOf(seconds);
  if (type === tick.year) return lang === 'en' ? String(p.year) : `${String(p.year)}年`;
  if (type === tick.month) return lang === 'en' ? (englishMonths[p.month - 1] ?? '') : `${String(p.month)}月`;
  if (type === tick.dayOfMonth)
    return lang === 'en' ? String(p.day) : lang === 'tw' ? `${String(p.month)}/${String(p.day)}` : `${String(p.day)}日`;
  return p.time;
}

/** The crosshair's time label: "24 Nov 2026 13:35" / "2026年11月24日 13:35"; the date alone for day, week and month. */
export function crosshairLabel(lang: Lang, seconds: number, intraday: boolean): string {
  const p = partsOf(seconds);
  const date =
    lang === 'en'
      ? `${String(p.day)} ${englishMonths[p.month - 1] ?? ''} ${String(p.year)}`
      : `${String(p.year)}年${String(p.month)}月${String(p.day)}日`;
  return intraday ? `${date} ${p.time}` : date;
}

/** The price axis and crosshair in the app's price format: comma thousands, two decimals ("3,100.00"). */
export function chartPrice(price: number): string {
  return Number.isFinite(price) ? priceText(price.toFixed(2)) : '';
}

/**
 * The chart options that make its words the member's: lightweight-charts otherwise writes dates in the browser's
 * language (a phone set to Japanese showed "24日" and "10月" to English and Chinese readers) and prices without
 * grouping. Times stay JST (the bars are shifted, see `chart-bars.ts`).
 */
export function chartLocaleOptions(lang: Lang, intraday: boolean) {
  return {
    localization: {
      locale: htmlLangOf(lang),
      priceFormatter: chartPrice,
      timeFormatter: (time: unknown) => {
        const seconds = secondsOf(time);
        return seconds === null ? '' : crosshairLabel(lang, seconds, intraday);
      },
    },
    timeScale: {
      tickMarkFormatter: (time: unknown, type: number) => {
        const seconds = secondsOf(time);
        return seconds === null ? null : tickLabel(lang, seconds, type);
      },
    },
  };
}
