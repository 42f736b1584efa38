import { Decimal } from '@kabuto/domain/money';
import type { Currency } from '@kabuto/domain/currency';
import { referenceRates } from './reference-rates.ts';

export interface Rate {
  /** Units of `to` for one unit of `from`. */
  rate: Decimal;
  source: string;
  simulated: boolean;
  asOf: Date;
}

/** Where exchange rates come from; a bank feed replaces the simulated one in production. */
export interface RateProvider {
  rate(from: Currency, to: Currency, now: Date): Promise<Rate>;
}

/**
 * Embedded default: the shipped reference table with a small, labelled drift (±0.3 %, a slow
 * deterministic wave per currency) so quotes move as live ones do. Always marked simulated.
 */
export function simulatedRateProvider(): RateProvider {
  const drift = (currency: Currency, now: Date): Decimal => {
    if (currency === 'USD') return new Decimal(1);
    const phase = [...currency].reduce((s, c) => s + c.charCodeAt(0), 0);
    const wave = Math.sin(now.getTime() / 3_600_000 + phase); // one slow cycle every ~6 hours
    return new Decimal(1).plus(new Decimal(wave.toFixed(6)).times('0.003'));
  };
  return {
    async rate(from, to, now) {
      const fromPerUsd = new Decimal(referenceRates.perUsd[from]).times(drift(from, now));
      const toPerUsd = new Decimal(referenceRates.perUsd[to]).times(drift(to, now));
      return {
        rate: toPerUsd.div(fromPerUsd).toDecimalPlaces(10, Decimal.ROUND_HALF_UP),
        source: referenceRates.origin,
        simulated: true,
        asOf: now,
      };
    },
  };
}
