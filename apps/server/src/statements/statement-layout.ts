import type { MovementRowWire, StatementWire } from '@kabuto/contracts/statements/statements';
import { formatMoney } from '@kabuto/domain/format/money';
import { jstDate, jstDateTime } from '@kabuto/domain/statements/statement-period';

// What the CSV and the PDF print alike: dates in JST, the period's first and last day, a movement's reference.

export const timeText = (iso: string): string => jstDateTime(new Date(iso));

/** `2026-11-01 – 2026-11-30` (the last day is the day before the period's end). */
export const periodText = (s: StatementWire): string =>
  `${jstDate(new Date(s.period.from))} – ${jstDate(new Date(new Date(s.period.to).getTime() - 1))}`;

const internalId = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The business row a movement belongs to when it is a number the member reads in their records (an order number). */
export const referenceOf = (m: Pick<MovementRowWire, 'refId'>): string => (internalId.test(m.refId) ? '' : m.refId);

/** SPEC §9 money: two decimals (half away from zero), comma thousands; GLOSSARY: a true minus sign. */
export const moneyText = (value: string): string => formatMoney(value, { symbol: '' }).replace(/^-/, '−');
