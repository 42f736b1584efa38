export type WeekdayLocale = 'en' | 'tw' | 'jp';

// SPEC §9 token E: weekday names per app language, Sunday first (Date#getDay order).
export const WEEKDAY_NAMES: Readonly<Record<WeekdayLocale, readonly string[]>> = {
  en: ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'],
  tw: ['日', '一', '二', '三', '四', '五', '六'],
  jp: ['日', '月', '火', '水', '木', '金', '土'],
};

export const DEFAULT_DATE_PATTERN = 'Y-M-D h:m:s';
export const DEFAULT_TIME_ZONE = 'Asia/Tokyo';

interface WallTime {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  millisecond: number;
}

const EN_WEEKDAYS = WEEKDAY_NAMES.en;
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (formatter === undefined) {
    // en-US parts are plain ASCII digits and English weekday names, whatever the machine's locale.
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      weekday: 'short',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/**
 * Zones whose offset is fixed from an instant on: Japan has kept UTC+9 without daylight saving since it last
 * observed it in September 1951. Their wall time is plain arithmetic, which matters on a phone: the first
 * Intl.DateTimeFormat with a `timeZone` loads the time-zone data, a long task of its own (issue 7's web budget).
 * Before `since`, and for every other zone, Intl decides.
 */
const FIXED_OFFSETS: Readonly<Record<string, { offsetMs: number; since: number }>> = {
  'Asia/Tokyo': { offsetMs: 9 * 3_600_000, since: Date.UTC(1952, 0, 1) },
  UTC: { offsetMs: 0, since: -8.64e15 },
};

function fixedPartsAt(instant: number, timeZone: string): (WallTime & { weekday: number }) | undefined {
  const fixed = FIXED_OFFSETS[timeZone];
  if (fixed === undefined || instant < fixed.since) return undefined;
  const wall = new Date(instant + fixed.offsetMs);
  return {
    year: wall.getUTCFullYear(),
    month: wall.getUTCMonth() + 1,
    day: wall.getUTCDate(),
    hour: wall.getUTCHours(),
    minute: wall.getUTCMinutes(),
    second: wall.getUTCSeconds(),
    millisecond: 0,
    weekday: wall.getUTCDay(),
  };
}

/** The wall time in `timeZone` through Intl (any zone, any date). Exported for the test that holds the fast path to it. */
export function intlPartsAt(instant: number, timeZone: string): WallTime & { weekday: number } {
  const parts = new Map<string, string>();
  for (const part of formatterFor(timeZone).formatToParts(instant)) parts.set(part.type, part.value);
  const field = (type: string) => Number(parts.get(type));
  return {
    year: field('year'),
    month: field('month'),
    day: field('day'),
    hour: field('hour'),
    minute: field('minute'),
    second: field('second'),
    millisecond: 0,
    weekday: EN_WEEKDAYS.indexOf(parts.get('weekday') ?? ''),
  };
}

function partsAt(instant: number, timeZone: string): WallTime & { weekday: number } {
  return fixedPartsAt(instant, timeZone) ?? intlPartsAt(instant, timeZone);
}

/** The wall time read as if it were UTC, in epoch ms (years 0–99 are not shifted to 19xx). */
function wallAsUtc(wall: WallTime): number {
  const date = new Date(0);
  date.setUTCFullYear(wall.year, wall.month - 1, wall.day);
  date.setUTCHours(wall.hour, wall.minute, wall.second, wall.millisecond);
  return date.getTime();
}

function offsetAt(instant: number, timeZone: string): number {
  const wholeSecond = instant - (((instant % 1000) + 1000) % 1000);
  return wallAsUtc(partsAt(instant, timeZone)) - wholeSecond;
}

/** The instant at which clocks in `timeZone` show `wall` (second pass settles DST changes). */
function wallToInstant(wall: WallTime, timeZone: string): number {
  const asUtc = wallAsUtc(wall);
  const first = asUtc - offsetAt(asUtc, timeZone);
  return asUtc - offsetAt(first, timeZone);
}

const ZONELESS = /^(\d{4})[-/](\d{2})[-/](\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3}))?)?)?$/;
const ZONED = /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:\d{2})$/i;

function parseZoneless(match: RegExpExecArray, timeZone: string): number {
  const [, y, mo, d, h = '0', mi = '0', s = '0', ms = '0'] = match;
  const wall: WallTime = {
    year: Number(y),
    month: Number(mo),
    day: Number(d),
    hour: Number(h),
    minute: Number(mi),
    second: Number(s),
    millisecond: Number(ms.padEnd(3, '0')),
  };
  // Reject 2024-02-30, 25:00 and the like instead of letting Date roll them over.
  const check = new Date(wallAsUtc(wall));
  const valid =
    check.getUTCFullYear() === wall.year &&
    check.getUTCMonth() === wall.month - 1 &&
    check.getUTCDate() === wall.day &&
    check.getUTCHours() === wall.hour &&
    check.getUTCMinutes() === wall.minute &&
    check.getUTCSeconds() === wall.second;
  return valid ? wallToInstant(wall, timeZone) : NaN;
}

/**
 * Turns the accepted inputs into epoch ms, never using the machine's own time zone:
 * - Date, or a number of epoch ms; a string of digits is epoch ms too;
 * - an ISO string with 'Z' or an offset is that instant;
 * - 'YYYY-MM-DD[ hh:mm[:ss[.fff]]]' (or with '/') has no zone, so it is a wall time in `timeZone`;
 * - anything else is invalid (NaN).
 */
function toInstant(value: Date | string | number, timeZone: string): number {
  if (value instanceof Date) return value.getTime();
  if (typeof value === 'number') return value;
  const text = value.trim();
  if (/^\d{1,16}$/.test(text)) return Number(text);
  if (ZONED.test(text)) return Date.parse(text.replace(' ', 'T'));
  const zoneless = ZONELESS.exec(text);
  return zoneless === null ? NaN : parseZoneless(zoneless, timeZone);
}

const pad2 = (n: number) => String(n).padStart(2, '0');

/**
 * SPEC §9 date formatter. Every Y, M, D, h, m, s and E in `pattern` is a token and all other
 * characters are copied: Y four-digit year; M, D, h (00–23), m, s two digits; E the weekday name in
 * `locale` (jp 日月火…, tw 日一二…, en Sun Mon…). Fields are read in `timeZone` (JST by default), by
 * arithmetic for a fixed-offset zone and through Intl otherwise, so the result does not depend on the machine's zone. Invalid dates give '';
 * an unknown time zone is a programming error and throws RangeError.
 */
export function formatDate(
  date: Date | string | number,
  pattern: string = DEFAULT_DATE_PATTERN,
  timeZone: string = DEFAULT_TIME_ZONE,
  locale: WeekdayLocale = 'jp',
): string {
  const instant = toInstant(date, timeZone);
  if (!Number.isFinite(instant) || Number.isNaN(new Date(instant).getTime())) return '';
  const wall = partsAt(instant, timeZone);
  const tokens: Record<string, string> = {
    Y: String(wall.year).padStart(4, '0'),
    M: pad2(wall.month),
    D: pad2(wall.day),
    h: pad2(wall.hour),
    m: pad2(wall.minute),
    s: pad2(wall.second),
    E: WEEKDAY_NAMES[locale][wall.weekday] ?? '',
  };
  return pattern.replace(/[YMDhmsE]/g, (token) => tokens[token] ?? token);
}
