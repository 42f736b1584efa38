import { Decimal } from '@kabuto/domain/money';
import { lotteryUnit } from '@kabuto/domain/ipo/lottery';
import type { OfferingFacts } from '@kabuto/domain/ipo/offering';
import type { Offering } from '../api/ipo.api.ts';
import { subscribeRefusalKey } from '@kabuto/contracts/ipo/refusals';
import { sharesDigits, stepShares as stepUnits } from '../../../shared/forms/share-units.ts';

/**
 * The offering as the domain rules read it (`checkSubscription`, `offeringPhase`): its instants as dates. The wire
 * says "listed" by its phase only; the listing date stands for the instant it joined the market.
 */
export function offeringFacts(o: Offering): OfferingFacts {
  return {
    price: o.price,
    sharesOnOffer: o.sharesOnOffer,
    opensAt: new Date(o.opensAt),
    closesAt: new Date(o.closesAt),
    drawAt: new Date(o.drawAt),
    payBy: new Date(o.payBy),
    listsAt: new Date(o.listsAt),
    drawnAt: o.drawnAt === null ? null : new Date(o.drawnAt),
    listedAt: o.phase === 'listed' ? new Date(o.listsAt) : null,
    cancelledAt: o.cancelledAt === null ? null : new Date(o.cancelledAt),
  };
}

/** The catalogue key of each refusal of the one subscription check: the server's own map (contracts). */
export { subscribeRefusalKey };

/** SPEC §5: a digit field strips what is not a digit ("１，０００株" → "1000"). */
export { sharesDigits };

/** One 100-share unit up or down from what is typed, landing on whole units and never below one unit. */
export const stepShares = (shares: string, direction: 'up' | 'down'): string =>
  stepUnits(shares, direction, lotteryUnit);

/** `part ÷ whole` as a percent with two decimals ("3.53"); null when there is no whole to divide by. */
export function ratioPercent(part: string | number, whole: string | number): string | null {
  const w = new Decimal(whole);
  if (w.isZero()) return null;
  return new Decimal(part).div(w).times(100).toFixed(2);
}
