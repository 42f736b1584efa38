import { successKeys } from '@kabuto/contracts/errors';
import {
  adminCopyCloseCall,
  adminCopyLeadCall,
  adminCopyListCall,
  adminCopyPublishCall,
  copyFollowCall,
  copyFollowDetailCall,
  copyFollowsCall,
  copyStopCall,
  copyStrategiesCall,
  copyStrategyCall,
} from '@kabuto/contracts/copy/copy-trading';
import { asStaff, route, type Route } from '../http/public.ts';
import type { CopyService } from './copy.service.ts';

export function copyRoutes(s: CopyService): Route[] {
  return [
    route({ call: copyStrategiesCall, handler: () => s.strategies() }),
    route({ call: copyStrategyCall, handler: ({ principal, body }) => s.strategy(principal, body.id) }),
    route({
      call: copyFollowCall,
      success: successKeys.followed,
      idempotent: { recover: (principal, key) => s.byClientKey(principal, key) },
      handler: ({ principal, body, requestId, idempotencyKey }) => s.follow(principal, body, idempotencyKey, requestId),
    }),
    route({
      call: copyStopCall,
      success: successKeys.followStopped,
      idempotent: { recover: (principal, key) => s.byStopKey(principal, key) },
      handler: ({ principal, body, idempotencyKey }) => s.stop(principal, body.id, idempotencyKey),
    }),
    route({ call: copyFollowsCall, handler: ({ principal, body }) => s.follows(principal, body) }),
    route({ call: copyFollowDetailCall, handler: ({ principal, body }) => s.one(principal, body.id) }),
    route({ call: adminCopyListCall, handler: () => s.adminList() }),
    route({
      call: adminCopyLeadCall,
      success: successKeys.saved,
      handler: ({ principal, body, requestId }) => s.setLead(asStaff(principal), body, requestId),
    }),
    route({
      call: adminCopyPublishCall,
      success: successKeys.saved,
      handler: ({ principal, body, requestId }) => s.publish(asStaff(principal), body, requestId),
    }),
    route({
      call: adminCopyCloseCall,
      success: successKeys.saved,
      handler: ({ principal, body, requestId }) => s.close(asStaff(principal), body, requestId),
    }),
  ];
}
