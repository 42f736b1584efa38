import { z } from 'zod';
import { defineCall } from '../call.ts';
import { errorKeys } from '../errors.ts';
import { idField, reasonField, restrictionKinds } from '../fields.ts';
import { balanceSchema } from '../funds/assets.ts';
import { timelineEntrySchema } from '../funds/records.ts';
import { adminPolicies } from './policies.ts';

export const memberSummarySchema = z.object({
  memberId: z.string(),
  account: z.string(),
  realName: z.string().nullable(),
  realNameStatus: z.string(),
  role: z.string().nullable(),
  createdAt: z.string(),
});

export const adminMemberSearchCall = defineCall({
  policy: adminPolicies.memberSearch,
  path: 'admin/members/search',
  summary: 'Staff: find members by account, name or invitation code',
  request: z.object({ q: z.string().trim().max(64, { error: errorKeys.request.invalid }).default('') }),
  response: z.array(memberSummarySchema),
});

export const restrictionRecordSchema = z.object({
  id: z.string(),
  kind: z.enum(restrictionKinds),
  reason: z.string(),
  setAt: z.string(),
  setBy: z.string().nullable(),
  liftedAt: z.string().nullable(),
  liftReason: z.string().nullable(),
});

export const adminMemberDetailCall = defineCall({
  policy: adminPolicies.memberDetail,
  path: 'admin/members/detail',
  summary: 'Staff: a member’s balances, restrictions, credit score and money timeline',
  request: z.object({ memberId: idField }),
  response: z.object({
    member: memberSummarySchema,
    balances: z.array(balanceSchema),
    restrictions: z.array(restrictionRecordSchema),
    creditScore: z.number().int(),
    timeline: z.array(timelineEntrySchema),
  }),
});

export const adminRestrictCall = defineCall({
  policy: adminPolicies.restrict,
  path: 'admin/members/restrict',
  summary: 'Staff: set a SPEC §6 restriction on a member, with the reason the member will read',
  request: z.object({ memberId: idField, kind: z.enum(restrictionKinds), reason: reasonField }),
  response: z.null(),
});

export const adminLiftRestrictionCall = defineCall({
  policy: adminPolicies.liftRestriction,
  path: 'admin/members/lift',
  summary: 'Staff: lift an active restriction, with a reason',
  request: z.object({ memberId: idField, kind: z.enum(restrictionKinds), reason: reasonField }),
  response: z.null(),
});
