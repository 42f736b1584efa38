import type { RequestOf, ResponseOf } from '@kabuto/contracts/call';
import type {
  adminLiftRestrictionCall,
  adminMemberDetailCall,
  adminMemberSearchCall,
  adminRestrictCall,
} from '@kabuto/contracts/admin/members';
import type {
  adminDepositsDecideCall,
  adminDepositsListCall,
  adminQueueCountsCall,
  adminRealNameDecideCall,
  adminRealNameListCall,
  adminWithdrawalsDecideCall,
  adminWithdrawalsListCall,
} from '@kabuto/contracts/admin/reviews';
import type {
  adminChannelSaveCall,
  adminChannelsListCall,
  adminReconciliationCall,
  adminWithdrawalLimitsGetCall,
  adminWithdrawalLimitsSaveCall,
} from '@kabuto/contracts/admin/settings';
import type { adminSeatDecideCall, adminSeatListCall } from '@kabuto/contracts/seats/seat-accounts';
import type { adminBlockApplicationsCall, adminBlockDecideCall } from '@kabuto/contracts/block/block-trades';
import type { adminLoanApplicationsCall, adminLoanDecideCall } from '@kabuto/contracts/loans/loans';
import type { adminTwoFactorResetCall, adminTwoFactorStatusCall } from '@kabuto/contracts/security/two-factor';
import { api } from '../../../shared/api/api.ts';
import { callRef } from '../../../shared/api/call-ref.ts';

// Paths only at run time (types through `import type`), so the web app never downloads zod.
const adminLiftRestrictionRef = callRef<typeof adminLiftRestrictionCall>('admin/members/lift');
const adminMemberDetailRef = callRef<typeof adminMemberDetailCall>('admin/members/detail');
const adminMemberSearchRef = callRef<typeof adminMemberSearchCall>('admin/members/search');
const adminRestrictRef = callRef<typeof adminRestrictCall>('admin/members/restrict');
const adminTwoFactorRef = callRef<typeof adminTwoFactorStatusCall>('admin/members/twoFactor');
const adminTwoFactorResetRef = callRef<typeof adminTwoFactorResetCall>('admin/members/twoFactorReset');
const adminDepositsDecideRef = callRef<typeof adminDepositsDecideCall>('admin/deposits/decide');
const adminDepositsListRef = callRef<typeof adminDepositsListCall>('admin/deposits/list');
const adminQueueCountsRef = callRef<typeof adminQueueCountsCall>('admin/queues/counts');
const adminRealNameDecideRef = callRef<typeof adminRealNameDecideCall>('admin/realName/decide');
const adminRealNameListRef = callRef<typeof adminRealNameListCall>('admin/realName/list');
const adminWithdrawalsDecideRef = callRef<typeof adminWithdrawalsDecideCall>('admin/withdrawals/decide');
const adminWithdrawalsListRef = callRef<typeof adminWithdrawalsListCall>('admin/withdrawals/list');
const adminSeatListRef = callRef<typeof adminSeatListCall>('admin/seat/list');
const adminSeatDecideRef = callRef<typeof adminSeatDecideCall>('admin/seat/decide');
const adminBlockApplicationsRef = callRef<typeof adminBlockApplicationsCall>('admin/block/applications');
const adminBlockDecideRef = callRef<typeof adminBlockDecideCall>('admin/block/decide');
const adminLoanApplicationsRef = callRef<typeof adminLoanApplicationsCall>('admin/loan/applications');
const adminLoanDecideRef = callRef<typeof adminLoanDecideCall>('admin/loan/decide');
const adminChannelSaveRef = callRef<typeof adminChannelSaveCall>('admin/channels/save');
const adminChannelsListRef = callRef<typeof adminChannelsListCall>('admin/channels/list');
const adminReconciliationRef = callRef<typeof adminReconciliationCall>('admin/reconciliation');
const adminWithdrawalLimitsGetRef = callRef<typeof adminWithdrawalLimitsGetCall>('admin/withdrawalLimits/get');
const adminWithdrawalLimitsSaveRef = callRef<typeof adminWithdrawalLimitsSaveCall>('admin/withdrawalLimits/save');

type Signal = AbortSignal | undefined;
const opts = (signal: Signal) => (signal ? { signal } : {});

export type QueueCounts = ResponseOf<typeof adminQueueCountsCall>;
export type ReviewListRequest = RequestOf<typeof adminRealNameListCall>;
export type DecideRequest = RequestOf<typeof adminRealNameDecideCall>;
export type RealNameReview = ResponseOf<typeof adminRealNameListCall>['items'][number];
export type DepositReview = ResponseOf<typeof adminDepositsListCall>['items'][number];
export type WithdrawalReview = ResponseOf<typeof adminWithdrawalsListCall>['items'][number];
export type SeatReview = ResponseOf<typeof adminSeatListCall>['items'][number];
export type BlockReview = ResponseOf<typeof adminBlockApplicationsCall>['items'][number];
export type LoanReview = ResponseOf<typeof adminLoanApplicationsCall>['items'][number];
export type MemberSummary = ResponseOf<typeof adminMemberSearchCall>[number];
export type MemberDetail = ResponseOf<typeof adminMemberDetailCall>;
export type RestrictRequest = RequestOf<typeof adminRestrictCall>;
export type AdminChannel = ResponseOf<typeof adminChannelsListCall>[number];
export type ChannelSaveRequest = RequestOf<typeof adminChannelSaveCall>;
export type WithdrawalLimits = ResponseOf<typeof adminWithdrawalLimitsGetCall>;
export type WithdrawalLimitsRequest = RequestOf<typeof adminWithdrawalLimitsSaveCall>;
export type Reconciliation = ResponseOf<typeof adminReconciliationCall>;

export const adminKeys = {
  counts: [adminQueueCountsRef.path],
  realName: [adminRealNameListRef.path],
  deposits: [adminDepositsListRef.path],
  withdrawals: [adminWithdrawalsListRef.path],
  seats: [adminSeatListRef.path],
  block: [adminBlockApplicationsRef.path],
  loan: [adminLoanApplicationsRef.path],
  daytrade: ['admin/daytrade/applications'],
  memberSearch: [adminMemberSearchRef.path],
  memberDetail: [adminMemberDetailRef.path],
  memberTwoFactor: [adminTwoFactorRef.path],
  channels: [adminChannelsListRef.path],
  limits: [adminWithdrawalLimitsGetRef.path],
  reconciliation: [adminReconciliationRef.path],
} as const;

export const fetchQueueCounts = (signal: Signal) => api.call(adminQueueCountsRef, {}, opts(signal));

export const reviewCalls = {
  realName: {
    list: (body: ReviewListRequest, signal: Signal) => api.call(adminRealNameListRef, body, opts(signal)),
    decide: (body: DecideRequest) => api.call(adminRealNameDecideRef, body),
  },
  deposits: {
    list: (body: ReviewListRequest, signal: Signal) => api.call(adminDepositsListRef, body, opts(signal)),
    decide: (body: DecideRequest) => api.call(adminDepositsDecideRef, body),
  },
  withdrawals: {
    list: (body: ReviewListRequest, signal: Signal) => api.call(adminWithdrawalsListRef, body, opts(signal)),
    decide: (body: DecideRequest) => api.call(adminWithdrawalsDecideRef, body),
  },
  seats: {
    list: (body: ReviewListRequest, signal: Signal) => api.call(adminSeatListRef, body, opts(signal)),
    decide: (body: DecideRequest) => api.call(adminSeatDecideRef, body),
  },
  block: {
    list: (body: ReviewListRequest, signal: Signal) => api.call(adminBlockApplicationsRef, body, opts(signal)),
    decide: (body: DecideRequest) => api.call(adminBlockDecideRef, body),
  },
  loan: {
    list: (body: ReviewListRequest, signal: Signal) => api.call(adminLoanApplicationsRef, body, opts(signal)),
    decide: (body: DecideRequest) => api.call(adminLoanDecideRef, body),
  },
} as const;

export const searchMembers = (q: string, signal: Signal) => api.call(adminMemberSearchRef, { q }, opts(signal));
export const fetchMemberDetail = (memberId: string, signal: Signal) =>
  api.call(adminMemberDetailRef, { memberId }, opts(signal));
export const restrictMember = (body: RestrictRequest) => api.call(adminRestrictRef, body);
export const liftRestriction = (body: RestrictRequest) => api.call(adminLiftRestrictionRef, body);
export const fetchMemberTwoFactor = (memberId: string, signal: Signal) =>
  api.call(adminTwoFactorRef, { memberId }, opts(signal));
export const resetMemberTwoFactor = (body: RequestOf<typeof adminTwoFactorResetCall>) =>
  api.call(adminTwoFactorResetRef, body);

export const fetchChannels = (signal: Signal) => api.call(adminChannelsListRef, {}, opts(signal));
export const saveChannel = (body: ChannelSaveRequest) => api.call(adminChannelSaveRef, body);
export const fetchWithdrawalLimits = (signal: Signal) => api.call(adminWithdrawalLimitsGetRef, {}, opts(signal));
export const saveWithdrawalLimits = (body: WithdrawalLimitsRequest) => api.call(adminWithdrawalLimitsSaveRef, body);

export const fetchReconciliation = (signal: Signal) => api.call(adminReconciliationRef, {}, opts(signal));
