import { errorKeys } from '@kabuto/contracts/errors';
import { reasonIssue } from '@kabuto/contracts/formats';
import { jstInstant, jstParts } from '@kabuto/domain/calendar/jst';
import { checkTerms, type TermsRefusal } from '@kabuto/domain/ipo/offering';
import { termsRefusalKey } from '@kabuto/contracts/ipo/refusals';
import type { OfferingCreateRequest } from './api/ipo-admin.api.ts';

// Back office → IPO offerings (issue 25): staff type the times as JST wall-clock times (datetime-local inputs); the
// contract takes ISO instants with their offset. The terms are refused here by the same checkTerms the server runs,
// before anything is sent.

export const timeFields = ['opensAt', 'closesAt', 'drawAt', 'payBy', 'listsAt'] as const;
export type TimeField = (typeof timeFields)[number];
export const nameFields = ['nameJp', 'nameEn', 'nameTw'] as const;
export type NameField = (typeof nameFields)[number];

/** The form as typed: times are `datetime-local` values ('2026-12-01T09:00'), read as JST. */
export interface OfferingDraft {
  code: string;
  nameJp: string;
  nameEn: string;
  nameTw: string;
  /** Offering price (公開価格) a share, yen. */
  price: string;
  /** Shares on offer, in 100-share units. */
  sharesOnOffer: string;
  opensAt: string;
  closesAt: string;
  drawAt: string;
  payBy: string;
  listsAt: string;
  /** No lock-up after listing, or one until `lockUpUntil`. */
  lockUp: 'none' | 'until';
  lockUpUntil: string;
  reason: string;
}
export type DraftField = Exclude<keyof OfferingDraft, 'lockUp'>;

export const emptyDraft: OfferingDraft = {
  code: '',
  nameJp: '',
  nameEn: '',
  nameTw: '',
  price: '',
  sharesOnOffer: '',
  opensAt: '',
  closesAt: '',
  drawAt: '',
  payBy: '',
  listsAt: '',
  lockUp: 'none',
  lockUpUntil: '',
  reason: '',
};

/** What the form refuses before sending, by the key the server would answer with. */
export type OfferingRefusal =
  | typeof errorKeys.ipo.timesOutOfOrder
  | typeof errorKeys.ipo.priceInvalid
  | typeof errorKeys.ipo.sharesOnOfferInvalid
  | typeof errorKeys.ipo.lockUpBeforeListing;

// The server's own map (contracts), narrowed to the keys this form shows.
const refusalOfTerms = termsRefusalKey as Readonly<Record<TermsRefusal, OfferingRefusal>>;

// The contract's grammar: a four-character code, names of 1–80 characters, a price of up to nine digits and one
// decimal (the price must also be above zero: checkTerms says so).
const CODE = /^[0-9A-Z]{4}$/;
const NAME_MAX = 80;
const PRICE = /^(?:0|[1-9]\d{0,8})(?:\.\d)?$/;
const LOCAL_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?$/;

/**
 * A `datetime-local` value read as a JST wall-clock time → the instant with its offset ('2026-12-01T09:00' →
 * '2026-12-01T09:00:00+09:00'), or null when it is not a time on the calendar. Japan keeps UTC+9 all year.
 */
export function jstInstantOf(local: string): string | null {
  const m = LOCAL_TIME.exec(local.trim());
  if (!m) return null;
  const part = (i: number) => Number(m[i] ?? '0');
  const [year, month, day, hour, minute, second] = [part(1), part(2), part(3), part(4), part(5), part(6)];
  if (hour > 23 || minute > 59 || second > 59) return null;
  // 2026-02-31 would roll into March: refuse a date that is not on the calendar.
  const p = jstParts(jstInstant(year, month, day, hour * 60 + minute));
  if (p.year !== year || p.month !== month || p.day !== day) return null;
  return `${m[1]}-${m[2]}-${m[3]}T${m[4]}:${m[5]}:${m[6] ?? '00'}+09:00`;
}

/** What the form knows of a draft: fields still empty, fields that cannot be read, and the terms' refusal. */
export interface DraftReview {
  missing: DraftField[];
  invalid: DraftField[];
  refusal: OfferingRefusal | null;
  /** The request to send, once nothing is missing, unreadable or refused and the reason is written. */
  request: OfferingCreateRequest | null;
}

export function reviewDraft(draft: OfferingDraft): DraftReview {
  const code = draft.code.trim().toUpperCase();
  const price = draft.price.trim();
  const sharesOnOffer = draft.sharesOnOffer.trim();
  const lockUpSet = draft.lockUp === 'until';
  const required: DraftField[] = [
    'code',
    ...nameFields,
    'price',
    'sharesOnOffer',
    ...timeFields,
    ...(lockUpSet ? (['lockUpUntil'] as const) : []),
  ];
  const missing = required.filter((f) => draft[f].trim() === '');
  const filled = (f: DraftField) => draft[f].trim() !== '';

  const invalid: DraftField[] = [];
  if (filled('code') && !CODE.test(code)) invalid.push('code');
  for (const f of nameFields) if (draft[f].trim().length > NAME_MAX) invalid.push(f);
  const times = Object.fromEntries(timeFields.map((f) => [f, jstInstantOf(draft[f])])) as Record<
    TimeField,
    string | null
  >;
  for (const f of timeFields) if (filled(f) && times[f] === null) invalid.push(f);
  const lockUpUntil = lockUpSet ? jstInstantOf(draft.lockUpUntil) : null;
  if (lockUpSet && filled('lockUpUntil') && lockUpUntil === null) invalid.push('lockUpUntil');

  let refusal: OfferingRefusal | null = null;
  if (filled('price') && !PRICE.test(price)) refusal = errorKeys.ipo.priceInvalid;
  else if (filled('price') && filled('sharesOnOffer') && timeFields.every((f) => times[f] !== null)) {
    const at = (f: TimeField) => new Date(times[f] ?? '');
    const refused = checkTerms({
      price,
      sharesOnOffer,
      opensAt: at('opensAt'),
      closesAt: at('closesAt'),
      drawAt: at('drawAt'),
      payBy: at('payBy'),
      listsAt: at('listsAt'),
    });
    refusal = refused ? refusalOfTerms[refused] : null;
  }
  // The shares are locked until listing anyway: a lock-up is a time after it.
  if (refusal === null && lockUpUntil !== null && times.listsAt !== null) {
    if (new Date(lockUpUntil) < new Date(times.listsAt)) refusal = errorKeys.ipo.lockUpBeforeListing;
  }

  const complete = missing.length === 0 && invalid.length === 0 && refusal === null;
  const request: OfferingCreateRequest | null =
    complete && reasonIssue(draft.reason) === null
      ? {
          code,
          nameJp: draft.nameJp.trim(),
          nameEn: draft.nameEn.trim(),
          nameTw: draft.nameTw.trim(),
          price,
          sharesOnOffer,
          opensAt: times.opensAt ?? '',
          closesAt: times.closesAt ?? '',
          drawAt: times.drawAt ?? '',
          payBy: times.payBy ?? '',
          listsAt: times.listsAt ?? '',
          lockUpUntil,
          reason: draft.reason.trim(),
        }
      : null;
  return { missing, invalid, refusal, request };
}

/** The fields a refusal is about, to mark them in the form. */
export const refusalFields: Record<OfferingRefusal, readonly DraftField[]> = {
  [errorKeys.ipo.timesOutOfOrder]: timeFields,
  [errorKeys.ipo.priceInvalid]: ['price'],
  [errorKeys.ipo.sharesOnOfferInvalid]: ['sharesOnOffer'],
  [errorKeys.ipo.lockUpBeforeListing]: ['listsAt', 'lockUpUntil'],
};
