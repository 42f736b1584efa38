import type { RequestOf, ResponseOf } from '@kabuto/contracts/call';
import { adminLiftRestrictionCall, adminMemberDetailCall, adminMemberSearchCall, adminRestrictCall } from '@kabuto/contracts/admin/members';
import {
  adminDepositsDecideCall,
  adminDepositsListCall,
  adminQueueCountsCall,
  adminRealNameDecideCall,
  adminRealNameListCall,
  adminWithdrawalsDecideCall,
  adminWithdrawalsListCall,
} from '@kabuto/contracts/admin/reviews';
import {
  adminChannelSaveCall,
  adminChannelsListCall,
  adminReconciliationCall,
  adminWithdrawalLimitsGetCall,
  adminWithdrawalLimitsSaveCall,
} from '@kabuto/contracts/admin/settings';
import { api } from '../../../shared/api/api.ts';

type Signal = AbortSignal | undefined;
const opts = (signal: Signal) => (signal ? { signal } : {});

export type QueueCounts = ResponseOf<typeof adminQueueCountsCall>;
export type ReviewListRequest = RequestOf<typeof adminRealNameListCall>;
export type DecideRequest = RequestOf<typeof adminRealNameDecideCall>;
export type RealNameReview = ResponseOf<typeof adminRealNameListCall>['items'][number];
export type DepositReview = ResponseOf<typeof adminDepositsListCall>['items'][number];
export type WithdrawalReview = ResponseOf<typeof adminWithdrawalsListCall>['items'][number];
export type MemberSummary = ResponseOf<typeof adminMemberSearchCall>[number];
export type MemberDetail = ResponseOf<typeof adminMemberDetailCall>;
export type RestrictRequest = RequestOf<typeof adminRestrictCall>;
export type AdminChannel = ResponseOf<typeof adminChannelsListCall>[number];
export type ChannelSaveRequest = RequestOf<typeof adminChannelSaveCall>;
export type WithdrawalLimits = ResponseOf<typeof adminWithdrawalLimitsGetCall>;
export type WithdrawalLimitsRequest = RequestOf<typeof adminWithdrawalLimitsSaveCall>;
export type Reconciliation = ResponseOf<typeof adminReconciliationCall>;

export const adminKeys = {
  counts: [adminQueueCountsCall.path],
  realName: [adminRealNameListCall.path],
  deposits: [adminDepositsListCall.path],
  withdrawals: [adminWithdrawalsListCall.path],
  memberSearch: [adminMemberSearchCall.path],
  memberDetail: [adminMemberDetailCall.path],
  channels: [adminChannelsListCall.path],
  limits: [adminWithdrawalLimitsGetCall.path],
  reconciliation: [adminReconciliationCall.path],
} as const;

export const fetchQueueCounts = (signal: Signal) => api.call(adminQueueCountsCall, {}, opts(signal));

export const reviewCalls = {
  realName: {
    list: (body: ReviewListRequest, signal: Signal) => api.call(adminRealNameListCall, body, opts(signal)),
    decide: (body: DecideRequest) => api.call(adminRealNameDecideCall, body),
  },
  deposits: {
    list: (body: ReviewListRequest, signal: Signal) => api.call(adminDepositsListCall, body, opts(signal)),
    decide: (body: DecideRequest) => api.call(adminDepositsDecideCall, body),
  },
  withdrawals: {
    list: (body: ReviewListRequest, signal: Signal) => api.call(adminWithdrawalsListCall, body, opts(signal)),
    decide: (body: DecideRequest) => api.call(adminWithdrawalsDecideCall, body),
  },
} as const;

export const searchMembers = (q: string, signal: Signal) => api.call(adminMemberSearchCall, { q }, opts(signal));
export const fetchMemberDetail = (memberId: string, signal: Signal) => api.call(adminMemberDetailCall, { memberId }, opts(signal));
export const restrictMember = (body: RestrictRequest) => api.call(adminRestrictCall, body);
export const liftRestriction = (body: RestrictRequest) => api.call(adminLiftRestrictionCall, body);

export const fetchChannels = (signal: Signal) => api.call(adminChannelsListCall, {}, opts(signal));
export const saveChannel = (body: ChannelSaveRequest) => api.call(adminChannelSaveCall, body);
export const fetchWithdrawalLimits = (signal: Signal) => api.call(adminWithdrawalLimitsGetCall, {}, opts(signal));
export const saveWithdrawalLimits = (body: WithdrawalLimitsRequest) => api.call(adminWithdrawalLimitsSaveCall, body);

export const fetchReconciliation = (signal: Signal) => api.call(adminReconciliationCall, {}, opts(signal));
