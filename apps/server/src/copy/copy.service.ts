import type { Database } from '@kabuto/db/database';
import { lockEntryAccounts } from '@kabuto/db/ledger';
import { isUniqueViolation } from '@kabuto/db/pg-errors';
import { Decimal, toWire } from '@kabuto/domain/money';
import {
  checkFollow,
  checkStrategyTerms,
  followLines,
  termEndOf,
  type StopLoss,
} from '@kabuto/domain/copy/copy-trading';
import { errorKeys } from '@kabuto/contracts/errors';
import { followRefusalKey } from '@kabuto/contracts/copy/refusals';
import type { ResponseOf } from '@kabuto/contracts/call';
import type {
  adminCopyListCall,
  copyFollowDetailCall,
  copyStrategyCall,
  Follow,
  Mirror,
  Strategy,
} from '@kabuto/contracts/copy/copy-trading';
import { refuse } from '../errors/public.ts';
import type { Principal, StaffPrincipal } from '../http/public.ts';
import type { Clock } from '../clock.ts';
import { refuseIfRestricted } from '../accounts/public.ts';
import { recordAudit } from '../audit/public.ts';
import { ledgerReasons, post } from '../ledger/public.ts';
import { writeOutbox } from '../platform/public.ts';
import { copyChanged, endFollows, type CopyMarket } from './copy-moves.ts';
import {
  followColumns,
  followFrom,
  followsWire,
  strategySelect,
  strategyWire,
  type FollowRow,
  type Names,
  type StrategyRow,
} from './copy-rows.ts';

type AdminStrategy = ResponseOf<typeof adminCopyListCall>['strategies'][number];
type AdminLead = ResponseOf<typeof adminCopyListCall>['leads'][number];

const iso = (d: Date | string) => new Date(d).toISOString();

/**
 * Issue 26: copy trading's calls. Members list strategies, read one (its full track record), follow it (the amount
 * moves from available into the follow's book through the ledger), stop, and read their follows with every mirrored
 * trade beside the lead's. Staff mark leads, publish and close strategies (audited, admin only).
 */
export function copyService(deps: { db: Database; clock: Clock; market: CopyMarket; afterCommit?: () => void }) {
  const { db, clock } = deps;

  const strategyById = async (id: string): Promise<StrategyRow | null> =>
    (await db.query<StrategyRow>(`${strategySelect} WHERE s.id = $1`, [id]))[0] ?? null;

  const followOf = async (where: string, params: readonly unknown[]): Promise<FollowRow | null> =>
    (await db.query<FollowRow>(`SELECT ${followColumns} ${followFrom} WHERE ${where}`, params as string[]))[0] ?? null;

  const oneFollow = async (id: string): Promise<Follow> => {
    const r = await followOf('f.id = $1', [id]);
    if (!r) throw refuse(errorKeys.copy.notFollowing);
    return (await followsWire(db, deps.market, [r]))[0] as Follow;
  };

  const adminStrategy = (r: StrategyRow): AdminStrategy => ({
    ...strategyWire(r),
    leadAccount: r.lead_account,
    closedAt: r.closed_at ? iso(r.closed_at) : null,
    closeReason: r.close_reason,
  });

  return {
    async strategies(): Promise<{ items: Strategy[] }> {
      const rows = await db.query<StrategyRow>(
        `${strategySelect} WHERE s.status = 'published' OR s.closed_at > $1::timestamptz - interval '30 days'
          ORDER BY (s.status = 'published') DESC, s.published_at DESC LIMIT 100`,
        [clock.now()],
      );
      return { items: rows.map(strategyWire) };
    },

    async strategy(p: Principal, id: string): Promise<ResponseOf<typeof copyStrategyCall>> {
      const r = await strategyById(id);
      if (!r) throw refuse(errorKeys.copy.notFound);
      const track = await db.query<{
        order_no: string;
        symbol: string;
        names: Names;
        side: 'long' | 'short';
        quantity: string;
        open_price: string;
        opened_at: Date;
        close_price: string;
        closed_at: Date;
        pnl: string;
      }>(
        `SELECT t.order_no, t.symbol, jsonb_build_object('jp', ms.name_jp, 'en', ms.name_en, 'tw', ms.name_tw) AS names,
                t.side, t.quantity::text AS quantity, t.open_price::text AS open_price, t.opened_at,
                t.close_price::text AS close_price, t.closed_at,
                (t.realised_pnl - t.purchase_fee - t.selling_fee - t.stamp_duty - t.financing)::text AS pnl
           FROM trade_positions t JOIN copy_strategies s ON s.lead_member_id = t.member_id
           LEFT JOIN market_symbols ms ON ms.code = t.symbol
          WHERE s.id = $1 AND t.origin = 'order' AND t.status = 'closed' AND t.opened_at >= s.published_at
          ORDER BY t.closed_at DESC, t.order_no`,
        [id],
      );
      const [f] = await db.query<{ available: string; follow: string | null }>(
        `SELECT coalesce((SELECT balance::text FROM ledger_accounts
                           WHERE member_id = $1 AND book = 'available' AND currency = 'JPY'), '0') AS available,
                (SELECT id::text FROM copy_follows WHERE member_id = $1 AND strategy_id = $2 AND status = 'inProgress') AS follow`,
        [p.memberId, id],
      );
      return {
        ...strategyWire(r),
        track: track.map((t) => ({
          orderNo: t.order_no,
          code: t.symbol,
          names: t.names,
          side: t.side,
          quantity: t.quantity,
          openPrice: toWire(new Decimal(t.open_price)),
          openedAt: iso(t.opened_at),
          closePrice: toWire(new Decimal(t.close_price)),
          closedAt: iso(t.closed_at),
          pnl: toWire(new Decimal(t.pnl)),
        })),
        available: toWire(new Decimal(f?.available ?? '0')),
        myFollowId: f?.follow ?? null,
        isLead: r.lead_member_id === p.memberId,
      };
    },

    /** The follow a call with this Idempotency-Key made, if it committed. */
    async byClientKey(p: Principal, key: string): Promise<Follow | null> {
      const r = await followOf('f.member_id = $1 AND f.client_key = $2', [p.memberId, key]);
      return r ? ((await followsWire(db, deps.market, [r]))[0] ?? null) : null;
    },

    /** The follow a stop call with this Idempotency-Key ended, if it committed. */
    async byStopKey(p: Principal, key: string): Promise<Follow | null> {
      const r = await followOf('f.member_id = $1 AND f.stop_key = $2', [p.memberId, key]);
      return r ? ((await followsWire(db, deps.market, [r]))[0] ?? null) : null;
    },

    /**
     * SPEC §8: the strategy published, the amount whole yen ≥ the minimum, before the deadline, not the member's own,
     * one follow in progress a strategy; in one transaction the strategy held FOR SHARE (a close waits), the domain's
     * check on the facts, the follow row and available → copy. A refusal writes nothing.
     */
    async follow(
      p: Principal,
      body: { id: string; amount: string; stopLoss?: StopLoss | null | undefined },
      clientKey: string | null,
      requestId: string,
    ): Promise<Follow> {
      const now = clock.now();
      await refuseIfRestricted(db, p.memberId, ['frozen', 'no_trading']);
      try {
        const id = await db.transaction(async (tx) => {
          const [s] = await tx.query<{
            lead_member_id: string;
            status: string;
            min_investment: string;
            capital_base: string;
            term_days: number;
            follow_deadline: Date;
            performance_fee: string;
            following: boolean;
            available: string;
          }>(
            `SELECT s.lead_member_id::text AS lead_member_id, s.status, s.min_investment::text AS min_investment,
                    s.capital_base::text AS capital_base, s.term_days, s.follow_deadline,
                    s.performance_fee::text AS performance_fee,
                    EXISTS (SELECT 1 FROM copy_follows f WHERE f.strategy_id = s.id AND f.member_id = $2
                              AND f.status = 'inProgress') AS following,
                    coalesce((SELECT balance::text FROM ledger_accounts
                               WHERE member_id = $2 AND book = 'available' AND currency = 'JPY'), '0') AS available
               FROM copy_strategies s WHERE s.id = $1 FOR SHARE OF s`,
            [body.id, p.memberId],
          );
          const check = checkFollow({
            strategy: s
              ? {
                  published: s.status === 'published',
                  leadMemberId: s.lead_member_id,
                  minInvestment: new Decimal(s.min_investment).toFixed(),
                  capitalBase: new Decimal(s.capital_base).toFixed(),
                  termDays: s.term_days,
                  followDeadline: new Date(s.follow_deadline),
                  performanceFee: s.performance_fee,
                }
              : null,
            memberId: p.memberId,
            amount: body.amount,
            stopLoss: body.stopLoss ?? null,
            alreadyFollowing: s?.following ?? false,
            available: s?.available ?? '0',
            now,
          });
          if ('refused' in check) throw refuse(followRefusalKey[check.refused]);
          const { capital, stopLoss } = check.ok;
          const [row] = await tx.query<{ id: string }>(
            `INSERT INTO copy_follows (strategy_id, member_id, capital, stop_loss_yen, stop_loss_percent, started_at,
               ends_at, client_key)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id::text AS id`,
            [
              body.id,
              p.memberId,
              capital.toFixed(),
              stopLoss && 'yen' in stopLoss ? stopLoss.yen : null,
              stopLoss && 'percent' in stopLoss ? stopLoss.percent : null,
              now,
              termEndOf(now, (s as { term_days: number }).term_days),
              clientKey,
            ],
          );
          if (!row) throw new Error('copy: no follow written');
          // Every account the follow's mirrors will post to is opened now (the member's margin book too), so a
          // fan-out into thousands of follows finds them all in one statement instead of opening them one by one.
          await lockEntryAccounts(tx, { refType: 'copy', refId: row.id }, [
            { member: p.memberId, book: 'available' },
            { member: p.memberId, book: 'copy' },
            { member: p.memberId, book: 'margin' },
          ]);
          await post(
            tx,
            {
              kind: 'copy_follow',
              reason: ledgerReasons.copyFollow,
              refType: 'copy',
              refId: row.id,
              requestId,
              at: now,
              lines: followLines(p.memberId, capital),
            },
            errorKeys.funds.insufficientAvailable,
          );
          await writeOutbox(
            tx,
            {
              topic: 'member',
              memberId: p.memberId,
              type: copyChanged,
              payload: { followId: row.id, what: 'started' },
            },
            now,
          );
          return row.id;
        });
        deps.afterCommit?.();
        return oneFollow(id);
      } catch (err) {
        if (isUniqueViolation(err)) {
          if (clientKey) {
            const again = await this.byClientKey(p, clientKey);
            if (again) return again;
          }
          // A parallel follow of the same strategy won the one-in-progress index.
          throw refuse(errorKeys.copy.alreadyFollowing);
        }
        throw err;
      }
    },

    /** Stop following: the follow's row locked, its positions closed at the touch, its money returned. Once. */
    async stop(p: Principal, id: string, stopKey: string | null): Promise<Follow> {
      const now = clock.now();
      try {
        await db.transaction(async (tx) => {
          const [row] = await tx.query<{ status: string }>(
            `SELECT status FROM copy_follows WHERE id = $1 AND member_id = $2 FOR UPDATE`,
            [id, p.memberId],
          );
          if (!row || row.status !== 'inProgress') throw refuse(errorKeys.copy.notFollowing);
          const ended = await endFollows(tx, [id], 'stopped', { market: deps.market, at: now, stopKey });
          if (ended.length !== 1) throw refuse(errorKeys.copy.notFollowing);
        });
      } catch (err) {
        if (isUniqueViolation(err) && stopKey) {
          const again = await this.byStopKey(p, stopKey);
          if (again) return again;
        }
        throw err;
      }
      deps.afterCommit?.();
      return oneFollow(id);
    },

    async follows(
      p: Principal,
      q: { status: 'inProgress' | 'ended'; page: number; pageSize: number },
    ): Promise<{ items: Follow[]; total: number }> {
      const [count] = await db.query<{ n: string }>(
        `SELECT count(*)::text AS n FROM copy_follows WHERE member_id = $1 AND status = $2`,
        [p.memberId, q.status],
      );
      const rows = await db.query<FollowRow>(
        `SELECT ${followColumns} ${followFrom} WHERE f.member_id = $1 AND f.status = $2
          ORDER BY f.started_at DESC, f.id LIMIT ${q.pageSize} OFFSET ${(q.page - 1) * q.pageSize}`,
        [p.memberId, q.status],
      );
      return { items: await followsWire(db, deps.market, rows), total: Number(count?.n ?? 0) };
    },

    /** One of the member's own follows with every mirror beside the lead's trade; another member's is "not found". */
    async one(p: Principal, id: string): Promise<ResponseOf<typeof copyFollowDetailCall>> {
      const r = await followOf('f.id = $1 AND f.member_id = $2', [id, p.memberId]);
      if (!r) throw refuse(errorKeys.copy.notFollowing);
      const [wire] = await followsWire(db, deps.market, [r]);
      const mirrors = await db.query<{
        event: 'open' | 'close';
        outcome: Mirror['outcome'];
        symbol: string;
        names: Names;
        side: 'long' | 'short';
        lead_order_no: string;
        lead_quantity: string;
        lead_price: string;
        lead_at: Date;
        proportional: string;
        follower_order_no: string | null;
        quantity: string;
        price: string | null;
        at: Date;
      }>(
        `SELECT m.event, m.outcome, lp.symbol, jsonb_build_object('jp', ms.name_jp, 'en', ms.name_en, 'tw', ms.name_tw) AS names,
                lp.side, lp.order_no AS lead_order_no, m.lead_quantity::text AS lead_quantity,
                m.lead_price::text AS lead_price, m.lead_at, m.proportional::text AS proportional,
                m.follower_order_no, m.quantity::text AS quantity, m.price::text AS price, m.at
           FROM copy_mirrors m JOIN trade_positions lp ON lp.id = m.lead_position_id
           LEFT JOIN market_symbols ms ON ms.code = lp.symbol
          WHERE m.follow_id = $1 ORDER BY m.at DESC, m.id DESC`,
        [id],
      );
      return {
        ...(wire as Follow),
        mirrors: mirrors.map((m) => ({
          event: m.event,
          outcome: m.outcome,
          code: m.symbol,
          names: m.names,
          side: m.side,
          lead: {
            orderNo: m.lead_order_no,
            quantity: m.lead_quantity,
            price: toWire(new Decimal(m.lead_price)),
            at: iso(m.lead_at),
          },
          proportional: new Decimal(m.proportional).toFixed(),
          follower:
            m.outcome === 'mirrored' && m.follower_order_no && m.price
              ? {
                  orderNo: m.follower_order_no,
                  quantity: m.quantity,
                  price: toWire(new Decimal(m.price)),
                  at: iso(m.at),
                }
              : null,
          at: iso(m.at),
        })),
      };
    },

    // ——— Back office ———

    async adminList(): Promise<ResponseOf<typeof adminCopyListCall>> {
      const leads = await db.query<{
        member_id: string;
        account: string;
        display_name: string;
        active: boolean;
        set_at: Date;
      }>(
        `SELECT l.member_id::text AS member_id, m.account, l.display_name, l.active, l.set_at
           FROM copy_leads l JOIN members m ON m.id = l.member_id ORDER BY l.set_at DESC`,
      );
      const rows = await db.query<StrategyRow>(`${strategySelect} ORDER BY s.published_at DESC LIMIT 200`);
      return {
        leads: leads.map((l): AdminLead => ({
          memberId: l.member_id,
          account: l.account,
          displayName: l.display_name,
          active: l.active,
          setAt: iso(l.set_at),
        })),
        strategies: rows.map(adminStrategy),
      };
    },

    /** Staff mark a member a lead trader (or not), with the issuer name members read; audited `copy.leadSet`. */
    async setLead(
      staff: StaffPrincipal,
      body: { account: string; displayName: string; lead: boolean; reason: string },
      requestId: string,
    ): Promise<AdminLead> {
      const now = clock.now();
      const row = await db.transaction(async (tx) => {
        const [m] = await tx.query<{ id: string; staff: boolean }>(
          `SELECT id::text AS id, staff_role IS NOT NULL AS staff FROM members WHERE account = $1`,
          [body.account],
        );
        if (!m || m.staff) throw refuse(errorKeys.copy.notLead);
        const [l] = await tx.query<{ member_id: string; display_name: string; active: boolean; set_at: Date }>(
          `INSERT INTO copy_leads (member_id, display_name, active, set_by, set_at, reason) VALUES ($1, $2, $3, $4, $5, $6)
           ON CONFLICT (member_id) DO UPDATE SET display_name = EXCLUDED.display_name, active = EXCLUDED.active,
             set_by = EXCLUDED.set_by, set_at = EXCLUDED.set_at, reason = EXCLUDED.reason
           RETURNING member_id::text AS member_id, display_name, active, set_at`,
          [m.id, body.displayName, body.lead, staff.memberId, now, body.reason],
        );
        await recordAudit(
          tx,
          {
            actorId: staff.memberId,
            actorRole: staff.role,
            action: 'copy.leadSet',
            target: body.account,
            reason: body.reason,
            requestId,
          },
          now,
        );
        return l as NonNullable<typeof l>;
      });
      return {
        memberId: row.member_id,
        account: body.account,
        displayName: row.display_name,
        active: row.active,
        setAt: iso(row.set_at),
      };
    },

    /** Staff publish a strategy led by an active lead; the domain checks the terms; audited `copy.strategyPublish`. */
    async publish(
      staff: StaffPrincipal,
      body: {
        leadAccount: string;
        names: Names;
        minInvestment: string;
        capitalBase: string;
        termDays: number;
        followDeadline: string;
        performanceFee: string;
        reason: string;
      },
      requestId: string,
    ): Promise<AdminStrategy> {
      const now = clock.now();
      const terms = {
        minInvestment: body.minInvestment.trim(),
        capitalBase: body.capitalBase.trim(),
        termDays: body.termDays,
        followDeadline: new Date(body.followDeadline),
        performanceFee: body.performanceFee.trim(),
      };
      if (checkStrategyTerms(terms, now)) throw refuse(errorKeys.copy.termsInvalid);
      const id = await db.transaction(async (tx) => {
        const [lead] = await tx.query<{ id: string }>(
          `SELECT l.member_id::text AS id FROM copy_leads l JOIN members m ON m.id = l.member_id
            WHERE m.account = $1 AND l.active FOR SHARE OF l`,
          [body.leadAccount],
        );
        if (!lead) throw refuse(errorKeys.copy.notLead);
        const [row] = await tx.query<{ id: string }>(
          `INSERT INTO copy_strategies (lead_member_id, names, min_investment, capital_base, term_days, follow_deadline,
             performance_fee, published_by, published_at)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING id::text AS id`,
          [
            lead.id,
            JSON.stringify(body.names),
            terms.minInvestment,
            terms.capitalBase,
            terms.termDays,
            terms.followDeadline,
            terms.performanceFee,
            staff.memberId,
            now,
          ],
        );
        await recordAudit(
          tx,
          {
            actorId: staff.memberId,
            actorRole: staff.role,
            action: 'copy.strategyPublish',
            target: body.names.en,
            reason: body.reason,
            requestId,
          },
          now,
        );
        return (row as { id: string }).id;
      });
      return adminStrategy((await strategyById(id)) as StrategyRow);
    },

    /**
     * Staff close a strategy: no new follows at once (the strategy row waits for follows being written, FOR SHARE);
     * the follows in progress end through the leader's job (`strategyClosed`), their money returned. Audited.
     */
    async close(staff: StaffPrincipal, body: { id: string; reason: string }, requestId: string) {
      const now = clock.now();
      await db.transaction(async (tx) => {
        const [row] = await tx.query<{ status: string; names: Names }>(
          `SELECT status, names FROM copy_strategies WHERE id = $1 FOR UPDATE`,
          [body.id],
        );
        if (!row || row.status !== 'published') throw refuse(errorKeys.copy.notFound);
        await tx.query(
          `UPDATE copy_strategies SET status = 'closed', closed_at = $2, closed_by = $3, close_reason = $4 WHERE id = $1`,
          [body.id, now, staff.memberId, body.reason],
        );
        await recordAudit(
          tx,
          {
            actorId: staff.memberId,
            actorRole: staff.role,
            action: 'copy.strategyClose',
            target: row.names.en,
            reason: body.reason,
            requestId,
          },
          now,
        );
      });
      return adminStrategy((await strategyById(body.id)) as StrategyRow);
    },
  };
}
export type CopyService = ReturnType<typeof copyService>;
