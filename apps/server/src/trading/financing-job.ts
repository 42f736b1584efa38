import type { Database } from '@kabuto/db/database';
import { money, toWire } from '@kabuto/domain/money';
import { sessionDate } from '@kabuto/domain/market/trading-session';
import { dailyFinancing } from '@kabuto/domain/trading/financing';
import { borrowedPart, notionalOf } from '@kabuto/domain/trading/margin';
import { financingLines } from '@kabuto/domain/trading/settlement';
import { errorKeys } from '@kabuto/contracts/errors';
import { ledgerReasons, post } from '../ledger/public.ts';
import type { JobDefinition } from '../platform/public.ts';
import { lockPosition } from './position-row.ts';
import { announce } from './position-moves.ts';

/**
 * Issue 18: leverage above 1 borrows the rest, and each holding position opened before today pays one day's
 * financing (long) or stock lending (short) on the borrowed part, at the rate it opened on. Leader-only, daily at
 * 00:10 JST; `financed_through` makes it once per position per day, however often it runs.
 */
export function financingJob(db: Database, afterCommit?: () => void): JobDefinition {
  return {
    name: 'trade.financing',
    schedule: { jstDailyAt: { hour: 0, minute: 10 } },
    run: async (now) => {
      const today = sessionDate(now);
      const due = await db.query<{ order_no: string }>(
        `SELECT order_no FROM trade_positions WHERE status = 'holding' AND leverage > 1
            AND opened_at < ($1::date::timestamp AT TIME ZONE 'Asia/Tokyo')
            AND (financed_through IS NULL OR financed_through < $1::date) ORDER BY order_no`,
        [today],
      );
      let charged = 0;
      for (const { order_no } of due) {
        const done = await db.transaction(async (tx) => {
          const r = await lockPosition(tx, { orderNo: order_no });
          if (!r || r.status !== 'holding') return false;
          const [again] = await tx.query<{ due: boolean }>(
            `SELECT financed_through IS NULL OR financed_through < $2::date AS due FROM trade_positions WHERE id = $1`,
            [r.id, today],
          );
          if (!again?.due) return false;
          const borrowed = borrowedPart(notionalOf(r.open_price as string, r.quantity), money(r.margin));
          const rate = r.financing_rate;
          const charge = dailyFinancing(r.side, borrowed, { longAnnualRate: rate, shortAnnualRate: rate });
          if (charge.gt(0)) {
            const [acct] = await tx.query<{ balance: string }>(
              `SELECT balance::text AS balance FROM ledger_accounts WHERE member_id = $1 AND book = 'available' AND currency = 'JPY' FOR UPDATE`,
              [r.member_id],
            );
            const fin = financingLines(r.member_id, charge, money(acct?.balance ?? '0'));
            await post(
              tx,
              {
                kind: 'trade_financing',
                reason: ledgerReasons.tradeFinancing,
                refType: 'trade',
                refId: r.order_no,
                at: now,
                lines: fin.lines,
              },
              errorKeys.funds.insufficientBalance,
            );
            await tx.query(
              `UPDATE trade_positions SET financing = financing + $2, added_margin = added_margin - $3 WHERE id = $1`,
              [r.id, toWire(charge), toWire(fin.fromMargin)],
            );
            // Its margin-call price moves when the margin paid part of the charge.
            await announce(tx, r, 'holding', null, now);
          }
          await tx.query(`UPDATE trade_positions SET financed_through = $2::date WHERE id = $1`, [r.id, today]);
          return charge.gt(0);
        });
        if (done) charged++;
      }
      if (charged > 0) afterCommit?.();
      return `${charged} positions charged financing for ${today}`;
    },
  };
}
