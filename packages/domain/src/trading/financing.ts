import { Decimal, money, roundYen } from '../money.ts';
import type { TradeSide } from './position.ts';

/**
 * Issue 18: leverage above 1 borrows the rest. A long pays financing on the borrowed cash, a short a stock-lending
 * fee on the borrowed stock's value: published annual rates, charged once a day per position on an actual/365
 * basis, rounded to the yen.
 */
export interface FinancingRates {
  readonly longAnnualRate: string;
  readonly shortAnnualRate: string;
}

export function dailyFinancing(side: TradeSide, borrowed: Decimal, rates: FinancingRates): Decimal {
  if (borrowed.lte(0)) return new Decimal(0);
  const rate = money(side === 'long' ? rates.longAnnualRate : rates.shortAnnualRate);
  return roundYen(borrowed.times(rate).div(365));
}
