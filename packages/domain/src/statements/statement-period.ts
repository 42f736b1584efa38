import { jstInstant, jstParts } from '../calendar/jst.ts';

// Issue 27 "Statements": a monthly statement or an annual trading report (年間取引報告書), its period in JST.

/** The first year a statement may be asked for (before Kabuto held any money). */
export const firstStatementYear = 2020;

export type StatementPeriodInput = { kind: 'month'; month: string } | { kind: 'year'; year: string };

export interface StatementPeriod {
  kind: 'month' | 'year';
  /** `2026-11` or `2026`. */
  label: string;
  /** The first instant of the period (00:00 JST of its first day). */
  from: Date;
  /** The first instant after it (00:00 JST of the next month or year). */
  to: Date;
  /** Where the closing balances are taken: the period's end, or now for the period still running. */
  asOf: Date;
  /** The period has not ended yet (its figures will still move). */
  running: boolean;
}

export type PeriodRefusal = 'periodInvalid' | 'periodInFuture' | 'yearOutOfRange';

const monthPattern = /^(\d{4})-(\d{2})$/;
const yearPattern = /^\d{4}$/;

/**
 * Reads the period a member asks for, against the clock: a malformed month or year is `periodInvalid`, a month that
 * has not started yet `periodInFuture`, a year before `firstStatementYear` or after this one `yearOutOfRange`.
 */
export function statementPeriod(input: StatementPeriodInput, now: Date): StatementPeriod | { refused: PeriodRefusal } {
  const today = jstParts(now);
  let year: number;
  let from: Date;
  let to: Date;
  if (input.kind === 'month') {
    const m = monthPattern.exec(input.month);
    if (!m) return { refused: 'periodInvalid' };
    year = Number(m[1]);
    const month = Number(m[2]);
    if (month < 1 || month > 12) return { refused: 'periodInvalid' };
    if (year < firstStatementYear) return { refused: 'yearOutOfRange' };
    if (year > today.year || (year === today.year && month > today.month)) return { refused: 'periodInFuture' };
    from = jstInstant(year, month, 1, 0);
    to = month === 12 ? jstInstant(year + 1, 1, 1, 0) : jstInstant(year, month + 1, 1, 0);
  } else {
    if (!yearPattern.test(input.year)) return { refused: 'periodInvalid' };
    year = Number(input.year);
    if (year < firstStatementYear || year > today.year) return { refused: 'yearOutOfRange' };
    from = jstInstant(year, 1, 1, 0);
    to = jstInstant(year + 1, 1, 1, 0);
  }
  const running = now.getTime() < to.getTime();
  return {
    kind: input.kind,
    label: input.kind === 'month' ? input.month : input.year,
    from,
    to,
    asOf: running ? now : to,
    running,
  };
}

/** The JST calendar date of an instant (`2026-11-27`), as a statement prints its dates. */
export function jstDate(at: Date): string {
  const p = jstParts(at);
  return `${String(p.year)}-${String(p.month).padStart(2, '0')}-${String(p.day).padStart(2, '0')}`;
}

/** The JST date and time of an instant (`2026-11-27 14:05`). */
export function jstDateTime(at: Date): string {
  const p = jstParts(at);
  const h = Math.floor(p.minuteOfDay / 60);
  const m = p.minuteOfDay % 60;
  return `${jstDate(at)} ${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`;
}
