import { useEffect, useMemo, useState } from 'react';
import { grabPhase, type GrabPhase, type GrabWindow } from '@kabuto/domain/ipo/grab';
import { lotteryUnit } from '@kabuto/domain/ipo/lottery';
import { Decimal } from '@kabuto/domain/money';
import { grabRefusalKey } from '@kabuto/contracts/ipo/refusals';
import type { GrabWindowWire } from '../api/ipo.api.ts';

/** The catalogue key of each refusal of the one grab check (`checkGrab`): the server's own map (contracts). */
export { grabRefusalKey };

/** The grab window as the domain rules read it (`grabPhase`, `checkGrab`): its instants as dates. */
export function grabWindowOf(grab: GrabWindowWire | null): GrabWindow | null {
  if (grab === null) return null;
  return {
    opensAt: new Date(grab.opensAt),
    closesAt: new Date(grab.closesAt),
    shares: grab.shares,
    taken: grab.taken,
  };
}

/** Shares still to be served: re-offered − taken, never below zero ("0" once sold out). */
export function sharesLeft(grab: Pick<GrabWindowWire, 'shares' | 'taken'>): string {
  const left = new Decimal(grab.shares).minus(grab.taken);
  return left.isNegative() ? '0' : left.toFixed(0);
}

/** Units served so far: one a member, so the number of places in the published serving order. */
export const unitsServed = (grab: Pick<GrabWindowWire, 'taken'>): number =>
  new Decimal(grab.taken).dividedToIntegerBy(lotteryUnit).toNumber();

/**
 * The grab window's phase as of now, worked out in the browser from the window (`grabPhase`, the server's own rule):
 * one timer wakes the component at the next opening or closing, so nothing polls. Sold out comes from `taken`, which
 * the server's answers and `ipo.entryChanged` refresh.
 */
export function useGrabPhase(grab: GrabWindowWire | null): GrabPhase | null {
  const opensAt = grab?.opensAt ?? '';
  const closesAt = grab?.closesAt ?? '';
  const [wakes, setWakes] = useState(0);
  useEffect(() => {
    if (opensAt === '' || closesAt === '') return undefined;
    const ahead = [Date.parse(opensAt), Date.parse(closesAt)].map((at) => at - Date.now()).filter((ms) => ms >= 0);
    if (ahead.length === 0) return undefined;
    // A timer longer than 2^31 − 1 ms fires at once: wake at most every 23 days and look again.
    const timer = setTimeout(() => setWakes((n) => n + 1), Math.min(Math.min(...ahead) + 1, 2_000_000_000));
    return () => clearTimeout(timer);
  }, [opensAt, closesAt, wakes]);
  const facts = useMemo(() => grabWindowOf(grab), [grab]);
  return facts ? grabPhase(facts, new Date()) : null;
}
