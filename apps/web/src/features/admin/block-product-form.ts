import { errorKeys } from '@kabuto/contracts/errors';
import { reasonIssue } from '@kabuto/contracts/formats';
import { termsRefusalKey } from '@kabuto/contracts/block/refusals';
import { checkProductTerms, type TermsRefusal } from '@kabuto/domain/block/block-trade';
import type { TickTable } from '@kabuto/domain/market/tick-size';
import { jstInstantOf } from './ipo-offering-form.ts';
import type { BlockProductCreateRequest } from './api/block-admin.api.ts';

// Back office → Block trades (立会外分売, issue 25): staff type the window and the lock-up as JST wall-clock times
// (datetime-local inputs, read as the IPO form reads them); the contract takes ISO instants with their offset. The terms
// are refused here by the same checkProductTerms the server runs, against the stock's tick table and the day's limits
// from its quote, before anything is sent.

/** The form as typed: times are `datetime-local` values ('2026-12-01T09:00'), read as JST. */
export interface ProductDraft {
  code: string;
  /** Price a share, yen. */
  price: string;
  /** The smallest amount (price × shares) one application may buy, whole yen. */
  minAmount: string;
  /** The most shares one member may apply for, in 100-share units. */
  maxShares: string;
  /** Applications one member may make in one JST day, 1–100 (never shown to members). */
  dailyLimit: string;
  opensAt: string;
  closesAt: string;
  /** No lock-up, or the approved shares are locked until `lockUpUntil`. */
  lockUp: 'none' | 'until';
  lockUpUntil: string;
  /** Empty: no channel password. */
  password: string;
  seatOnly: boolean;
  reason: string;
}
export type DraftField = Exclude<keyof ProductDraft, 'lockUp' | 'seatOnly' | 'reason'>;

export const emptyProductDraft: ProductDraft = {
  code: '',
  price: '',
  minAmount: '',
  maxShares: '',
  dailyLimit: '',
  opensAt: '',
  closesAt: '',
  lockUp: 'none',
  lockUpUntil: '',
  password: '',
  seatOnly: false,
  reason: '',
};

/** What checkProductTerms needs of the stock's day: its tick table and the day's stop-high / stop-low. */
export interface StockDay {
  table: TickTable;
  limitUp: string;
  limitDown: string;
}

/** The stock's day from its quote (`market/detail`): TOPIX 500 constituents trade on the finer table. */
export const stockDayOf = (quote: { topix500: boolean; limitUp: string; limitDown: string }): StockDay => ({
  table: quote.topix500 ? 'topix500' : 'standard',
  limitUp: quote.limitUp,
  limitDown: quote.limitDown,
});

/**
 * Without the quote (loading, or the call failed) the price cannot be held to the stock's grid and limits: every
 * other term is still checked, with a day that refuses no positive price. The finer TOPIX 500 grid holds every price of
 * the standard grid, so nothing the server would take is refused here; the server checks the grid and the limits.
 */
const anyPriceDay: StockDay = { table: 'topix500', limitUp: '999999999.9', limitDown: '0' };

/** What the form refuses before sending, by the key the server would answer with. */
export type ProductRefusal =
  | typeof errorKeys.block.priceInvalid
  | typeof errorKeys.trade.priceOffGrid
  | typeof errorKeys.trade.exceedsPriceLimit
  | typeof errorKeys.block.minAmountInvalid
  | typeof errorKeys.block.maxSharesInvalid
  | typeof errorKeys.block.dailyLimitInvalid
  | typeof errorKeys.block.timesOutOfOrder
  | typeof errorKeys.block.timesInPast
  | typeof errorKeys.block.lockUpBeforeClose;

// The server's own map (contracts), narrowed to the keys this form shows.
const refusalOfTerms = termsRefusalKey as Readonly<Record<TermsRefusal, ProductRefusal>>;

// The contract's grammar: a four-character code, a price of up to nine digits and one decimal, a channel password of
// 4–64 characters.
const CODE = /^[0-9A-Z]{4}$/;
const PRICE = /^(?:0|[1-9]\d{0,8})(?:\.\d)?$/;
const DAILY_LIMIT = /^\d{1,3}$/;
export const channelPasswordLength = { min: 4, max: 64 } as const;

/** What the form knows of a draft: fields still empty, fields that cannot be read, and the terms' refusal. */
export interface ProductDraftReview {
  missing: DraftField[];
  invalid: DraftField[];
  refusal: ProductRefusal | null;
  /** Whether the price was held to the stock's own grid and limits (false: the quote is not there yet). */
  priceChecked: boolean;
  /** The request to send, once nothing is missing, unreadable or refused and the reason is written. */
  request: BlockProductCreateRequest | null;
}

export function reviewProductDraft(draft: ProductDraft, day: StockDay | null, now: Date): ProductDraftReview {
  const code = draft.code.trim().toUpperCase();
  const price = draft.price.trim();
  const minAmount = draft.minAmount.trim();
  const maxShares = draft.maxShares.trim();
  const dailyLimitText = draft.dailyLimit.trim();
  const lockUpSet = draft.lockUp === 'until';
  const required: DraftField[] = [
    'code',
    'price',
    'minAmount',
    'maxShares',
    'dailyLimit',
    'opensAt',
    'closesAt',
    ...(lockUpSet ? (['lockUpUntil'] as const) : []),
  ];
  const missing = required.filter((f) => draft[f].trim() === '');
  const filled = (f: DraftField) => draft[f].trim() !== '';

  const invalid: DraftField[] = [];
  if (filled('code') && !CODE.test(code)) invalid.push('code');
  const opensAt = jstInstantOf(draft.opensAt);
  const closesAt = jstInstantOf(draft.closesAt);
  const lockUpUntil = lockUpSet ? jstInstantOf(draft.lockUpUntil) : null;
  if (filled('opensAt') && opensAt === null) invalid.push('opensAt');
  if (filled('closesAt') && closesAt === null) invalid.push('closesAt');
  if (lockUpSet && filled('lockUpUntil') && lockUpUntil === null) invalid.push('lockUpUntil');
  // The password is sent as typed (spaces count), and only when one is set.
  const password = draft.password === '' ? null : draft.password;
  if (password !== null && (password.length < channelPasswordLength.min || password.length > channelPasswordLength.max))
    invalid.push('password');

  let refusal: ProductRefusal | null = null;
  const termsReady =
    ['price', 'minAmount', 'maxShares', 'dailyLimit'].every((f) => filled(f as DraftField)) &&
    opensAt !== null &&
    closesAt !== null &&
    !(lockUpSet && lockUpUntil === null);
  if (filled('price') && !PRICE.test(price)) refusal = errorKeys.block.priceInvalid;
  else if (termsReady) {
    const refused = checkProductTerms(
      {
        price,
        minAmount,
        maxShares,
        dailyLimit: DAILY_LIMIT.test(dailyLimitText) ? Number(dailyLimitText) : Number.NaN,
        opensAt: new Date(opensAt),
        closesAt: new Date(closesAt),
        lockUpUntil: lockUpUntil === null ? null : new Date(lockUpUntil),
      },
      day ?? anyPriceDay,
      now,
    );
    refusal = refused ? refusalOfTerms[refused] : null;
  }

  const complete = missing.length === 0 && invalid.length === 0 && refusal === null && termsReady;
  const request: BlockProductCreateRequest | null =
    complete && reasonIssue(draft.reason) === null
      ? {
          code,
          price,
          minAmount,
          maxShares,
          dailyLimit: Number(dailyLimitText),
          opensAt: opensAt ?? '',
          closesAt: closesAt ?? '',
          lockUpUntil,
          password,
          seatOnly: draft.seatOnly,
          reason: draft.reason.trim(),
        }
      : null;
  return { missing, invalid, refusal, priceChecked: day !== null, request };
}

/** The fields a refusal is about, to mark them in the form. */
export const refusalFields: Record<ProductRefusal, readonly DraftField[]> = {
  [errorKeys.block.priceInvalid]: ['price'],
  [errorKeys.trade.priceOffGrid]: ['price'],
  [errorKeys.trade.exceedsPriceLimit]: ['price'],
  [errorKeys.block.minAmountInvalid]: ['minAmount', 'maxShares'],
  [errorKeys.block.maxSharesInvalid]: ['maxShares'],
  [errorKeys.block.dailyLimitInvalid]: ['dailyLimit'],
  [errorKeys.block.timesOutOfOrder]: ['opensAt', 'closesAt'],
  [errorKeys.block.timesInPast]: ['closesAt'],
  [errorKeys.block.lockUpBeforeClose]: ['closesAt', 'lockUpUntil'],
};
