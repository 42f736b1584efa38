import { Decimal, money, roundYen } from '../money.ts';
import { sessionDate } from '../market/trading-session.ts';
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

const dayMs = 86_400_000;
const dateOnly = (iso: string): number => Date.parse(`${iso}T00:00:00Z`);
const isoOf = (ms: number): string => new Date(ms).toISOString().slice(0, 10);

/**
 * Issue 24 §2: the JST days a holding position owes financing for on `today`, oldest first. A position pays for each
 * day after the day it opened, up to and including today, that it has not paid for yet (`financedThrough`). A run
 * that was missed or failed is caught up by the next one: every day is charged exactly once.
 */
export function financingDaysDue(openedAt: Date, financedThrough: string | null, today: string): string[] {
  const opened = sessionDate(openedAt);
  const after = financedThrough !== null && financedThrough > opened ? financedThrough : opened;
  const out: string[] = [];
  for (let d = dateOnly(after) + dayMs; d <= dateOnly(today); d += dayMs) out.push(isoOf(d));
  return out;
}

/** The charge for `days` days: each day's charge (rounded to the yen) as a day run alone would have charged it. */
export const financingFor = (side: TradeSide, borrowed: Decimal, rates: FinancingRates, days: number): Decimal =>
  dailyFinancing(side, borrowed, rates).times(days);
