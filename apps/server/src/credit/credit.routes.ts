import type { Database } from '@kabuto/db/database';
import { creditScoreCall } from '@kabuto/contracts/funds/withdrawals';
import { memberPolicy } from '../http/policy.ts';
import { route, type Route } from '../http/route.ts';
import { creditReport } from './credit-score.service.ts';

export function creditRoutes(db: Database): Route[] {
  return [route({ call: creditScoreCall, policy: memberPolicy, handler: ({ principal }) => creditReport(db, principal.memberId) })];
}
