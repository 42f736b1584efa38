import { Decimal } from '../money.ts';

// SPEC §5 and §9: orders are in units of 100 shares; 1 lot = 1,000 shares.
export const SHARES_PER_UNIT = 100;
export const SHARES_PER_LOT = 1000;
/** The most shares one order may carry (a bound on notional arithmetic and a fat-finger guard). */
export const MAX_ORDER_SHARES = 10_000_000;

export type QuantityProblem = 'notWhole' | 'notUnit' | 'tooLarge';

/** Shares as the member entered them (a decimal string): null when it is a whole positive multiple of the unit. */
export function quantityProblem(shares: string): QuantityProblem | null {
  let q: Decimal;
  try {
    q = new Decimal(shares);
  } catch {
    return 'notWhole';
  }
  if (!q.isFinite() || !q.isInteger() || q.lte(0)) return 'notWhole';
  if (!q.mod(SHARES_PER_UNIT).isZero()) return 'notUnit';
  if (q.gt(MAX_ORDER_SHARES)) return 'tooLarge';
  return null;
}

/** Lots for a number of shares (may be fractional: 100 shares = 0.1 lot). */
export const lotsOf = (shares: string | Decimal): Decimal => new Decimal(shares).div(SHARES_PER_LOT);

/** Shares for a number of lots, or null when the lots do not make whole units of 100 shares. */
export function sharesOfLots(lots: string): string | null {
  let l: Decimal;
  try {
    l = new Decimal(lots);
  } catch {
    return null;
  }
  const shares = l.times(SHARES_PER_LOT);
  return shares.isInteger() && quantityProblem(shares.toFixed(0)) === null ? shares.toFixed(0) : null;
}
