import type { SessionProfile } from '../market/trading-session.ts';
import type { FeeSchedule } from './fees.ts';
import type { FinancingRates } from './financing.ts';

/** The product terms staff set (issue 18 `admin/trade/settings`) and the ticket publishes. */
export interface TradingTerms {
  readonly fees: FeeSchedule;
  /** The leverage a member may choose from. */
  readonly leverages: readonly number[];
  /** A margin call closes a position when its equity falls to this fraction of its original margin. */
  readonly maintenanceRatio: string;
  readonly rates: FinancingRates;
}

/**
 * Opening terms, before staff change them. Fees 0.1% a side with a ¥100 minimum; stamp duty none under `tse` (Japan
 * has no securities transaction tax) and 0.1% on sales under `demo`, so the ticket shows the charge working;
 * financing 2.8% a year (a typical Japanese 制度信用 long rate) and stock lending 1.15% (a typical 貸株料).
 */
export function openingTerms(profile: SessionProfile): TradingTerms {
  return {
    fees: {
      purchaseRate: '0.001',
      sellingRate: '0.001',
      stampDutyRate: profile === 'tse' ? '0' : '0.001',
      minimumFee: '100',
    },
    leverages: [1, 2, 3, 5],
    maintenanceRatio: '0.5',
    rates: { longAnnualRate: '0.028', shortAnnualRate: '0.0115' },
  };
}
