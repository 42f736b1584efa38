import type { Database } from '@kabuto/db/database';
import { lockEntryAccounts } from '@kabuto/db/ledger';
import { sessionDate } from '@kabuto/domain/market/trading-session';
import { finance } from '@kabuto/domain/trading/decisions';
import { financingDaysDue } from '@kabuto/domain/trading/financing';
import { ledgerReasons } from '../ledger/public.ts';
import type { JobDefinition } from '../platform/public.ts';
import { lockPosition } from './position-row.ts';
import { applyDecision, decided, stateOf } from './position-moves.ts';

/** Every account a financing entry can touch: the member's available and margin, the house's interest. */
const financingAccounts = (memberId: string) =>
  [{ member: memberId, book: 'available' }, { member: memberId, book: 'margin' }, { house: 'interest' }] as const;

/**
 * Issue 18, made exactly-once by issue 24 §2: leverage above 1 borrows the rest, and a holding position pays one
 * day's financing (long) or stock lending (short) on the borrowed part, at the rate it opened on, for every JST day
 * after the day it opened. Leader-only, daily at 00:10 JST. Each run charges every day a position has not paid yet
 * (`financed_through` up to today), in one entry that says which days it covers, so a run that failed or was missed
 * is caught up by the next one and no day is charged twice. Every write is fenced by the leader epoch.
 */
export function financingJob(db: Database, afterCommit?: () => void): JobDefinition {
  return {
    name: 'trade.financing',
    schedule: { jstDailyAt: { hour: 0, minute: 10 } },
    run: async (now, fenced) => {
      const today = sessionDate(now);
      const due = await db.query<{ order_no: string }>(
        `SELECT order_no FROM trade_positions WHERE status = 'holding' AND leverage > 1
            AND opened_at < ($1::date::timestamp AT TIME ZONE 'Asia/Tokyo')
            AND (financed_through IS NULL OR financed_through < $1::date) ORDER BY order_no`,
        [today],
      );
      let charged = 0;
      for (const { order_no } of due) {
        const done = await fenced(async (tx) => {
          const r = await lockPosition(tx, { orderNo: order_no });
          if (!r || r.status !== 'holding' || r.opened_at === null) return false;
          const [row] = await tx.query<{ through: string | null }>(
            `SELECT financed_through::text AS through FROM trade_positions WHERE id = $1`,
            [r.id],
          );
          const days = financingDaysDue(new Date(r.opened_at), row?.through ?? null, today);
          const [first] = days;
          if (first === undefined) return false;
          // Every account the entry can touch is locked, in id order, before the balance is read (issue 24 §3).
          const entry = { refType: 'trade', refId: r.order_no };
          const locked = await lockEntryAccounts(tx, entry, financingAccounts(r.member_id));
          const available = locked.balanceOf({ member: r.member_id, book: 'available' });
          const d = decided(finance(stateOf(r), { days: days.length, through: today, available }));
          await applyDecision(
            tx,
            r,
            d,
            { kind: 'trade_financing', reason: ledgerReasons.tradeFinancing, covers: { from: first, to: today } },
            now,
          );
          return d.lines.length > 0;
        });
        if (done) charged++;
      }
      if (charged > 0) afterCommit?.();
      return `${charged} positions charged financing up to ${today}`;
    },
  };
}
