import {
  adminDepositsDecideCall,
  adminQueueCountsCall,
  adminRealNameDecideCall,
  adminWithdrawalsDecideCall,
} from '@kabuto/contracts/admin/reviews';
import { adminSeatDecideCall } from '@kabuto/contracts/seats/seat-accounts';
import { successKeys } from '@kabuto/contracts/errors';
import { asStaff } from '../http/public.ts';
import { route, type Route } from '../http/public.ts';
import type { ReviewKind } from './review-kind.ts';
import type { ReviewsService } from './reviews.service.ts';

export interface ReviewKinds {
  realName: ReviewKind;
  deposits: ReviewKind;
  withdrawals: ReviewKind;
  seats: ReviewKind;
  blocks: ReviewKind;
  loans: ReviewKind;
  daytrade: ReviewKind;
}

/** Every kind's decision goes through the one lifecycle; the queue counts are one query over all kinds. */
export function reviewRoutes(reviews: ReviewsService, kinds: ReviewKinds): Route[] {
  const decide =
    (kind: ReviewKind) =>
    ({
      principal,
      body,
      requestId,
    }: {
      principal: Parameters<typeof asStaff>[0];
      body: { id: string; decision: 'approve' | 'reject'; reason: string };
      requestId: string;
    }) =>
      reviews.decide(kind, asStaff(principal), body, requestId);
  return [
    route({ call: adminRealNameDecideCall, success: successKeys.decided, handler: decide(kinds.realName) }),
    route({ call: adminDepositsDecideCall, success: successKeys.decided, handler: decide(kinds.deposits) }),
    route({ call: adminWithdrawalsDecideCall, success: successKeys.decided, handler: decide(kinds.withdrawals) }),
    route({ call: adminSeatDecideCall, success: successKeys.decided, handler: decide(kinds.seats) }),
    route({
      call: adminQueueCountsCall,
      handler: async () => {
        const counts = await reviews.pendingCounts([
          kinds.realName,
          kinds.deposits,
          kinds.withdrawals,
          kinds.seats,
          kinds.blocks,
          kinds.loans,
          kinds.daytrade,
        ]);
        return {
          realName: counts[kinds.realName.name] ?? 0,
          deposits: counts[kinds.deposits.name] ?? 0,
          withdrawals: counts[kinds.withdrawals.name] ?? 0,
          seats: counts[kinds.seats.name] ?? 0,
          blocks: counts[kinds.blocks.name] ?? 0,
          loans: counts[kinds.loans.name] ?? 0,
          daytrade: counts[kinds.daytrade.name] ?? 0,
        };
      },
    }),
  ];
}
