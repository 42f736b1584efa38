import { money } from '../money.ts';
import type { TradeSide } from './position.ts';

export type LevelProblem = 'stopLossSide' | 'takeProfitSide';

/**
 * Issue 18: a stop-loss is on the losing side of the reference price and a take-profit on the winning side (a long
 * stops below and takes profit above; a short the other way round). The reference is the price the position opens
 * at: the limit price of a limit order, the quote of a market order.
 */
export function levelProblem(
  side: TradeSide,
  reference: string,
  stopLoss: string | null,
  takeProfit: string | null,
): LevelProblem | null {
  const ref = money(reference);
  if (stopLoss !== null && (side === 'long' ? !money(stopLoss).lt(ref) : !money(stopLoss).gt(ref)))
    return 'stopLossSide';
  if (takeProfit !== null && (side === 'long' ? !money(takeProfit).gt(ref) : !money(takeProfit).lt(ref)))
    return 'takeProfitSide';
  return null;
}
