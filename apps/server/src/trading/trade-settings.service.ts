import type { Database } from '@kabuto/db/database';
import type { SessionProfile } from '@kabuto/domain/market/trading-session';
import { errorKeys } from '@kabuto/contracts/errors';
import type { ResponseOf } from '@kabuto/contracts/call';
import type { adminTradeSettingsCall } from '@kabuto/contracts/admin/trade';
import { refuse } from '../errors/public.ts';
import type { StaffPrincipal } from '../http/public.ts';
import type { Clock } from '../clock.ts';
import { recordAudit } from '../audit/public.ts';
import { announceChange } from '../platform/public.ts';
import type { TradingReads } from './trading-reads.ts';
import { allProductRules, currentTerms, termsToWire, termsFromWire, type TermsWire } from './trading-terms.ts';

/**
 * Staff set product terms (promise 3): the fee schedule, leverage set, maintenance ratio and financing rates, and
 * per-product sale rules — each change audited with its reason. Open positions keep the terms they opened on.
 */
export function tradeSettingsService(deps: {
  db: Database;
  clock: Clock;
  profile: SessionProfile;
  /** What orders read in the process: forgotten after a change (and in every other process, through the outbox). */
  reads: TradingReads;
  afterCommit?: () => void;
}) {
  const { db, clock } = deps;

  async function read(): Promise<ResponseOf<typeof adminTradeSettingsCall>> {
    const t = await currentTerms(db, deps.profile);
    return {
      terms: termsToWire(t.terms),
      products: (await allProductRules(db)).map((r) => ({
        symbol: r.symbol,
        sameDayBan: r.sameDayBan,
        tPlusOneBan: r.tPlusOneBan,
        minHoldingMinutes: r.minHoldingMinutes,
        lockUpUntil: r.lockUpUntil,
      })),
      changedAt: t.changedAt ? new Date(t.changedAt).toISOString() : null,
      changedBy: t.changedBy,
    };
  }

  return {
    read,

    async saveTerms(staff: StaffPrincipal, body: TermsWire & { reason: string }, requestId: string) {
      const now = clock.now();
      const { reason, ...wire } = body;
      const terms = termsToWire(termsFromWire({ ...wire, leverages: [...new Set(wire.leverages)] }));
      await db.transaction(async (tx) => {
        await tx.query(
          `INSERT INTO trade_terms (id, terms, changed_by, changed_at) VALUES (1, $1::jsonb, $2, $3)
           ON CONFLICT (id) DO UPDATE SET terms = EXCLUDED.terms, changed_by = EXCLUDED.changed_by, changed_at = EXCLUDED.changed_at`,
          [JSON.stringify(terms), staff.memberId, now],
        );
        await recordAudit(
          tx,
          {
            actorId: staff.memberId,
            actorRole: staff.role,
            action: 'trade.termsSave',
            target: 'terms',
            reason,
            requestId,
          },
          now,
        );
        await announceChange(tx, 'trade.terms', now);
      });
      deps.reads.forget('trade.terms');
      deps.afterCommit?.();
      return read();
    },

    async saveProductRules(
      staff: StaffPrincipal,
      body: {
        symbol: string;
        sameDayBan: boolean;
        tPlusOneBan: boolean;
        minHoldingMinutes: number;
        lockUpUntil: string | null;
        reason: string;
      },
      requestId: string,
    ) {
      const now = clock.now();
      await db.transaction(async (tx) => {
        const [symbol] = await tx.query(`SELECT 1 FROM market_symbols WHERE code = $1`, [body.symbol]);
        if (!symbol) throw refuse(errorKeys.market.unknownSymbol);
        await tx.query(
          `INSERT INTO trade_product_rules (symbol, same_day_ban, t_plus_one_ban, min_holding_minutes, lock_up_until, changed_by, changed_at)
           VALUES ($1, $2, $3, $4, $5, $6, $7)
           ON CONFLICT (symbol) DO UPDATE SET same_day_ban = EXCLUDED.same_day_ban, t_plus_one_ban = EXCLUDED.t_plus_one_ban,
             min_holding_minutes = EXCLUDED.min_holding_minutes, lock_up_until = EXCLUDED.lock_up_until,
             changed_by = EXCLUDED.changed_by, changed_at = EXCLUDED.changed_at`,
          [
            body.symbol,
            body.sameDayBan,
            body.tPlusOneBan,
            body.minHoldingMinutes,
            body.lockUpUntil,
            staff.memberId,
            now,
          ],
        );
        await recordAudit(
          tx,
          {
            actorId: staff.memberId,
            actorRole: staff.role,
            action: 'trade.productRulesSave',
            target: body.symbol,
            reason: body.reason,
            requestId,
          },
          now,
        );
        await announceChange(tx, 'trade.saleRules', now);
      });
      deps.reads.forget('trade.saleRules');
      deps.afterCommit?.();
      return read();
    },
  };
}
export type TradeSettingsService = ReturnType<typeof tradeSettingsService>;
