import { z } from 'zod';
import { memberCall } from '../policy.ts';
import { adminPolicies } from '../admin/policies.ts';
import { defineCall } from '../call.ts';
import { decisionField, idField, pageFields, reasonField, reviewStatus } from '../fields.ts';

// Issue 25, SPEC §6 "a seat account exists that a member can apply for": a member applies from the member centre;
// staff approve or reject with a reason through the one review lifecycle; approval gives the member the seat tier,
// which a block-trade product can require.

export const seatStatuses = ['none', 'pending', 'approved', 'rejected'] as const;

export const seatStateSchema = z.object({
  /** none: never applied; pending: waiting for review; approved: the member holds a seat account; rejected. */
  status: z.enum(seatStatuses),
  /** The latest application, when there is one. */
  orderNo: z.string().nullable(),
  appliedAt: z.string().nullable(),
  decidedAt: z.string().nullable(),
  /** Staff's reason for the decision. */
  remarks: z.string(),
});
export type SeatState = z.infer<typeof seatStateSchema>;

export const seatStatusCall = defineCall({
  policy: memberCall,
  path: 'user/seat/status',
  summary: 'The member’s seat account: none, applied (pending review), approved, or rejected with the reason',
  request: z.object({}),
  response: seatStateSchema,
});

export const seatApplyCall = defineCall({
  policy: memberCall,
  path: 'user/seat/apply',
  summary: 'Apply for a seat account (needs a verified real name); it waits for staff review',
  request: z.object({}),
  response: seatStateSchema,
});

export const seatReviewSchema = z.object({
  id: z.string(),
  orderNo: z.string(),
  memberId: z.string(),
  account: z.string(),
  realName: z.string().nullable(),
  status: reviewStatus,
  remarks: z.string(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
  approvals: z.number().int(),
  approvalsRequired: z.number().int(),
  approvedBy: z.array(z.string()),
});

export const adminSeatListCall = defineCall({
  policy: adminPolicies.seatList,
  path: 'admin/seat/list',
  summary: 'Staff: seat-account applications by status',
  request: z.object({ status: reviewStatus.default('pending'), ...pageFields }),
  response: z.object({ items: z.array(seatReviewSchema), total: z.number().int() }),
});

export const adminSeatDecideCall = defineCall({
  policy: adminPolicies.seatDecide,
  path: 'admin/seat/decide',
  summary: 'Staff: approve or reject a seat-account application, with a reason',
  request: z.object({ id: idField, decision: decisionField, reason: reasonField }),
  response: z.object({
    status: reviewStatus,
    approvals: z.number().int(),
    approvalsRequired: z.number().int(),
  }),
});
