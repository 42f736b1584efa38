import { Decimal as BaseDecimal } from 'decimal.js';

/**
 * The one decimal type of the app (DESIGN "Money and the ledger": money is never a JS number).
 *
 * A dedicated clone so nobody else's global `Decimal.set` can change our arithmetic:
 * - precision 40 significant digits for every operation result (parsed values are never rounded);
 * - rounding ROUND_HALF_UP, i.e. half away from zero (1.005 → 1.01, -1.005 → -1.01);
 * - exponent thresholds pushed out so `toString()`/`toJSON()` never print `1e-7` style output.
 */
export const Decimal = BaseDecimal.clone({
  precision: 40,
  rounding: BaseDecimal.ROUND_HALF_UP,
  toExpNeg: -9e15,
  toExpPos: 9e15,
});
// Instances of every decimal.js clone share one prototype, so the base instance type is ours too.
export type Decimal = BaseDecimal;

/** Largest integer part and fraction accepted by `money`: 22 + 18 digits fit the 40-digit precision. */
export const MAX_INTEGER_DIGITS = 22;
export const MAX_FRACTION_DIGITS = 18;

/**
 * The wire grammar of an amount: optional minus, digits, optional `.digits`.
 * No plus sign, no exponent, no whitespace, no thousands separators, no bare `.5` or `5.`.
 * Exported so request schemas can state the same grammar.
 */
export const DECIMAL_PATTERN = new RegExp(`^-?\\d{1,${MAX_INTEGER_DIGITS}}(\\.\\d{1,${MAX_FRACTION_DIGITS}})?$`);

/** Thrown when a value is not a finite decimal in the wire grammar. */
export class InvalidAmountError extends Error {
  /** STYLE §12: a catalogue message key; a bad amount in a request is an invalid request. */
  readonly key = 'errors.request.invalid';
  readonly input: string;

  constructor(input: unknown) {
    const shown = typeof input === 'string' ? JSON.stringify(input) : String(input);
    super(`Invalid amount: ${shown}`);
    this.name = 'InvalidAmountError';
    this.input = typeof input === 'string' ? input : String(input);
  }
}

/**
 * Parses an amount strictly (see DECIMAL_PATTERN) or re-wraps a finite decimal.
 * Throws InvalidAmountError for NaN, Infinity, exponents, empty strings and anything else.
 */
export function money(value: string | Decimal): Decimal {
  if (typeof value === 'string') {
    if (!DECIMAL_PATTERN.test(value)) throw new InvalidAmountError(value);
    return new Decimal(value);
  }
  if (BaseDecimal.isDecimal(value) && value.isFinite()) return new Decimal(value);
  throw new InvalidAmountError(value);
}

/** Like `money` but answers null instead of throwing; for display code that must not crash. */
export function tryMoney(value: string | Decimal | null | undefined): Decimal | null {
  if (value === null || value === undefined) return null;
  try {
    return money(value);
  } catch (error) {
    if (error instanceof InvalidAmountError) return null;
    throw error;
  }
}

/**
 * The wire form of a decimal: plain notation (never an exponent), the shortest exact digits
 * (trailing fractional zeros and a trailing point dropped, so '1.50' goes out as '1.5' and
 * '100.00' as '100'), and no negative zero. Scale is not kept: the value is. Output always
 * matches DECIMAL_PATTERN for values `money` accepted, so toWire → money is lossless.
 */
export function toWire(value: Decimal): string {
  if (!value.isFinite()) throw new InvalidAmountError(value);
  if (value.isZero()) return '0';
  return value.toFixed();
}

/** Exact sum; decimal addition never drifts (0.1 + 0.2 is 0.3). */
export function sum(values: Iterable<string | Decimal>): Decimal {
  let total = new Decimal(0);
  for (const value of values) total = total.plus(money(value));
  return total;
}

/**
 * Where rounding happens, and how (DESIGN: "Rounding happens at named points with a stated rule").
 * All points round half away from zero.
 * - display: two decimals, what every money figure on screen shows (SPEC §9).
 * - ledger: two decimals, the scale amounts are stored and posted at.
 * - yen-charge: whole yen, for yen amounts the house computes (fees, stamp duty, interest, FX into JPY),
 *   since the yen has no minor unit.
 */
export type RoundingPoint = 'display' | 'ledger' | 'yen-charge';

export const ROUNDING_DECIMALS: Readonly<Record<RoundingPoint, number>> = {
  display: 2,
  ledger: 2,
  'yen-charge': 0,
};

export function roundAt(point: RoundingPoint, value: string | Decimal): Decimal {
  const rounded = money(value).toDecimalPlaces(ROUNDING_DECIMALS[point], Decimal.ROUND_HALF_UP);
  // Rounding a small negative to zero must not leave a negative zero behind.
  return rounded.isZero() ? new Decimal(0) : rounded;
}

/** Half away from zero to two decimals: the display and ledger scale. */
export function round2(value: string | Decimal): Decimal {
  return roundAt('display', value);
}

/** Half away from zero to whole yen: fees, stamp duty, interest and FX results in JPY. */
export function roundYen(value: string | Decimal): Decimal {
  return roundAt('yen-charge', value);
}

/** An amount already in wire form: no leading zeros, no trailing fraction zeros, no negative zero. */
const WIRE_FORM = /^(?:0|-?[1-9]\d{0,21})(?:\.\d{0,17}[1-9])?$|^-0\.\d{0,17}[1-9]$/;

/** A whole amount of at most 22 digits (leading zeros allowed: BigInt reads them alike). */
const WHOLE_FORM = /^-?\d{1,22}$/;

/** The sign, whole digits and fraction digits of a wire amount (checked against DECIMAL_PATTERN). */
function wireParts(value: string): { negative: boolean; whole: string; fraction: string } {
  if (!DECIMAL_PATTERN.test(value)) throw new InvalidAmountError(value);
  const negative = value.startsWith('-');
  const [whole = '0', fraction = ''] = (negative ? value.slice(1) : value).split('.');
  return { negative, whole, fraction };
}

/**
 * An amount in its wire form (as `toWire(money(value))` gives it: '0012.50' → '12.5', '-0.0' → '0') without a
 * decimal library: for hot paths (the market feed merges every trade into seven candles) where the value is already a
 * decimal string.
 */
export function wireOf(value: string): string {
  if (WIRE_FORM.test(value)) return value;
  const { negative, whole, fraction } = wireParts(value);
  const w = whole.replace(/^0+(?=\d)/, '');
  const f = fraction.replace(/0+$/, '');
  const digits = f === '' ? w : `${w}.${f}`;
  return digits === '0' ? '0' : negative ? `-${digits}` : digits;
}

/**
 * The exact sum of two amounts in wire form, computed on their digits with BigInt: the same answer as
 * `toWire(money(a).plus(money(b)))` for any amounts `money` accepts, at a fraction of the cost.
 */
export function plusWire(a: string, b: string): string {
  if (WHOLE_FORM.test(a) && WHOLE_FORM.test(b)) return (BigInt(a) + BigInt(b)).toString();
  const x = wireParts(a);
  const y = wireParts(b);
  const width = Math.max(x.fraction.length, y.fraction.length);
  const scaled = (p: typeof x): bigint => {
    const n = BigInt(p.whole + p.fraction.padEnd(width, '0'));
    return p.negative ? -n : n;
  };
  const total = scaled(x) + scaled(y);
  const digits = (total < 0n ? -total : total).toString().padStart(width + 1, '0');
  const whole = digits.slice(0, digits.length - width);
  const fraction = digits.slice(digits.length - width).replace(/0+$/, '');
  const text = fraction === '' ? whole : `${whole}.${fraction}`;
  return total < 0n ? `-${text}` : text;
}

/** The exact difference a − b of two amounts in wire form (see `plusWire`). */
export function minusWire(a: string, b: string): string {
  const negated = b.startsWith('-') ? b.slice(1) : `-${b}`;
  return plusWire(a, negated === '-0' ? '0' : negated);
}

/**
 * `part` as a percent of `whole` with two decimals, rounded half away from zero ('2.00', '-0.07'), exactly (BigInt on
 * the digits); '0.00' for a zero `whole` and never '-0.00'. The market's change percent, worked out per trade.
 */
export function percentWire(part: string, whole: string): string {
  const x = wireParts(part);
  const y = wireParts(whole);
  const width = Math.max(x.fraction.length, y.fraction.length);
  const p = BigInt(x.whole + x.fraction.padEnd(width, '0'));
  const w = BigInt(y.whole + y.fraction.padEnd(width, '0'));
  if (w === 0n) return '0.00';
  // Hundredths of a percent: p × 10,000 ÷ w, the half rounded away from zero.
  const hundredths = (p * 20_000n + w) / (2n * w);
  if (hundredths === 0n) return '0.00';
  const digits = hundredths.toString().padStart(3, '0');
  return `${x.negative !== y.negative ? '-' : ''}${digits.slice(0, -2)}.${digits.slice(-2)}`;
}
