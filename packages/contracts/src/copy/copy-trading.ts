import { z } from 'zod';
import { memberCall } from '../policy.ts';
import { adminPolicies } from '../admin/policies.ts';
import { defineCall } from '../call.ts';
import { errorKeys } from '../errors.ts';
import { moneyString, pageFields, reasonField } from '../fields.ts';
import { namesSchema } from '../market/fields.ts';

// Issue 26: copy trading (packages/domain/src/copy). SPEC's route table has no copy-trading routes; the screens are
// /follow/list (strategies), /follow/detail?id= (one strategy, its track record and the follow form), /follow/mine
// (the member's follows) and /follow/follow?id= (one follow with its mirrored trades): docs/issue26-copy.md.

export const followStatuses = ['inProgress', 'ended'] as const;
export const endReasons = ['stopped', 'stopLoss', 'termEnd', 'strategyClosed'] as const;
export const mirrorOutcomes = ['mirrored', 'belowUnit', 'noCapital'] as const;

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const strategyIdField = z
  .string({ error: errorKeys.copy.notFound })
  .trim()
  .regex(uuid, { error: errorKeys.copy.notFound });
const followIdField = z
  .string({ error: errorKeys.copy.notFollowing })
  .trim()
  .regex(uuid, { error: errorKeys.copy.notFollowing });

/** SPEC §3 "follow order": issuer, fund size, profit, holding time, minimum investment (and the fee terms). */
export const strategySchema = z.object({
  id: z.string(),
  names: namesSchema,
  /** The lead trader's name as staff published it. */
  issuer: z.string(),
  /** Fund size: the capital of every follow in progress, yen. */
  fundSize: moneyString,
  followers: z.number().int(),
  /** The lead's realised P&L after trading fees, every trade closed since publication, yen. */
  profit: moneyString,
  /** That profit as a percent of the capital base (two decimals). */
  profitPercent: z.string(),
  trades: z.number().int(),
  /** Holding time: a follow lasts this many days. */
  termDays: z.number().int(),
  minInvestment: moneyString,
  capitalBase: moneyString,
  /** The lead's performance fee, a fraction of a follow's profit at its end (none on a loss). */
  performanceFee: z.string(),
  followDeadline: z.string(),
  status: z.enum(['published', 'closed']),
  publishedAt: z.string(),
});
export type Strategy = z.infer<typeof strategySchema>;

/** One closed trade of the lead (every one since publication, none left out). */
export const leadTradeSchema = z.object({
  orderNo: z.string(),
  code: z.string(),
  names: namesSchema,
  side: z.enum(['long', 'short']),
  quantity: z.string(),
  openPrice: moneyString,
  openedAt: z.string(),
  closePrice: moneyString,
  closedAt: z.string(),
  /** Realised P&L less purchase fee, selling fee and stamp duty. */
  pnl: moneyString,
});

export const stopLossSchema = z.union([z.object({ yen: z.string() }), z.object({ percent: z.string() })]);

export const followSchema = z.object({
  id: z.string(),
  strategyId: z.string(),
  names: namesSchema,
  issuer: z.string(),
  capital: moneyString,
  stopLoss: stopLossSchema.nullable(),
  status: z.enum(followStatuses),
  endReason: z.enum(endReasons).nullable(),
  startedAt: z.string(),
  endsAt: z.string(),
  endedAt: z.string().nullable(),
  /** The follow's money not in positions now (its part of the copy book). */
  free: moneyString,
  /** Free money plus open positions at their closing price. */
  equity: moneyString,
  openPositions: z.number().int(),
  /** At the end: balance − capital, the performance fee, what returned to available. */
  profit: moneyString.nullable(),
  fee: moneyString.nullable(),
  returned: moneyString.nullable(),
  performanceFee: z.string(),
});
export type Follow = z.infer<typeof followSchema>;

/** A lead's trade beside what the follower got: the proportion and the prices side by side. */
export const mirrorSchema = z.object({
  event: z.enum(['open', 'close']),
  outcome: z.enum(mirrorOutcomes),
  code: z.string(),
  names: namesSchema,
  side: z.enum(['long', 'short']),
  lead: z.object({ orderNo: z.string(), quantity: z.string(), price: moneyString, at: z.string() }),
  /** Lead quantity × capital / capital base, before rounding down to 100-share units. */
  proportional: z.string(),
  follower: z.object({ orderNo: z.string(), quantity: z.string(), price: moneyString, at: z.string() }).nullable(),
  at: z.string(),
});
export type Mirror = z.infer<typeof mirrorSchema>;

const amountField = z.string({ error: errorKeys.copy.amountInvalid }).max(40, { error: errorKeys.copy.amountInvalid });

export const copyStrategiesCall = defineCall({
  policy: memberCall,
  path: 'follow/strategies',
  summary: 'Copy-trading strategies: published first, with fund size, profit after fees, term and minimum',
  request: z.object({}),
  response: z.object({ items: z.array(strategySchema) }),
});

export const copyStrategyCall = defineCall({
  policy: memberCall,
  path: 'follow/strategy',
  summary: 'One strategy: its card, the full track record of the lead, the member’s available funds and follow',
  request: z.object({ id: strategyIdField }),
  response: strategySchema.extend({
    track: z.array(leadTradeSchema),
    available: moneyString,
    /** The member's follow of this strategy in progress, if any. */
    myFollowId: z.string().nullable(),
    isLead: z.boolean(),
  }),
});

export const copyFollowCall = defineCall({
  policy: memberCall,
  path: 'follow/follow',
  summary: 'Follow a strategy: the amount (≥ minimum, before the deadline) moves from available into the follow',
  request: z.object({
    id: strategyIdField,
    amount: amountField,
    stopLoss: z
      .union(
        [
          z.object({ yen: z.string({ error: errorKeys.copy.stopLossInvalid }).max(40) }),
          z.object({ percent: z.string({ error: errorKeys.copy.stopLossInvalid }).max(10) }),
        ],
        { error: errorKeys.copy.stopLossInvalid },
      )
      .nullish(),
  }),
  response: followSchema,
});

export const copyStopCall = defineCall({
  policy: memberCall,
  path: 'follow/stop',
  summary: 'Stop following: the follow’s positions close and its capital ± P&L − fee returns to available',
  request: z.object({ id: followIdField }),
  response: followSchema,
});

export const copyFollowsCall = defineCall({
  policy: memberCall,
  path: 'follow/follows',
  summary: 'The member’s follows (in progress or ended), newest first',
  request: z.object({ status: z.enum(followStatuses).default('inProgress'), ...pageFields }),
  response: z.object({ items: z.array(followSchema), total: z.number().int() }),
});

export const copyFollowDetailCall = defineCall({
  policy: memberCall,
  path: 'follow/one',
  summary: 'One of the member’s follows with every mirrored (and not mirrored) trade beside the lead’s',
  request: z.object({ id: followIdField }),
  response: followSchema.extend({ mirrors: z.array(mirrorSchema) }),
});

// ——— Back office ———

export const adminLeadSchema = z.object({
  memberId: z.string(),
  account: z.string(),
  displayName: z.string(),
  active: z.boolean(),
  setAt: z.string(),
});

export const adminStrategySchema = strategySchema.extend({
  leadAccount: z.string(),
  closedAt: z.string().nullable(),
  closeReason: z.string().nullable(),
});

export const adminCopyListCall = defineCall({
  policy: adminPolicies.copyList,
  path: 'admin/copy/list',
  summary: 'Staff: lead traders and every strategy',
  request: z.object({}),
  response: z.object({ leads: z.array(adminLeadSchema), strategies: z.array(adminStrategySchema) }),
});

export const adminCopyLeadCall = defineCall({
  policy: adminPolicies.copySave,
  path: 'admin/copy/lead',
  summary: 'Staff: mark a member as a lead trader (or unmark), with the issuer name members read (audited)',
  request: z.object({
    account: z.string({ error: errorKeys.copy.notLead }).trim().min(1, { error: errorKeys.copy.notLead }).max(64),
    displayName: z
      .string({ error: errorKeys.request.invalid })
      .trim()
      .min(1, { error: errorKeys.request.invalid })
      .max(60, { error: errorKeys.request.invalid }),
    lead: z.boolean({ error: errorKeys.request.invalid }),
    reason: reasonField,
  }),
  response: adminLeadSchema,
});

const termsText = z.string({ error: errorKeys.copy.termsInvalid }).max(40, { error: errorKeys.copy.termsInvalid });

export const adminCopyPublishCall = defineCall({
  policy: adminPolicies.copySave,
  path: 'admin/copy/publish',
  summary: 'Staff: publish a strategy led by a lead trader: minimum, capital base, term, deadline, fee (audited)',
  request: z.object({
    leadAccount: z.string({ error: errorKeys.copy.notLead }).trim().min(1, { error: errorKeys.copy.notLead }).max(64),
    names: z.object({
      jp: z.string().trim().min(1, { error: errorKeys.copy.termsInvalid }).max(60),
      en: z.string().trim().min(1, { error: errorKeys.copy.termsInvalid }).max(60),
      tw: z.string().trim().min(1, { error: errorKeys.copy.termsInvalid }).max(60),
    }),
    minInvestment: termsText,
    capitalBase: termsText,
    termDays: z.number({ error: errorKeys.copy.termsInvalid }).int({ error: errorKeys.copy.termsInvalid }),
    followDeadline: z.iso.datetime({ offset: true, error: errorKeys.copy.termsInvalid }),
    performanceFee: termsText,
    reason: reasonField,
  }),
  response: adminStrategySchema,
});

export const adminCopyCloseCall = defineCall({
  policy: adminPolicies.copySave,
  path: 'admin/copy/close',
  summary: 'Staff: close a strategy (audited): no new follows; the follows in progress end and return their money',
  request: z.object({ id: strategyIdField, reason: reasonField }),
  response: adminStrategySchema,
});
