import { Decimal, money, toWire, tryMoney } from '@kabuto/domain/money';
import { jstInstant, jstParts } from '@kabuto/domain/calendar/jst';
import type { ProductRules, TradingTerms } from './api/trade-admin.api.ts';

// Back office → Trading: staff read and type rates as percentages (the published terms' form); the contract takes
// decimal fractions ('0.001' for 0.1 %). Converted with the domain Decimal only: a rate is never a JS number.

export const rateFields = [
  'purchaseRate',
  'sellingRate',
  'stampDutyRate',
  'maintenanceRatio',
  'longAnnualRate',
  'shortAnnualRate',
] as const;
export type RateField = (typeof rateFields)[number];

/** Leverages staff may offer (contract: whole numbers 1–20, one to eight of them). */
export const leverageChoices: readonly number[] = Array.from({ length: 20 }, (_, i) => i + 1);
export const MAX_LEVERAGES = 8;
export const MAX_HOLDING_MINUTES = 100_000;

/** The form as typed: rates in percent, the minimum fee in whole yen, leverages as chosen. */
export type TermsDraft = Record<RateField, string> & { minimumFee: string; leverages: number[] };
export type TermsField = RateField | 'minimumFee' | 'leverages';

// The contract keeps a fraction to six decimals between 0 and 1: a percentage to four decimals between 0 and 100.
const PERCENT = /^\d{1,3}(\.\d{1,4})?$/;
const WHOLE_YEN = /^\d{1,9}$/;
const hundred = new Decimal(100);

/** '0.001' → '0.1' (percent, shortest exact digits). */
export function percentOfRate(rate: string): string {
  const value = tryMoney(rate);
  return value === null ? '' : toWire(value.times(hundred));
}

/** '0.1' (percent) → '0.001', or null when it is not a percentage the contract can hold. */
export function rateOfPercent(percent: string): string | null {
  const text = percent.trim();
  if (!PERCENT.test(text)) return null;
  const rate = money(text).dividedBy(hundred);
  return rate.greaterThan(1) ? null : toWire(rate);
}

export function draftOfTerms(terms: TradingTerms): TermsDraft {
  return {
    purchaseRate: percentOfRate(terms.purchaseRate),
    sellingRate: percentOfRate(terms.sellingRate),
    stampDutyRate: percentOfRate(terms.stampDutyRate),
    maintenanceRatio: percentOfRate(terms.maintenanceRatio),
    longAnnualRate: percentOfRate(terms.longAnnualRate),
    shortAnnualRate: percentOfRate(terms.shortAnnualRate),
    minimumFee: terms.minimumFee,
    leverages: [...terms.leverages].sort((a, b) => a - b),
  };
}

/** The fields that cannot be sent as typed (empty when the draft is valid). */
export function termsIssues(draft: TermsDraft): TermsField[] {
  const issues: TermsField[] = rateFields.filter((f) => rateOfPercent(draft[f]) === null);
  if (!WHOLE_YEN.test(draft.minimumFee.trim())) issues.push('minimumFee');
  if (draft.leverages.length < 1 || draft.leverages.length > MAX_LEVERAGES) issues.push('leverages');
  return issues;
}

/** The terms in the contract's form, or null while a field is invalid. */
export function termsOfDraft(draft: TermsDraft): TradingTerms | null {
  if (termsIssues(draft).length > 0) return null;
  const rate = (f: RateField) => rateOfPercent(draft[f]) ?? '0';
  return {
    purchaseRate: rate('purchaseRate'),
    sellingRate: rate('sellingRate'),
    stampDutyRate: rate('stampDutyRate'),
    minimumFee: toWire(money(draft.minimumFee.trim())),
    leverages: [...draft.leverages].sort((a, b) => a - b),
    maintenanceRatio: rate('maintenanceRatio'),
    longAnnualRate: rate('longAnnualRate'),
    shortAnnualRate: rate('shortAnnualRate'),
  };
}

/** Adds or removes one leverage; a ninth is not added. */
export function toggleLeverage(chosen: readonly number[], leverage: number): number[] {
  if (chosen.includes(leverage)) return chosen.filter((l) => l !== leverage);
  if (chosen.length >= MAX_LEVERAGES) return [...chosen];
  return [...chosen, leverage].sort((a, b) => a - b);
}

/** One stock's sale rules as typed: minutes as text, the lock-up as a JST date ('' for none). */
export interface RulesDraft {
  symbol: string;
  sameDayBan: boolean;
  tPlusOneBan: boolean;
  minHoldingMinutes: string;
  lockUpDate: string;
}
export type RulesField = 'symbol' | 'minHoldingMinutes' | 'lockUpDate';

const SYMBOL = /^[0-9A-Z]{4}$/;
const MINUTES = /^\d{1,6}$/;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The JST calendar date of an instant ('2026-12-31'), for a date input. */
export function jstDateOf(iso: string | null): string {
  if (iso === null) return '';
  const p = jstParts(new Date(iso));
  return `${String(p.year).padStart(4, '0')}-${String(p.month).padStart(2, '0')}-${String(p.day).padStart(2, '0')}`;
}

/** The lock-up ends at 00:00 JST on the date chosen: the stock can be sold from that day. */
export function lockUpInstant(date: string): string | null {
  const m = DATE.exec(date);
  if (!m) return null;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const at = jstInstant(year, month, day, 0);
  // 2026-02-31 would roll into March: refuse a date that is not on the calendar.
  return jstDateOf(at.toISOString()) === date ? at.toISOString() : null;
}

export const noRules = (symbol = ''): RulesDraft => ({
  symbol,
  sameDayBan: false,
  tPlusOneBan: false,
  minHoldingMinutes: '0',
  lockUpDate: '',
});

export const draftOfRules = (rules: ProductRules): RulesDraft => ({
  symbol: rules.symbol,
  sameDayBan: rules.sameDayBan,
  tPlusOneBan: rules.tPlusOneBan,
  minHoldingMinutes: String(rules.minHoldingMinutes),
  lockUpDate: jstDateOf(rules.lockUpUntil),
});

export function rulesIssues(draft: RulesDraft): RulesField[] {
  const issues: RulesField[] = [];
  if (!SYMBOL.test(draft.symbol.trim().toUpperCase())) issues.push('symbol');
  const minutes = draft.minHoldingMinutes.trim();
  if (!MINUTES.test(minutes) || Number(minutes) > MAX_HOLDING_MINUTES) issues.push('minHoldingMinutes');
  if (draft.lockUpDate !== '' && lockUpInstant(draft.lockUpDate) === null) issues.push('lockUpDate');
  return issues;
}

/**
 * The rules in the contract's form, or null while a field is invalid. A lock-up whose date was not changed keeps
 * the instant it was saved with (set through the API it need not be midnight).
 */
export function rulesOfDraft(draft: RulesDraft, saved?: ProductRules): ProductRules | null {
  if (rulesIssues(draft).length > 0) return null;
  const savedAt = saved?.lockUpUntil ?? null;
  return {
    symbol: draft.symbol.trim().toUpperCase(),
    sameDayBan: draft.sameDayBan,
    tPlusOneBan: draft.tPlusOneBan,
    minHoldingMinutes: Number(draft.minHoldingMinutes.trim()),
    lockUpUntil:
      savedAt !== null && jstDateOf(savedAt) === draft.lockUpDate ? savedAt : lockUpInstant(draft.lockUpDate),
  };
}

/** Whether any rule applies (an ordinary TSE stock has none). */
export const hasRules = (r: ProductRules): boolean =>
  r.sameDayBan || r.tPlusOneBan || r.minHoldingMinutes > 0 || r.lockUpUntil !== null;
