import { realNameStatusCall, realNameSubmitCall } from '@kabuto/contracts/funds/real-name';
import { adminRealNameListCall } from '@kabuto/contracts/admin/reviews';
import { successKeys } from '@kabuto/contracts/errors';
import { memberPolicy, staffPolicy } from '../http/policy.ts';
import { route, type Route } from '../http/route.ts';
import type { RealNameService } from './real-name.service.ts';

export function realNameRoutes(realName: RealNameService): Route[] {
  return [
    route({ call: realNameStatusCall, policy: memberPolicy, handler: ({ principal }) => realName.status(principal.memberId) }),
    route({ call: realNameSubmitCall, policy: memberPolicy, success: successKeys.submitted, handler: ({ principal, body }) => realName.submit(principal.memberId, body) }),
    route({ call: adminRealNameListCall, policy: staffPolicy('reviewer', 'admin', 'auditor'), handler: ({ body }) => realName.list(body) }),
  ];
}
