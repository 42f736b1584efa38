/**
 * The orders a list of stocks can be shown in. `gainers` and `losers` are rankings (issue 7): only stocks that rose,
 * or fell, today, most first; `changeDesc` / `changeAsc` sort every stock by its change (the market list's button).
 */
export const listOrders = ['code', 'gainers', 'losers', 'turnover', 'changeDesc', 'changeAsc'] as const;
export type ListOrder = (typeof listOrders)[number];

/** The figures an order reads: decimal strings as on the wire. */
export interface Rankable {
  symbol: string;
  changePercent: string;
  turnover: string;
}

/**
 * The stocks in `order`: sorted (ties by code), and for a ranking cut at zero — gainers only above it, losers only
 * below it. The server pages its lists with it and the screens re-rank the live figures on screen with it, so the two
 * never disagree. A new array; the input is left as it is.
 */
export function rankQuotes<Q extends Rankable>(quotes: readonly Q[], order: ListOrder): Q[] {
  const kept =
    order === 'gainers'
      ? quotes.filter((q) => signOf(q.changePercent) > 0)
      : order === 'losers'
        ? quotes.filter((q) => signOf(q.changePercent) < 0)
        : [...quotes];
  return kept.sort((a, b) => compareBy(order, a, b) || compareCodes(a.symbol, b.symbol));
}

function compareBy(order: ListOrder, a: Rankable, b: Rankable): number {
  switch (order) {
    case 'code':
      return 0;
    case 'gainers':
    case 'changeDesc':
      return compareDecimals(b.changePercent, a.changePercent);
    case 'losers':
    case 'changeAsc':
      return compareDecimals(a.changePercent, b.changePercent);
    case 'turnover':
      return compareDecimals(b.turnover, a.turnover);
  }
}

const compareCodes = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

const decimalPattern = /^([+-]?)(\d*)(?:\.(\d*))?$/;

/** A decimal string as sign (−1, 0, 1), whole digits without leading zeros and fraction digits without trailing ones. */
function partsOf(value: string): { sign: number; whole: string; fraction: string } {
  const match = decimalPattern.exec(value.trim());
  const whole = (match?.[2] ?? '').replace(/^0+/, '');
  const fraction = (match?.[3] ?? '').replace(/0+$/, '');
  const sign = whole === '' && fraction === '' ? 0 : match?.[1] === '-' ? -1 : 1;
  return { sign, whole, fraction };
}

const signOf = (value: string): number => partsOf(value).sign;

/** An unsigned amount in wire form: digits without a leading zero (but '0'), any fraction ending in 1–9. */
const inWireForm = (value: string): boolean => /^(?:0|[1-9]\d*)(?:\.\d*[1-9])?$/.test(value);
const wholeLength = (value: string): number => {
  const point = value.indexOf('.');
  return point < 0 ? value.length : point;
};

/**
 * A string whose order is the number's order (`compareDecimals`), so a list re-ranked often compares plain strings:
 * sign first (0 negative, 1 zero, 2 positive), then the count of whole digits, the digits, and for a negative number
 * the digits' complements closed by `~` (above every digit), so that a longer magnitude sorts lower.
 */
export function decimalSortKey(value: string): string {
  const { sign, whole, fraction } = partsOf(value);
  if (sign === 0) return '1';
  const magnitude = `${String(whole.length).padStart(3, '0')}${whole}${fraction}`;
  if (sign > 0) return `2${magnitude}`;
  let complement = '';
  for (const digit of magnitude) complement += String(9 - Number(digit));
  return `0${complement}~`;
}

/**
 * Two decimal strings compared exactly on their digits (−1, 0 or 1), with no decimal library, so the screens that
 * re-rank need none. Anything that is not a decimal counts as zero.
 */
export function compareDecimals(a: string, b: string): number {
  // Issue 17 §13 (every trade meets seven candles): two amounts in wire form without a sign order by the length of
  // their whole part and then character by character ('2500' < '2500.5' < '2501'); equal values are equal strings.
  if (inWireForm(a) && inWireForm(b)) {
    const wa = wholeLength(a);
    const wb = wholeLength(b);
    if (wa !== wb) return wa < wb ? -1 : 1;
    return compareCodes(a, b);
  }
  const x = partsOf(a);
  const y = partsOf(b);
  if (x.sign !== y.sign) return x.sign < y.sign ? -1 : 1;
  if (x.sign === 0) return 0;
  const width = Math.max(x.fraction.length, y.fraction.length);
  const magnitude =
    x.whole.length - y.whole.length ||
    compareCodes(x.whole, y.whole) ||
    compareCodes(x.fraction.padEnd(width, '0'), y.fraction.padEnd(width, '0'));
  return magnitude === 0 ? 0 : Math.sign(magnitude) * x.sign;
}
