import { z } from 'zod';
import { defineCall } from '../call.ts';
import { decisionField, idField, moneyString, pageFields, reasonField, reviewStatus } from '../fields.ts';
import { adminPolicies } from './policies.ts';

const listRequest = z.object({ status: reviewStatus.default('pending'), ...pageFields });
const decideRequest = z.object({ id: idField, decision: decisionField, reason: reasonField });

/** What a decision did: final (approved / rejected) or a first approval waiting for a second reviewer. */
export const decisionResultSchema = z.object({
  status: reviewStatus,
  approvals: z.number().int(),
  approvalsRequired: z.number().int(),
});

// Four eyes (issue 6): how many approvals an item has and needs; the queue shows who may still decide.
const approvalFields = {
  approvals: z.number().int(),
  approvalsRequired: z.number().int(),
  approvedBy: z.array(z.string()),
};

export const realNameReviewSchema = z.object({
  id: z.string(),
  memberId: z.string(),
  account: z.string(),
  realName: z.string(),
  idNumber: z.string(),
  frontImageId: z.string(),
  backImageId: z.string(),
  status: reviewStatus,
  reason: z.string(),
  submittedAt: z.string(),
  decidedAt: z.string().nullable(),
  ...approvalFields,
});

export const adminRealNameListCall = defineCall({
  policy: adminPolicies.realNameList,
  path: 'admin/realName/list',
  summary: 'Staff: real-name submissions by status',
  request: listRequest,
  response: z.object({ items: z.array(realNameReviewSchema), total: z.number().int() }),
});

export const adminRealNameDecideCall = defineCall({
  policy: adminPolicies.realNameDecide,
  path: 'admin/realName/decide',
  summary: 'Staff: approve or reject a real-name submission, with a reason',
  request: decideRequest,
  response: decisionResultSchema,
});

export const depositReviewSchema = z.object({
  id: z.string(),
  orderNo: z.string(),
  memberId: z.string(),
  account: z.string(),
  realName: z.string().nullable(),
  channelName: z.string(),
  currency: z.string(),
  amount: moneyString,
  referenceCode: z.string(),
  receiptImageId: z.string(),
  status: reviewStatus,
  remarks: z.string(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
  ...approvalFields,
});

export const adminDepositsListCall = defineCall({
  policy: adminPolicies.depositsList,
  path: 'admin/deposits/list',
  summary: 'Staff: deposits by status, with receipt and reference code',
  request: listRequest,
  response: z.object({ items: z.array(depositReviewSchema), total: z.number().int() }),
});

export const adminDepositsDecideCall = defineCall({
  policy: adminPolicies.depositsDecide,
  path: 'admin/deposits/decide',
  summary: 'Staff: approve (credit through the ledger) or reject a deposit, with a reason',
  request: decideRequest,
  response: decisionResultSchema,
});

export const withdrawalReviewSchema = z.object({
  id: z.string(),
  orderNo: z.string(),
  memberId: z.string(),
  account: z.string(),
  realName: z.string().nullable(),
  currency: z.string(),
  amount: moneyString,
  bankName: z.string(),
  branchName: z.string(),
  holderName: z.string(),
  cardNumber: z.string(),
  status: reviewStatus,
  remarks: z.string(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
  ...approvalFields,
});

export const adminWithdrawalsListCall = defineCall({
  policy: adminPolicies.withdrawalsList,
  path: 'admin/withdrawals/list',
  summary: 'Staff: withdrawals by status, with the destination card',
  request: listRequest,
  response: z.object({ items: z.array(withdrawalReviewSchema), total: z.number().int() }),
});

export const adminWithdrawalsDecideCall = defineCall({
  policy: adminPolicies.withdrawalsDecide,
  path: 'admin/withdrawals/decide',
  summary: 'Staff: approve (pay out) or reject (return to available) a withdrawal, with a reason',
  request: decideRequest,
  response: decisionResultSchema,
});

export const adminQueueCountsCall = defineCall({
  policy: adminPolicies.queueCounts,
  path: 'admin/queues/counts',
  summary: 'Staff: how many items wait in each review queue',
  request: z.object({}),
  response: z.object({
    realName: z.number().int(),
    deposits: z.number().int(),
    withdrawals: z.number().int(),
    seats: z.number().int(),
    blocks: z.number().int(),
    loans: z.number().int(),
    daytrade: z.number().int(),
  }),
});
