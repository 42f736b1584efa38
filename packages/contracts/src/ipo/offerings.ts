import { z } from 'zod';
import { memberCall } from '../policy.ts';
import { adminPolicies } from '../admin/policies.ts';
import { defineCall } from '../call.ts';
import { errorKeys } from '../errors.ts';
import { moneyString, reasonField } from '../fields.ts';
import { namesSchema, symbolField } from '../market/fields.ts';

// Issue 25: new-share (IPO) subscription with a commit-reveal lottery any member can recompute
// (packages/domain/src/ipo, docs/ipo-lottery.md). Screens: /market/subscribe (offerings), /market/subscribeDetail
// (one offering: terms, subscribe, the draw checked in the browser, pay), /market/subscribeRecord (the member's
// subscription and lottery record).

/** SPEC §4: not yet open, subscribing, subscription ended, drawn, listed; or cancelled by staff. */
export const offeringPhases = ['notYetOpen', 'subscribing', 'ended', 'drawn', 'listed', 'cancelled'] as const;
/** SPEC §4 lottery results: awaiting draw, won (awaiting payment), payment completed, not won; lapsed; cancelled. */
export const entryStatuses = ['awaitingDraw', 'won', 'paid', 'notWon', 'lapsed', 'cancelled'] as const;

/** Shares asked or offered: a whole number of 100-share units, as digits (SPEC §5 "shares required"). */
const sharesField = (error: string) =>
  z
    .string({ error })
    .trim()
    .regex(/^[1-9]\d{0,11}$/, { error })
    .refine((s) => Number(s) % 100 === 0, { error });

export const offeringSchema = z.object({
  id: z.string(),
  code: z.string(),
  names: namesSchema,
  /** Underwriting (offering) price a share, yen. */
  price: moneyString,
  sharesOnOffer: z.string(),
  opensAt: z.string(),
  closesAt: z.string(),
  drawAt: z.string(),
  payBy: z.string(),
  listsAt: z.string(),
  /** Sale is locked until listing, and after it until this instant when set. */
  lockUpUntil: z.string().nullable(),
  phase: z.enum(offeringPhases),
  /** SHA-256 of the draw secret, published when the window opens (null before). */
  commitment: z.string().nullable(),
  /** Revealed at the draw (null before). */
  secret: z.string().nullable(),
  entries: z.number().int(),
  /** After the draw: entries that won at least one unit, and shares given out. */
  winners: z.number().int().nullable(),
  allocated: z.string().nullable(),
  drawnAt: z.string().nullable(),
  cancelledAt: z.string().nullable(),
  cancelReason: z.string().nullable(),
  /** Grab shares: lapsed wins re-offered first come first served in a window staff set (null until set). */
  grab: z
    .object({
      opensAt: z.string(),
      closesAt: z.string(),
      /** Shares re-offered, and shares served so far. */
      shares: z.string(),
      taken: z.string(),
      phase: z.enum(['notYetOpen', 'open', 'soldOut', 'ended']),
    })
    .nullable(),
});
export type Offering = z.infer<typeof offeringSchema>;

/** The member's own grab: the place in the serving order and the position the unit became. */
export const grabSchema = z.object({
  seq: z.number().int(),
  shares: z.string(),
  amount: moneyString,
  at: z.string(),
  positionOrderNo: z.string(),
});
export type IpoGrab = z.infer<typeof grabSchema>;

export const entrySchema = z.object({
  id: z.string(),
  offeringId: z.string(),
  code: z.string(),
  names: namesSchema,
  price: moneyString,
  shares: z.string(),
  status: z.enum(entryStatuses),
  /** Still held in frozen funds for this entry. */
  held: moneyString,
  /** Shares won at the draw ("0" until then or when not won). */
  won: z.string(),
  /** Price × shares won (what a winner pays). */
  amountDue: moneyString,
  /** What the member paid (after confirming the purchase). */
  amountPaid: moneyString,
  payBy: z.string(),
  /** The position the paid shares became (its order number), once paid. */
  positionOrderNo: z.string().nullable(),
  subscribedAt: z.string(),
  drawnAt: z.string().nullable(),
  paidAt: z.string().nullable(),
  /** When it lapsed or was cancelled, with the reason. */
  endedAt: z.string().nullable(),
  endReason: z.string().nullable(),
});
export type IpoEntry = z.infer<typeof entrySchema>;

const offeringIdField = z
  .string({ error: errorKeys.ipo.notFound })
  .trim()
  .regex(/^[1-9]\d{0,17}$/, { error: errorKeys.ipo.notFound });
const entryIdField = z
  .string({ error: errorKeys.order.notExist })
  .trim()
  .regex(/^[1-9]\d{0,17}$/, { error: errorKeys.order.notExist });

export const ipoListCall = defineCall({
  policy: memberCall,
  path: 'market/ipo/list',
  summary: 'New-share offerings, newest first: terms, phase, the published commitment, and the member’s own entry',
  request: z.object({}),
  response: z.object({ items: z.array(offeringSchema.extend({ mine: entrySchema.nullable() })) }),
});

export const ipoDetailCall = defineCall({
  policy: memberCall,
  path: 'market/ipo/detail',
  summary: 'One offering with the member’s entry and the amount a subscription would hold',
  request: z.object({ id: offeringIdField }),
  response: offeringSchema.extend({
    mine: entrySchema.nullable(),
    available: moneyString,
    myGrab: grabSchema.nullable(),
  }),
});

/** What the draw published: everything a member's browser needs to recompute it (docs/ipo-lottery.md). */
export const ipoDrawCall = defineCall({
  policy: memberCall,
  path: 'market/ipo/draw',
  summary:
    'The published draw of an offering: commitment, revealed secret, every entry (masked account) and its result',
  request: z.object({ id: offeringIdField }),
  response: z.object({
    offeringId: z.string(),
    commitment: z.string(),
    secret: z.string(),
    sharesOnOffer: z.string(),
    drawnAt: z.string(),
    /** Every entry in id order: masked account (such as 90****1234), shares asked, shares won. */
    entries: z.array(z.object({ id: z.string(), account: z.string(), shares: z.string(), won: z.string() })),
    /** The member's own entry id, to find it in the list. */
    mine: z.string().nullable(),
  }),
});

export const ipoSubscribeCall = defineCall({
  policy: memberCall,
  path: 'market/ipo/subscribe',
  summary: 'Subscribe (ブックビルディング申込) in 100-share units: price × shares is held from available funds',
  request: z.object({ id: offeringIdField, shares: sharesField(errorKeys.ipo.sharesRequired) }),
  response: entrySchema,
});

export const ipoPayCall = defineCall({
  policy: memberCall,
  path: 'market/ipo/pay',
  summary:
    'Confirm the purchase of a win (購入申込) before the deadline: the shares become a position locked until listing',
  request: z.object({ entryId: entryIdField }),
  response: entrySchema,
});

export const ipoGrabCall = defineCall({
  policy: memberCall,
  path: 'market/ipo/grab',
  summary:
    'Grab shares: a member who entered and did not win presses once in the window; served first come first served (one 100-share unit, paid at once) or told sold out',
  request: z.object({ id: offeringIdField }),
  response: z.object({ result: z.enum(['won', 'soldOut']), grab: grabSchema.nullable() }),
});

/** The serving order of a grab window, published like the draw (masked accounts). */
export const ipoGrabOrderCall = defineCall({
  policy: memberCall,
  path: 'market/ipo/grabOrder',
  summary: 'The published serving order of an offering’s grab window: place, masked account, time',
  request: z.object({ id: offeringIdField }),
  response: z.object({
    offeringId: z.string(),
    shares: z.string(),
    items: z.array(z.object({ seq: z.number().int(), account: z.string(), at: z.string() })),
  }),
});

export const ipoRecordsCall = defineCall({
  policy: memberCall,
  path: 'market/ipo/records',
  summary: 'The member’s subscription and lottery record, newest first, every state change with its time',
  request: z.object({}),
  response: z.object({ items: z.array(entrySchema) }),
});

// ——— Back office ———

const instantField = z.iso.datetime({ offset: true, error: errorKeys.request.invalid });

export const adminIpoListCall = defineCall({
  policy: adminPolicies.ipoList,
  path: 'admin/ipo/list',
  summary: 'Staff: every offering with its entries count and draw',
  request: z.object({}),
  response: z.object({ items: z.array(offeringSchema.extend({ createdBy: z.string() })) }),
});

export const adminIpoCreateCall = defineCall({
  policy: adminPolicies.ipoSave,
  path: 'admin/ipo/create',
  summary:
    'Staff: create an offering (audited); nothing that changes a member’s odds can change after the window opens',
  request: z.object({
    code: symbolField,
    nameJp: z
      .string()
      .trim()
      .min(1, { error: errorKeys.request.invalid })
      .max(80, { error: errorKeys.request.invalid }),
    nameEn: z
      .string()
      .trim()
      .min(1, { error: errorKeys.request.invalid })
      .max(80, { error: errorKeys.request.invalid }),
    nameTw: z
      .string()
      .trim()
      .min(1, { error: errorKeys.request.invalid })
      .max(80, { error: errorKeys.request.invalid }),
    price: z
      .string({ error: errorKeys.ipo.priceInvalid })
      .trim()
      .regex(/^(?:0|[1-9]\d{0,8})(?:\.\d)?$/, { error: errorKeys.ipo.priceInvalid }),
    sharesOnOffer: sharesField(errorKeys.ipo.sharesOnOfferInvalid),
    opensAt: instantField,
    closesAt: instantField,
    drawAt: instantField,
    payBy: instantField,
    listsAt: instantField,
    lockUpUntil: instantField.nullable(),
    reason: reasonField,
  }),
  response: offeringSchema,
});

export const adminIpoCancelCall = defineCall({
  policy: adminPolicies.ipoSave,
  path: 'admin/ipo/cancel',
  summary: 'Staff: cancel an offering before its draw; every hold is released with the reason on the member’s timeline',
  request: z.object({ id: offeringIdField, reason: reasonField }),
  response: offeringSchema,
});

export const adminIpoGrabWindowCall = defineCall({
  policy: adminPolicies.ipoSave,
  path: 'admin/ipo/grabWindow',
  summary:
    'Staff: once the unconfirmed wins have lapsed, re-offer their shares first come first served in a window ending by the listing (audited, set once)',
  request: z.object({ id: offeringIdField, opensAt: instantField, closesAt: instantField, reason: reasonField }),
  response: offeringSchema,
});

// ——— Allotments (/user/pj) ———

/** SPEC §2 names /user/pj without describing it; read as the member's allotment record (docs/architecture.md). */
export const allotmentSchema = z.object({
  /** Where the shares came from: an IPO win paid for, or an approved block trade. */
  source: z.enum(['ipo', 'block']),
  code: z.string(),
  names: namesSchema,
  price: moneyString,
  shares: z.string(),
  /** Price × shares paid. */
  amount: moneyString,
  allottedAt: z.string(),
  /** When the stock lists (an IPO); null for a block trade of a listed stock. */
  listsAt: z.string().nullable(),
  /** Sale is locked until this instant: the listing, or the end of the lock-up after it; null: never locked. */
  lockedUntil: z.string().nullable(),
  /** locked: not sellable yet; sellable: lock ended, still held; sold: the position is closed. */
  status: z.enum(['locked', 'sellable', 'sold']),
  positionOrderNo: z.string(),
});
export type Allotment = z.infer<typeof allotmentSchema>;

export const allotmentsCall = defineCall({
  policy: memberCall,
  path: 'user/allotments',
  summary:
    'The member’s allotment record: shares allotted from IPO wins and approved block trades, with price, quantity, lock-up end and status',
  request: z.object({}),
  response: z.object({ items: z.array(allotmentSchema) }),
});
