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
