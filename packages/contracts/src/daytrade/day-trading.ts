import { z } from 'zod';
import { memberCall } from '../policy.ts';
import { adminPolicies } from '../admin/policies.ts';
import { defineCall } from '../call.ts';
import { errorKeys } from '../errors.ts';
import { decisionField, idField, moneyString, pageFields, reasonField, reviewStatus } from '../fields.ts';

// Issue 26: day trading (一日信用取引 / 當沖; SPEC §2 /common/dayTrading: order submission, transaction, transaction
// details, already applied), packages/domain/src/daytrade. A member applies for a quota; staff decide it; an approved
// quota is in progress until the member ends it; day trades are placed from the order ticket (`trade/place` with
// `dayTrade: true`) and closed at the day's cut-off.

/** SPEC §4 "day trade: in progress, ended" (approved quotas only; null while pending or when rejected). */
export const dayTradeStates = ['inProgress', 'ended'] as const;

export const dayTradeApplicationSchema = z.object({
  id: z.string(),
  orderNo: z.string(),
  /** The quota applied for, whole yen. */
  quota: moneyString,
  status: reviewStatus,
  state: z.enum(dayTradeStates).nullable(),
  /** Staff's reason for the decision. */
  remarks: z.string(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
  endedAt: z.string().nullable(),
});
export type DayTradeApplication = z.infer<typeof dayTradeApplicationSchema>;

/** What the order submission tab shows: the quota in force with what its open day trades use, and the cut-off. */
export const dayTradeOverviewSchema = z.object({
  /** The approved quota in progress, or null. */
  inForce: dayTradeApplicationSchema.nullable(),
  /** An application waiting for staff, or null. */
  pending: dayTradeApplicationSchema.nullable(),
  /** Margin of the open day trades (resting orders at their limit price). */
  used: moneyString,
  remaining: moneyString,
  /** Open day trades (pending, holding, closing). */
  openTrades: z.number().int(),
  /** Today's cut-off, HH:MM JST (under `tse` the 15:30 close). */
  cutOff: z.string(),
  /** The instant of the next cut-off. */
  nextCutOffAt: z.string(),
  profile: z.enum(['demo', 'tse']),
  /** The largest quota one may apply for, yen. */
  maxQuota: moneyString,
});
export type DayTradeOverview = z.infer<typeof dayTradeOverviewSchema>;

/** Text of at most 32 characters; its form is read by the domain's `readQuota` (whole yen, strict). */
const quotaField = z
  .string({ error: errorKeys.daytrade.amountInvalid })
  .max(32, { error: errorKeys.daytrade.amountInvalid });

export const dayTradeOverviewCall = defineCall({
  policy: memberCall,
  path: 'common/dayTrading/overview',
  summary: 'The member’s day-trading quota in force (amount, used, remaining), a pending application, and the cut-off',
  request: z.object({}),
  response: dayTradeOverviewSchema,
});

export const dayTradeApplyCall = defineCall({
  policy: memberCall,
  path: 'common/dayTrading/apply',
  summary: 'Apply for a day-trading quota in whole yen (one application or quota in force at a time)',
  // The amount is read by the domain's `readQuota` (whole yen, strict), so every bad form answers amountInvalid.
  request: z.object({ amount: quotaField }),
  response: dayTradeApplicationSchema,
});

export const dayTradeApplicationsCall = defineCall({
  policy: memberCall,
  path: 'common/dayTrading/applications',
  summary: 'The member’s day-trading applications, newest first, with status and staff remarks',
  request: z.object({ ...pageFields }),
  response: z.object({ items: z.array(dayTradeApplicationSchema), total: z.number().int() }),
});

export const dayTradeEndCall = defineCall({
  policy: memberCall,
  path: 'common/dayTrading/end',
  summary: 'End the member’s quota in progress: no new day trades; open ones still close at the cut-off',
  request: z.object({}),
  response: dayTradeApplicationSchema,
});

// ——— Back office ———

export const dayTradeReviewSchema = dayTradeApplicationSchema.extend({
  memberId: z.string(),
  account: z.string(),
  realName: z.string().nullable(),
  approvals: z.number().int(),
  approvalsRequired: z.number().int(),
  approvedBy: z.array(z.string()),
});

export const adminDayTradeApplicationsCall = defineCall({
  policy: adminPolicies.daytradeApplicationsList,
  path: 'admin/daytrade/applications',
  summary: 'Staff: day-trading quota applications by status, oldest waiting first',
  request: z.object({ status: reviewStatus.default('pending'), ...pageFields }),
  response: z.object({ items: z.array(dayTradeReviewSchema), total: z.number().int() }),
});

export const adminDayTradeDecideCall = defineCall({
  policy: adminPolicies.daytradeDecide,
  path: 'admin/daytrade/decide',
  summary: 'Staff: approve (the quota is in progress) or reject (the reason is kept) a day-trading application',
  request: z.object({ id: idField, decision: decisionField, reason: reasonField }),
  response: z.object({
    status: reviewStatus,
    approvals: z.number().int(),
    approvalsRequired: z.number().int(),
  }),
});

export const dayTradeSettingsSchema = z.object({
  /** The demo market's daily cut-off, HH:MM JST. */
  demoCutOff: z.string(),
  profile: z.enum(['demo', 'tse']),
  updatedAt: z.string().nullable(),
});

export const adminDayTradeSettingsCall = defineCall({
  policy: adminPolicies.daytradeSettings,
  path: 'admin/daytrade/settings',
  summary: 'Staff: the day-trading terms (the demo market’s daily cut-off)',
  request: z.object({}),
  response: dayTradeSettingsSchema,
});

export const adminDayTradeSettingsSaveCall = defineCall({
  policy: adminPolicies.daytradeSettingsSave,
  path: 'admin/daytrade/settings/save',
  summary: 'Staff: set the demo market’s daily day-trade cut-off, HH:MM JST (audited, with a reason)',
  request: z.object({
    demoCutOff: z
      .string({ error: errorKeys.daytrade.cutOffInvalid })
      .trim()
      .regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: errorKeys.daytrade.cutOffInvalid }),
    reason: reasonField,
  }),
  response: dayTradeSettingsSchema,
});
