import type { Database } from '@kabuto/db/database';
import { reconcile } from '@kabuto/db/ledger';
import { successKeys } from '@kabuto/contracts/errors';
import { assetsCall } from '@kabuto/contracts/funds/assets';
import { depositCreateCall } from '@kabuto/contracts/funds/deposits';
import { withdrawCreateCall, withdrawInfoCall } from '@kabuto/contracts/funds/withdrawals';
import { exchangeCreateCall, exchangeQuoteCall } from '@kabuto/contracts/funds/exchange';
import { fundRecordsCall, timelineCall } from '@kabuto/contracts/funds/records';
import { adminDepositsListCall, adminWithdrawalsListCall } from '@kabuto/contracts/admin/reviews';
import { adminReconciliationCall } from '@kabuto/contracts/admin/settings';
import { route, type Route } from '../http/public.ts';
import type { Clock } from '../clock.ts';
import type { depositService } from './deposit.service.ts';
import type { withdrawalService } from './withdrawal.service.ts';
import type { exchangeService } from './exchange.service.ts';
import type { recordsService } from './records.service.ts';
import type { fundReviewQueries } from './fund-reviews.service.ts';

export interface FundServices {
  db: Database;
  clock: Clock;
  deposits: ReturnType<typeof depositService>;
  withdrawals: ReturnType<typeof withdrawalService>;
  exchange: ReturnType<typeof exchangeService>;
  records: ReturnType<typeof recordsService>;
  reviews: ReturnType<typeof fundReviewQueries>;
}

export function fundRoutes(s: FundServices): Route[] {
  return [
    route({ call: assetsCall, handler: ({ principal }) => s.records.assets(principal) }),
    route({
      call: depositCreateCall,
      success: successKeys.deposit,
      idempotent: { recover: (principal, key) => s.deposits.byClientKey(principal, key) },
      handler: ({ principal, body, idempotencyKey }) => s.deposits.create(principal, body, idempotencyKey),
    }),
    route({ call: withdrawInfoCall, handler: ({ principal }) => s.withdrawals.info(principal) }),
    route({
      call: withdrawCreateCall,
      success: successKeys.withdraw,
      idempotent: { recover: (principal, key) => s.withdrawals.byClientKey(principal, key) },
      handler: ({ principal, body, requestId, idempotencyKey }) =>
        s.withdrawals.create(principal, body, requestId, idempotencyKey),
    }),
    route({ call: exchangeQuoteCall, handler: ({ principal, body }) => s.exchange.quote(principal, body) }),
    route({
      call: exchangeCreateCall,
      success: successKeys.exchange,
      idempotent: { recover: (principal, key) => s.exchange.byClientKey(principal, key) },
      handler: ({ principal, body, requestId, idempotencyKey }) =>
        s.exchange.create(principal, body, requestId, idempotencyKey),
    }),
    route({ call: fundRecordsCall, handler: ({ principal, body }) => s.records.fundRecords(principal, body) }),
    route({ call: timelineCall, handler: ({ principal, body }) => s.records.timeline(principal, body) }),
    route({ call: adminDepositsListCall, handler: ({ body }) => s.reviews.deposits(body) }),
    route({ call: adminWithdrawalsListCall, handler: ({ body }) => s.reviews.withdrawals(body) }),
    route({
      call: adminReconciliationCall,
      handler: async () => ({ ...(await reconcile(s.db)), checkedAt: s.clock.now().toISOString() }),
    }),
  ];
}
