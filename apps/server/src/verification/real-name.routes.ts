import { realNameStatusCall, realNameSubmitCall } from '@kabuto/contracts/funds/real-name';
import { adminRealNameListCall } from '@kabuto/contracts/admin/reviews';
import { successKeys } from '@kabuto/contracts/errors';
import { route, type Route } from '../http/public.ts';
import type { RealNameService } from './real-name.service.ts';

export function realNameRoutes(realName: RealNameService): Route[] {
  return [
    route({ call: realNameStatusCall, handler: ({ principal }) => realName.status(principal.memberId) }),
    route({
      call: realNameSubmitCall,
      success: successKeys.submitted,
      handler: ({ principal, body }) => realName.submit(principal.memberId, body),
    }),
    route({ call: adminRealNameListCall, handler: ({ body }) => realName.list(body) }),
  ];
}
