import type { Database, Sql } from '@kabuto/db/database';
import { isUniqueViolation } from '@kabuto/db/pg-errors';
import { Decimal, toWire } from '@kabuto/domain/money';
import type { SessionProfile } from '@kabuto/domain/market/trading-session';
import {
  checkApplication,
  checkDayTradeOrder,
  cutOffMinute,
  cutOffText,
  maxQuota,
  quotaRemaining,
  quotaUsed,
  todaysCutOff,
  type OpenDayTrade,
} from '@kabuto/domain/daytrade/day-trade';
import { errorKeys, type ErrorKey } from '@kabuto/contracts/errors';
import { applyRefusalKey, orderRefusalKey } from '@kabuto/contracts/daytrade/refusals';
import type { ResponseOf } from '@kabuto/contracts/call';
import type {
  adminDayTradeApplicationsCall,
  DayTradeApplication,
  DayTradeOverview,
} from '@kabuto/contracts/daytrade/day-trading';
import type { ReviewStatus } from '@kabuto/contracts/fields';
import { refuse } from '../errors/public.ts';
import type { Principal, StaffPrincipal } from '../http/public.ts';
import type { Clock } from '../clock.ts';
import { refuseIfRestricted } from '../accounts/public.ts';
import { recordAudit } from '../audit/public.ts';
import { orderNumberSql, orderNumberStem } from '../funds/public.ts';
import { writeOutbox } from '../platform/public.ts';
import type { ApprovalState, ReviewKind, ReviewsService } from '../reviews/public.ts';
import { applicationSelect, applicationWire, type ApplicationRow } from './daytrade-rows.ts';

export interface DayTradeDeps {
  db: Database;
  clock: Clock;
  profile: SessionProfile;
  reviews: ReviewsService;
  kind: ReviewKind;
  afterCommit?: () => void;
}

/** The staff's demo cut-off as stored (HH:MM JST). */
export async function demoCutOffOf(sql: Sql): Promise<{ cutOff: string; updatedAt: Date | null }> {
  const [t] = await sql.query<{ demo_cut_off: string; updated_at: Date | null }>(
    `SELECT demo_cut_off, updated_at FROM daytrade_terms`,
  );
  if (!t) throw new Error('daytrade: no terms row (migration 027)');
  return { cutOff: t.demo_cut_off, updatedAt: t.updated_at };
}

interface OpenRow {
  status: OpenDayTrade['status'];
  margin: string;
  limit_price: string | null;
  quantity: string;
  leverage: number;
}

const openTradesSql = `SELECT status, margin::text AS margin, limit_price::text AS limit_price, quantity::text AS quantity,
    leverage FROM trade_positions
  WHERE member_id = $1 AND origin = 'daytrade' AND status IN ('pending', 'holding', 'closing')`;

const openOf = (r: OpenRow): OpenDayTrade => ({
  status: r.status,
  margin: r.margin,
  limitPrice: r.limit_price,
  quantity: r.quantity,
  leverage: r.leverage,
});

/**
 * Issue 26: day-trading quotas. A member applies for a quota (the domain's strict whole-yen read; one application or
 * quota in force at a time, held by a unique index as well); staff decide through the review lifecycle
 * (daytrade-review.ts); the member reads the quota in force with its use and ends it. The order check against the
 * quota runs inside the trading module's order transaction (`guard`).
 */
export function dayTradeService(deps: DayTradeDeps) {
  const { db, clock, profile } = deps;

  const applicationOf = async (where: string, params: readonly string[]): Promise<ApplicationRow | null> =>
    (await db.query<ApplicationRow>(`${applicationSelect} WHERE ${where}`, params))[0] ?? null;

  const cutOffNow = async (sql: Sql): Promise<number> =>
    cutOffMinute(profile, profile === 'demo' ? (await demoCutOffOf(sql)).cutOff : '15:30');

  const notify = (tx: Sql, memberId: string, payload: Record<string, string>, at: Date) =>
    writeOutbox(tx, { topic: 'member', memberId, type: 'daytrade.changed', payload }, at);

  return {
    /**
     * Inside the orders' transaction (order-writer.ts): each member's quota row in force locked (member order), then —
     * in a statement of its own, so it sees every day trade committed by a batch that held the lock before — the
     * member's open day trades and the cut-off, and the domain's check for each order in turn. The terms row is held
     * FOR SHARE: the cut-off job takes it FOR UPDATE before listing what to close, so a day trade still being written
     * at the cut-off is either committed before the job lists or refused after it.
     */
    async guard(
      tx: Sql,
      orders: readonly { memberId: string; margin: Decimal; at: Date }[],
    ): Promise<(ErrorKey | null)[]> {
      const members = [...new Set(orders.map((o) => o.memberId))].sort();
      const quotas = await tx.query<{ member_id: string; quota: string }>(
        `SELECT member_id::text AS member_id, quota::text AS quota FROM daytrade_applications
          WHERE member_id = ANY($1::uuid[]) AND state = 'inProgress' ORDER BY member_id FOR UPDATE`,
        [members],
      );
      const [facts] = await tx.query<{ cut_off: string; open: (OpenRow & { member_id: string })[] }>(
        `SELECT (SELECT demo_cut_off FROM daytrade_terms FOR SHARE) AS cut_off,
                coalesce((SELECT json_agg(json_build_object('member_id', member_id, 'status', status,
                           'margin', margin::text, 'limit_price', limit_price::text, 'quantity', quantity::text,
                           'leverage', leverage))
                            FROM trade_positions
                           WHERE member_id = ANY($1::uuid[]) AND origin = 'daytrade'
                             AND status IN ('pending', 'holding', 'closing')), '[]'::json) AS open`,
        [quotas.map((q) => q.member_id)],
      );
      const cutOff = cutOffMinute(profile, facts?.cut_off ?? '15:30');
      const quota = new Map(quotas.map((q) => [q.member_id, q.quota]));
      const open = new Map<string, OpenDayTrade[]>();
      for (const r of facts?.open ?? []) open.set(r.member_id, [...(open.get(r.member_id) ?? []), openOf(r)]);
      // The clock read after the locks: an order that waited past the cut-off is refused.
      const now = clock.now();
      return orders.map((o) => {
        const mine = open.get(o.memberId) ?? [];
        const checked = checkDayTradeOrder(o.margin, {
          quota: quota.get(o.memberId) ?? null,
          open: mine,
          profile,
          cutOff,
          now,
        });
        if ('refused' in checked) return orderRefusalKey[checked.refused];
        // The next order of the member in this batch counts this one.
        mine.push({ status: 'holding', margin: toWire(o.margin), limitPrice: null, quantity: '0', leverage: 1 });
        open.set(o.memberId, mine);
        return null;
      });
    },

    async overview(p: Principal): Promise<DayTradeOverview> {
      const now = clock.now();
      const rows = await db.query<ApplicationRow>(
        `${applicationSelect} WHERE a.member_id = $1 AND (a.status = 'pending' OR a.state = 'inProgress')`,
        [p.memberId],
      );
      const inForce = rows.find((r) => r.state === 'inProgress') ?? null;
      const pending = rows.find((r) => r.status === 'pending') ?? null;
      const open = (await db.query<OpenRow>(openTradesSql, [p.memberId])).map(openOf);
      const used = quotaUsed(open);
      const minute = await cutOffNow(db);
      const today = todaysCutOff(now, minute);
      const next = today.getTime() > now.getTime() ? today : new Date(today.getTime() + 86_400_000);
      return {
        inForce: inForce ? applicationWire(inForce) : null,
        pending: pending ? applicationWire(pending) : null,
        used: toWire(used),
        remaining: toWire(inForce ? quotaRemaining(inForce.quota, used) : new Decimal(0)),
        openTrades: open.length,
        cutOff: cutOffText(minute),
        nextCutOffAt: next.toISOString(),
        profile,
        maxQuota,
      };
    },

    /** The application a call with this Idempotency-Key made, if it committed. */
    async byClientKey(p: Principal, key: string): Promise<DayTradeApplication | null> {
      const r = await applicationOf('a.member_id = $1 AND a.client_key = $2', [p.memberId, key]);
      return r ? applicationWire(r) : null;
    },

    /**
     * SPEC §5/§8: the amount read strictly (whole yen above zero, at most `maxQuota`), one application or quota in force
     * at a time (the unique index keeps parallel applications to one), a frozen or barred member applies for nothing.
     */
    async apply(p: Principal, body: { amount?: unknown }, clientKey: string | null): Promise<DayTradeApplication> {
      const now = clock.now();
      const first = checkApplication(body.amount, { pendingOrInForce: false });
      if ('refused' in first) throw refuse(applyRefusalKey[first.refused]);
      await refuseIfRestricted(db, p.memberId, ['frozen', 'no_trading']);
      try {
        const id = await db.transaction(async (tx) => {
          const [held] = await tx.query<{ n: number }>(
            `SELECT count(*)::int AS n FROM daytrade_applications
              WHERE member_id = $1 AND (status = 'pending' OR state = 'inProgress')`,
            [p.memberId],
          );
          const check = checkApplication(body.amount, { pendingOrInForce: (held?.n ?? 0) > 0 });
          if ('refused' in check) throw refuse(applyRefusalKey[check.refused]);
          const [row] = await tx.query<{ id: string }>(
            `INSERT INTO daytrade_applications (order_no, member_id, quota, client_key, created_at)
             VALUES (${orderNumberSql(1)}, $2, $3, $4, $5) RETURNING id::text AS id`,
            [orderNumberStem('Q', now), p.memberId, check.ok.toFixed(), clientKey, now],
          );
          if (!row) throw new Error('daytrade: no application written');
          await notify(tx, p.memberId, { target: row.id, status: 'pending' }, now);
          return row.id;
        });
        deps.afterCommit?.();
        return applicationWire((await applicationOf('a.id = $1', [id])) as ApplicationRow);
      } catch (err) {
        if (isUniqueViolation(err)) {
          const again = clientKey ? await this.byClientKey(p, clientKey) : null;
          if (again) return again;
          // A parallel application of the member got in first (daytrade_applications_in_force).
          throw refuse(errorKeys.daytrade.alreadyApplied);
        }
        throw err;
      }
    },

    async applications(
      p: Principal,
      q: { page: number; pageSize: number },
    ): Promise<{ items: DayTradeApplication[]; total: number }> {
      const [count] = await db.query<{ n: string }>(
        `SELECT count(*)::text AS n FROM daytrade_applications WHERE member_id = $1`,
        [p.memberId],
      );
      const rows = await db.query<ApplicationRow>(
        `${applicationSelect} WHERE a.member_id = $1 ORDER BY a.created_at DESC, a.id
          LIMIT ${q.pageSize} OFFSET ${(q.page - 1) * q.pageSize}`,
        [p.memberId],
      );
      return { items: rows.map(applicationWire), total: Number(count?.n ?? 0) };
    },

    /**
     * The member ends the quota in progress (SPEC §4 "ended"): no new day trades from now; those still open close at
     * the cut-off as before. Without a quota in progress: "no approved quota".
     */
    async end(p: Principal): Promise<DayTradeApplication> {
      const now = clock.now();
      const id = await db.transaction(async (tx) => {
        const [row] = await tx.query<{ id: string }>(
          `UPDATE daytrade_applications SET state = 'ended', ended_at = $2
            WHERE member_id = $1 AND state = 'inProgress' RETURNING id::text AS id`,
          [p.memberId, now],
        );
        if (!row) throw refuse(errorKeys.daytrade.notApproved);
        await notify(tx, p.memberId, { target: row.id, status: 'ended' }, now);
        return row.id;
      });
      deps.afterCommit?.();
      return applicationWire((await applicationOf('a.id = $1', [id])) as ApplicationRow);
    },

    /** Staff's queue: oldest waiting first, with approvals so far. */
    async adminApplications(q: {
      status: ReviewStatus;
      page: number;
      pageSize: number;
    }): Promise<ResponseOf<typeof adminDayTradeApplicationsCall>> {
      const [count] = await db.query<{ n: string }>(
        `SELECT count(*)::text AS n FROM daytrade_applications WHERE status = $1`,
        [q.status],
      );
      const rows = await db.query<ApplicationRow>(
        `${applicationSelect} WHERE a.status = $1 ORDER BY a.created_at ${q.status === 'pending' ? 'ASC' : 'DESC'}, a.id
          LIMIT ${q.pageSize} OFFSET ${(q.page - 1) * q.pageSize}`,
        [q.status],
      );
      const approvals = await deps.reviews.approvalsOf(
        deps.kind,
        rows.map((r) => ({ id: r.id, amount: null })),
      );
      return {
        total: Number(count?.n ?? 0),
        items: rows.map((r) => ({
          ...applicationWire(r),
          ...(approvals.get(r.id) as ApprovalState),
          memberId: r.member_id,
          account: r.account,
          realName: r.real_name,
        })),
      };
    },

    async settings() {
      const t = await demoCutOffOf(db);
      return { demoCutOff: t.cutOff, profile, updatedAt: t.updatedAt ? new Date(t.updatedAt).toISOString() : null };
    },

    /** Staff set the demo cut-off (audited `daytrade.settingsSave` with the reason, as `from → to`). */
    async saveSettings(staff: StaffPrincipal, body: { demoCutOff: string; reason: string }, requestId: string) {
      const now = clock.now();
      await db.transaction(async (tx) => {
        const [before] = await tx.query<{ demo_cut_off: string }>(`SELECT demo_cut_off FROM daytrade_terms FOR UPDATE`);
        await tx.query(`UPDATE daytrade_terms SET demo_cut_off = $1, updated_by = $2, updated_at = $3`, [
          body.demoCutOff,
          staff.memberId,
          now,
        ]);
        await recordAudit(
          tx,
          {
            actorId: staff.memberId,
            actorRole: staff.role,
            action: 'daytrade.settingsSave',
            target: `demoCutOff ${before?.demo_cut_off ?? '?'} → ${body.demoCutOff}`,
            reason: body.reason,
            requestId,
          },
          now,
        );
      });
      return this.settings();
    },
  };
}
export type DayTradeService = ReturnType<typeof dayTradeService>;
