import type { Database, Sql } from '@kabuto/db/database';
import { houseShard } from '@kabuto/db/ledger';
import type { SessionProfile } from '@kabuto/domain/market/trading-session';
import { cutOffMinute, cutOffReason, lastCutOff } from '@kabuto/domain/daytrade/day-trade';
import type { Touch } from '@kabuto/domain/trading/position';
import { ledgerReasons } from '../ledger/public.ts';
import { writeOutboxOncePerMember, type JobDefinition } from '../platform/public.ts';
import { closeOpenPositions } from '../trading/public.ts';
import { demoCutOffOf } from './daytrade.service.ts';

export const cutOffJobName = 'daytrade.cutOff';

/** The cut-off minute (JST) now in force: under `tse` the 15:30 close; under `demo` the staff's HH:MM. */
const cutOffNow = async (sql: Sql, profile: SessionProfile): Promise<number> =>
  cutOffMinute(profile, profile === 'demo' ? (await demoCutOffOf(sql)).cutOff : '15:30');

/**
 * Issue 26: every day trade still open is closed at the day's cut-off — under `tse` the 15:30 close, under `demo` the
 * daily time staff set — at the closing side of the book (bid for a long, ask for a short, as a member's close), reason
 * `daytradeCutOff` on the position and `ledger.daytradeClosed` in the timeline; every day-trade order still resting is
 * cancelled. A leader job whose period is the cut-off instant (a staff change of the cut-off is a new period), so it
 * runs once a trading day, and again only when a run failed or its leader lost its term. It first takes the terms row
 * FOR UPDATE (a barrier: a day-trade order being written holds it FOR SHARE, so it is either committed before the list
 * is read or refused after the cut-off), then closes what was placed before the cut-off in batches of `batchSize`, each
 * one transaction fenced by the leader epoch; each position is locked and re-read, so a rerun after a crash half-way
 * closes only what is still open. Events: `trade.positionChanged` for each position, `daytrade.changed` once a member a
 * batch. A day trade is never financed (financing-job.ts skips origin 'daytrade'), even one this job missed.
 */
export function dayTradeCutOffJob(deps: {
  db: Database;
  profile: SessionProfile;
  market: { touch(symbol: string): Touch | null };
  afterCommit?: () => void;
  batchSize?: number;
  /**
   * Transactions written at once (PostgreSQL's pool; PGlite takes them in turn): a page is split by the house shard its
   * entries post to, so the lanes never wait on each other's fee and trading shards (a member's own accounts, when one
   * has day trades in two lanes, are taken in id order by both: no deadlock).
   */
  lanes?: number;
}): JobDefinition {
  const { db, profile } = deps;
  const batchSize = deps.batchSize ?? 1000;
  const lanes = Math.max(1, deps.lanes ?? 2);
  return {
    name: cutOffJobName,
    schedule: { periodOf: async (now) => lastCutOff(now, await cutOffNow(db, profile)).toISOString() },
    run: async (now, fenced) => {
      const cut = lastCutOff(now, await cutOffNow(db, profile));
      await fenced((tx) => tx.query(`SELECT 1 FROM daytrade_terms FOR UPDATE`));
      // One lane's share of a page: one transaction fenced by the leader epoch.
      const closeLane = (orderNos: string[]) =>
        fenced(async (tx) => {
          const o = await closeOpenPositions(tx, orderNos, {
            touch: deps.market.touch,
            reason: cutOffReason,
            closeEntryReason: ledgerReasons.daytradeClosed,
            at: now,
          });
          const members = [...new Set([...o.closed, ...o.cancelled].map((r) => r.member_id))];
          await writeOutboxOncePerMember(
            tx,
            members.map((memberId) => ({
              topic: 'member',
              memberId,
              type: 'daytrade.changed',
              payload: { reason: cutOffReason, at: now.toISOString() },
            })),
            now,
          );
          return o;
        });
      let after = '00000000-0000-0000-0000-000000000000';
      let closed = 0;
      let cancelled = 0;
      let unpriced = 0;
      for (;;) {
        const due = await db.query<{ id: string; order_no: string }>(
          `SELECT id::text AS id, order_no FROM trade_positions
            WHERE origin = 'daytrade' AND status IN ('pending', 'holding', 'closing') AND created_at < $1
              AND id > $2::uuid
            ORDER BY id LIMIT $3`,
          [cut, after, batchSize],
        );
        if (due.length === 0) break;
        after = (due[due.length - 1] as { id: string }).id;
        const groups = Array.from({ length: lanes }, () => [] as string[]);
        for (const d of due) groups[houseShard({ refType: 'trade', refId: d.order_no }) % lanes]?.push(d.order_no);
        const outs = await Promise.all(groups.filter((g) => g.length > 0).map((g) => closeLane(g)));
        const out = {
          closed: outs.flatMap((o) => o.closed),
          cancelled: outs.flatMap((o) => o.cancelled),
          unpriced: outs.flatMap((o) => o.unpriced),
        };
        closed += out.closed.length;
        cancelled += out.cancelled.length;
        unpriced += out.unpriced.length;
        if (out.closed.length + out.cancelled.length > 0) deps.afterCommit?.();
        if (due.length < batchSize) break;
      }
      // A stock without a price now: its day trades stay open, and the period is tried again (jobRetryMs × attempts).
      if (unpriced > 0) throw new Error(`${unpriced} day trades had no price at the cut-off`);
      return `${closed} day trades closed and ${cancelled} cancelled at the cut-off ${cut.toISOString()}`;
    },
  };
}
