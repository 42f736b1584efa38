import { successKeys } from '@kabuto/contracts/errors';
import { adminSeatListCall, seatApplyCall, seatStatusCall } from '@kabuto/contracts/seats/seat-accounts';
import { route, type Route } from '../http/public.ts';
import type { SeatService } from './seat.service.ts';

export function seatRoutes(s: SeatService): Route[] {
  return [
    route({ call: seatStatusCall, handler: ({ principal }) => s.status(principal) }),
    route({
      call: seatApplyCall,
      success: successKeys.submitted,
      idempotent: { recover: (principal, key) => s.byClientKey(principal, key) },
      handler: ({ principal, idempotencyKey }) => s.apply(principal, idempotencyKey),
    }),
    route({ call: adminSeatListCall, handler: ({ body }) => s.list(body) }),
  ];
}
