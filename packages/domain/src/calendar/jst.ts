// Calendar arithmetic in Japan Standard Time (UTC+9, no daylight saving).
const jstOffsetMs = 9 * 3_600_000;

export interface JstParts {
  year: number;
  month: number; // 1–12
  day: number;
  weekday: number; // 0 = Sunday
  minuteOfDay: number;
}

export function jstParts(at: Date): JstParts {
  const shifted = new Date(at.getTime() + jstOffsetMs);
  return {
    year: shifted.getUTCFullYear(),
    month: shifted.getUTCMonth() + 1,
    day: shifted.getUTCDate(),
    weekday: shifted.getUTCDay(),
    minuteOfDay: shifted.getUTCHours() * 60 + shifted.getUTCMinutes(),
  };
}

/** The instant of a JST wall-clock time. */
export const jstInstant = (year: number, month: number, day: number, minuteOfDay: number): Date =>
  new Date(Date.UTC(year, month - 1, day, 0, minuteOfDay) - jstOffsetMs);
