import { successKeys } from '@kabuto/contracts/errors';
import {
  adminIpoCancelCall,
  adminIpoCreateCall,
  adminIpoGrabWindowCall,
  adminIpoListCall,
  allotmentsCall,
  ipoDetailCall,
  ipoDrawCall,
  ipoGrabCall,
  ipoGrabOrderCall,
  ipoListCall,
  ipoPayCall,
  ipoRecordsCall,
  ipoSubscribeCall,
} from '@kabuto/contracts/ipo/offerings';
import { asStaff, route, type Route } from '../http/public.ts';
import type { IpoService } from './ipo.service.ts';

export function ipoRoutes(s: IpoService): Route[] {
  return [
    route({ call: ipoListCall, handler: ({ principal }) => s.list(principal) }),
    route({ call: ipoDetailCall, handler: ({ principal, body }) => s.detail(principal, body.id) }),
    route({ call: ipoDrawCall, handler: ({ principal, body }) => s.draw(principal, body.id) }),
    route({ call: ipoGrabOrderCall, handler: ({ body }) => s.grabOrder(body.id) }),
    route({
      call: ipoGrabCall,
      success: successKeys.grabbed,
      idempotent: { recover: (principal, key) => s.byGrabKey(principal, key) },
      handler: ({ principal, body, requestId, idempotencyKey }) =>
        s.grab(principal, body.id, idempotencyKey, requestId),
    }),
    route({ call: ipoRecordsCall, handler: ({ principal }) => s.records(principal) }),
    route({ call: allotmentsCall, handler: ({ principal }) => s.allotments(principal) }),
    route({
      call: ipoSubscribeCall,
      success: successKeys.subscribed,
      idempotent: { recover: (principal, key) => s.bySubscribeKey(principal, key) },
      handler: ({ principal, body, requestId, idempotencyKey }) =>
        s.subscribe(principal, body, idempotencyKey, requestId),
    }),
    route({
      call: ipoPayCall,
      success: successKeys.paid,
      idempotent: { recover: (principal, key) => s.byPayKey(principal, key) },
      handler: ({ principal, body, requestId, idempotencyKey }) => s.pay(principal, body, idempotencyKey, requestId),
    }),
    route({ call: adminIpoListCall, handler: () => s.adminList() }),
    route({
      call: adminIpoCreateCall,
      success: successKeys.offeringSaved,
      handler: ({ principal, body, requestId }) => s.create(asStaff(principal), body, requestId),
    }),
    route({
      call: adminIpoGrabWindowCall,
      success: successKeys.saved,
      handler: ({ principal, body, requestId }) => s.setGrabWindow(asStaff(principal), body, requestId),
    }),
    route({
      call: adminIpoCancelCall,
      success: successKeys.saved,
      handler: ({ principal, body, requestId }) => s.cancel(asStaff(principal), body, requestId),
    }),
  ];
}
