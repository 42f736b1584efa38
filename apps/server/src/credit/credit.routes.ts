import type { Database } from '@kabuto/db/database';
import { creditScoreCall } from '@kabuto/contracts/funds/withdrawals';
import { route, type Route } from '../http/public.ts';
import { creditReport } from './credit-score.service.ts';

export function creditRoutes(db: Database): Route[] {
  return [route({ call: creditScoreCall, handler: ({ principal }) => creditReport(db, principal.memberId) })];
}
