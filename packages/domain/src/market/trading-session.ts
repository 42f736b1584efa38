import { jstInstant, jstParts } from '../calendar/jst.ts';
import { isTradingDay, nextTradingDay } from '../calendar/trading-day.ts';
import type { CalendarDate } from '../calendar/trading-day.ts';

// DESIGN "Market and trading model": `tse` keeps the real TSE hours and calendar; `demo` is always
// open so a newcomer can trade at any hour.
export type SessionProfile = 'demo' | 'tse';

/**
 * `continuous` is the demo profile's only phase (no clock applies); the others are the TSE's:
 * continuous trading in the morning and afternoon, the closing auction (orders accepted, one
 * price at 15:30), lunch and closed.
 */
export type SessionPhase = 'morning' | 'lunch' | 'afternoon' | 'closingAuction' | 'closed' | 'continuous';

export interface SessionState {
  phase: SessionPhase;
  /** Orders are accepted: continuous trading or the closing auction. */
  open: boolean;
  /** When not open: the instant the next phase that accepts orders begins. */
  nextOpen: Date | null;
}

/** TSE hours in JST minutes of the day (since the 5 November 2024 extension of the afternoon to 15:30). */
export const TSE_HOURS = {
  morningOpen: 9 * 60,
  morningClose: 11 * 60 + 30,
  afternoonOpen: 12 * 60 + 30,
  closingAuction: 15 * 60 + 25,
  close: 15 * 60 + 30,
} as const;

const tsePhase = (minuteOfDay: number): SessionPhase => {
  const h = TSE_HOURS;
  if (minuteOfDay < h.morningOpen) return 'closed';
  if (minuteOfDay < h.morningClose) return 'morning';
  if (minuteOfDay < h.afternoonOpen) return 'lunch';
  if (minuteOfDay < h.closingAuction) return 'afternoon';
  if (minuteOfDay < h.close) return 'closingAuction';
  return 'closed';
};

export function sessionState(profile: SessionProfile, now: Date): SessionState {
  if (profile === 'demo') return { phase: 'continuous', open: true, nextOpen: null };
  const p = jstParts(now);
  const today: CalendarDate = { year: p.year, month: p.month, day: p.day };
  if (!isTradingDay(p.year, p.month, p.day))
    return { phase: 'closed', open: false, nextOpen: openingOf(nextTradingDay(today)) };
  const phase = tsePhase(p.minuteOfDay);
  if (phase === 'lunch')
    return { phase, open: false, nextOpen: jstInstant(p.year, p.month, p.day, TSE_HOURS.afternoonOpen) };
  if (phase !== 'closed') return { phase, open: true, nextOpen: null };
  const before = p.minuteOfDay < TSE_HOURS.morningOpen;
  return { phase, open: false, nextOpen: openingOf(before ? today : nextTradingDay(today)) };
}

const openingOf = (date: CalendarDate): Date => jstInstant(date.year, date.month, date.day, TSE_HOURS.morningOpen);

/** Whether prices trade continuously now (the closing auction accepts orders but prints once, at the close). */
export const isContinuousTrading = (state: SessionState): boolean =>
  state.phase === 'morning' || state.phase === 'afternoon' || state.phase === 'continuous';

/** The JST date a trading day is known by, as `YYYY-MM-DD`; the day rolls at JST midnight under both profiles. */
export function sessionDate(now: Date): string {
  const p = jstParts(now);
  return `${p.year}-${String(p.month).padStart(2, '0')}-${String(p.day).padStart(2, '0')}`;
}
