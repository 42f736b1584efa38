import holidayJp from '@holiday-jp/holiday_jp';

// The TSE is closed at weekends, on Japanese public holidays and from 31 December to 3 January
// (JPX trading calendar); money windows follow the same days (SPEC §9).

const isYearEndBreak = (month: number, day: number): boolean =>
  (month === 12 && day === 31) || (month === 1 && day <= 3);

/** A JST calendar date on which the exchange trades: a weekday, not a public holiday, not the year-end break. */
export function isTradingDay(year: number, month: number, day: number): boolean {
  const weekday = new Date(Date.UTC(year, month - 1, day)).getUTCDay();
  if (weekday === 0 || weekday === 6 || isYearEndBreak(month, day)) return false;
  // holiday_jp reads the local calendar date of the Date it is given.
  return !holidayJp.isHoliday(new Date(year, month - 1, day, 12));
}

export interface CalendarDate {
  year: number;
  month: number;
  day: number;
}

/** The calendar date `days` after the given one (negative goes back); plain date arithmetic, no time zone. */
export function addDays(date: CalendarDate, days: number): CalendarDate {
  const d = new Date(Date.UTC(date.year, date.month - 1, date.day + days));
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() };
}

/** The first trading day strictly after the given date; the longest closure (year end plus holidays) is well under 30 days. */
export function nextTradingDay(date: CalendarDate): CalendarDate {
  for (let ahead = 1; ahead <= 30; ahead++) {
    const next = addDays(date, ahead);
    if (isTradingDay(next.year, next.month, next.day)) return next;
  }
  throw new RangeError(`No trading day within 30 days after ${date.year}-${date.month}-${date.day}`);
}
