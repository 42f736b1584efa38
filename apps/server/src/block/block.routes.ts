import { successKeys } from '@kabuto/contracts/errors';
import {
  adminBlockApplicationsCall,
  adminBlockCreateCall,
  adminBlockDecideCall,
  adminBlockListCall,
  adminBlockWithdrawCall,
  blockApplicationCall,
  blockApplicationsCall,
  blockApplyCall,
  blockDetailCall,
  blockListCall,
} from '@kabuto/contracts/block/block-trades';
import { asStaff, route, type Route } from '../http/public.ts';
import type { ReviewKind, ReviewsService } from '../reviews/public.ts';
import type { BlockService } from './block.service.ts';

export function blockRoutes(s: BlockService, reviews: ReviewsService, kind: ReviewKind): Route[] {
  return [
    route({ call: blockListCall, handler: () => s.list() }),
    route({ call: blockDetailCall, handler: ({ principal, body }) => s.detail(principal, body.id) }),
    route({
      call: blockApplyCall,
      success: successKeys.blockApplied,
      idempotent: { recover: (principal, key) => s.byClientKey(principal, key) },
      handler: ({ principal, body, requestId, idempotencyKey }) => s.apply(principal, body, idempotencyKey, requestId),
    }),
    route({ call: blockApplicationsCall, handler: ({ principal, body }) => s.applications(principal, body) }),
    route({ call: blockApplicationCall, handler: ({ principal, body }) => s.application(principal, body.id) }),
    route({ call: adminBlockListCall, handler: () => s.adminProducts() }),
    route({
      call: adminBlockCreateCall,
      success: successKeys.saved,
      handler: ({ principal, body, requestId }) => s.create(asStaff(principal), body, requestId),
    }),
    route({
      call: adminBlockWithdrawCall,
      success: successKeys.saved,
      handler: ({ principal, body, requestId }) => s.withdraw(asStaff(principal), body, requestId),
    }),
    route({ call: adminBlockApplicationsCall, handler: ({ body }) => s.adminApplications(body) }),
    route({
      call: adminBlockDecideCall,
      success: successKeys.decided,
      handler: ({ principal, body, requestId }) => reviews.decide(kind, asStaff(principal), body, requestId),
    }),
  ];
}
