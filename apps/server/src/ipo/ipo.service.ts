import { randomBytes } from 'node:crypto';
import type { Database, Sql, SqlParam } from '@kabuto/db/database';
import { isUniqueViolation } from '@kabuto/db/pg-errors';
import { money, toWire } from '@kabuto/domain/money';
import type { SessionProfile } from '@kabuto/domain/market/trading-session';
import { commitmentOf } from '@kabuto/domain/ipo/lottery';
import {
  cancelEntry,
  checkSubscription,
  checkTerms,
  offeringPhase,
  pay,
  subscribe,
  type EntryState,
} from '@kabuto/domain/ipo/offering';
import { checkGrab, checkGrabWindow, grabLines } from '@kabuto/domain/ipo/grab';
import { lotteryUnit } from '@kabuto/domain/ipo/lottery';
import { errorKeys } from '@kabuto/contracts/errors';
import {
  grabRefusalKey,
  grabWindowRefusalKey,
  subscribeRefusalKey,
  termsRefusalKey,
} from '@kabuto/contracts/ipo/refusals';
import type { Allotment, IpoEntry, IpoGrab, Offering } from '@kabuto/contracts/ipo/offerings';
import { refuse } from '../errors/public.ts';
import type { Principal, StaffPrincipal } from '../http/public.ts';
import type { Clock } from '../clock.ts';
import { refuseIfRestricted } from '../accounts/public.ts';
import { recordAudit } from '../audit/public.ts';
import { ledgerReasons, post, postMany } from '../ledger/public.ts';
import { addUpcomingSymbol, withdrawUpcomingSymbol } from '../market/public.ts';
import { openAllotment } from '../trading/public.ts';
import { blockAllotmentsOf } from '../block/public.ts';
import { writeOutbox, writeOutboxOncePerMember } from '../platform/public.ts';
import {
  entrySelect,
  entryWire,
  factsOf,
  grabWindowOf,
  maskAccount,
  offeringSelect,
  offeringWire,
  type EntryRow,
  type OfferingRow,
} from './ipo-rows.ts';

export const entryChanged = 'ipo.entryChanged';

export const stateOfEntry = (r: { member_id: string; status: EntryState['status']; held: string; won: string }) => ({
  memberId: r.member_id,
  status: r.status,
  held: r.held,
  won: r.won,
});

export interface IpoDeps {
  db: Database;
  clock: Clock;
  profile: SessionProfile;
  /** After a transaction that wrote member events commits (wakes the outbox relay). */
  afterCommit?: () => void;
}

/**
 * Issue 25: IPO offerings (staff set them up) and members' entries: subscribe (hold), confirm a win (pay: the shares
 * become a position locked until listing), read the published draw to recompute it. The draw and the lapse of
 * unconfirmed wins are the leader's job (ipo-job.ts). Every step's money is the domain's decision (ipo/offering.ts),
 * posted in the transaction that changes the entry.
 */
export function ipoService(deps: IpoDeps) {
  const { db, clock } = deps;

  const offeringById = async (sql: Sql, id: string, lock = ''): Promise<OfferingRow | null> => {
    const [row] = await sql.query<OfferingRow>(`${offeringSelect} WHERE o.id = $1 ${lock}`, [id]);
    return row ?? null;
  };
  const entryOf = async (sql: Sql, where: string, params: readonly SqlParam[]): Promise<IpoEntry | null> => {
    const [row] = await sql.query<EntryRow>(`${entrySelect} WHERE ${where}`, params);
    return row ? entryWire(row) : null;
  };
  const mineIn = async (memberId: string, offeringIds: readonly string[]): Promise<Map<string, IpoEntry>> => {
    if (offeringIds.length === 0) return new Map();
    const rows = await db.query<EntryRow>(
      `${entrySelect} WHERE e.member_id = $1 AND e.offering_id = ANY($2::bigint[])`,
      [memberId, [...offeringIds]],
    );
    return new Map(rows.map((r) => [r.offering_id, entryWire(r)]));
  };
  const grabOf = async (sql: Sql, offeringId: string, memberId: string): Promise<IpoGrab | null> => {
    const [g] = await sql.query<{ seq: number; shares: string; amount: string; created_at: Date; order_no: string }>(
      `SELECT g.seq, g.shares::text AS shares, g.amount::text AS amount, g.created_at, p.order_no
         FROM ipo_grabs g JOIN trade_positions p ON p.id = g.position_id WHERE g.offering_id = $1 AND g.member_id = $2`,
      [offeringId, memberId],
    );
    return g
      ? {
          seq: g.seq,
          shares: g.shares,
          amount: toWire(money(g.amount)),
          at: new Date(g.created_at).toISOString(),
          positionOrderNo: g.order_no,
        }
      : null;
  };
  /**
   * Allotted shares cannot be sold before the listing, nor before the end of the lock-up after it: the position's own
   * lock (not the stock's sale rule, which would lock everyone who buys the stock on the market after it lists).
   */
  const saleLockOf = async (sql: Sql, offeringId: string): Promise<Date> => {
    const [o] = await sql.query<{ until: Date }>(
      `SELECT coalesce(lock_up_until, lists_at) AS until FROM ipo_offerings WHERE id = $1`,
      [offeringId],
    );
    if (!o) throw new Error('ipo: an entry without its offering');
    return new Date(o.until);
  };
  const availableOf = async (sql: Sql, memberId: string): Promise<string> => {
    const [row] = await sql.query<{ balance: string }>(
      `SELECT balance::text AS balance FROM ledger_accounts WHERE member_id = $1 AND book = 'available' AND currency = 'JPY'`,
      [memberId],
    );
    return row?.balance ?? '0';
  };

  return {
    async list(p: Principal): Promise<{ items: (Offering & { mine: IpoEntry | null })[] }> {
      const now = clock.now();
      const rows = await db.query<OfferingRow>(`${offeringSelect} ORDER BY o.opens_at DESC, o.id DESC LIMIT 100`);
      const mine = await mineIn(
        p.memberId,
        rows.map((r) => r.id),
      );
      return { items: rows.map((r) => ({ ...offeringWire(r, now), mine: mine.get(r.id) ?? null })) };
    },

    async detail(
      p: Principal,
      id: string,
    ): Promise<Offering & { mine: IpoEntry | null; available: string; myGrab: IpoGrab | null }> {
      const row = await offeringById(db, id);
      if (!row) throw refuse(errorKeys.ipo.notFound);
      const mine = await mineIn(p.memberId, [id]);
      return {
        ...offeringWire(row, clock.now()),
        mine: mine.get(id) ?? null,
        available: await availableOf(db, p.memberId),
        myGrab: await grabOf(db, id, p.memberId),
      };
    },

    /**
     * Grab shares: one press by a member whose entry did not win, inside the window. Served in the order the presses
     * take the offering's counter (one UPDATE that never passes the shares re-offered), the unit paid at once
     * (available → margin) and opened as a position like a paid win; or told sold out. Refusals leave nothing.
     */
    async grab(
      p: Principal,
      id: string,
      clientKey: string | null,
      requestId: string,
    ): Promise<{ result: 'won' | 'soldOut'; grab: IpoGrab | null }> {
      const now = clock.now();
      await refuseIfRestricted(db, p.memberId, ['frozen', 'no_trading']);
      /** The press's facts; `counted`: this press has already taken its unit from the counter (inside the write). */
      const facts = async (sql: Sql, counted = false) => {
        const row = await offeringById(sql, id);
        if (!row) throw refuse(errorKeys.ipo.notFound);
        const [m] = await sql.query<{ status: EntryState['status'] | null; grabbed: boolean; available: string }>(
          `SELECT (SELECT status FROM ipo_entries WHERE offering_id = $1 AND member_id = $2) AS status,
                  EXISTS (SELECT 1 FROM ipo_grabs WHERE offering_id = $1 AND member_id = $2) AS grabbed,
                  coalesce((SELECT balance::text FROM ledger_accounts
                             WHERE member_id = $2 AND book = 'available' AND currency = 'JPY'), '0') AS available`,
          [id, p.memberId],
        );
        const window = grabWindowOf(row);
        return checkGrab({
          window: window && counted ? { ...window, taken: money(window.taken).minus(lotteryUnit).toFixed() } : window,
          now,
          entryStatus: m?.status ?? null,
          alreadyGrabbed: m?.grabbed ?? false,
          price: row.price,
          available: m?.available ?? '0',
        });
      };
      // Most presses after the shares are gone are answered here, without waiting for the counter.
      const first = await facts(db);
      if ('refused' in first) throw refuse(grabRefusalKey[first.refused]);
      if ('soldOut' in first) return { result: 'soldOut', grab: null };
      try {
        const served = await db.transaction(async (tx) => {
          const [taken] = await tx.query<{ taken: string; code: string; price: string; locked_until: Date }>(
            `UPDATE ipo_offerings SET grab_taken = grab_taken + $2
              WHERE id = $1 AND grab_taken + $2 <= grab_shares AND grab_opens_at <= $3 AND grab_closes_at > $3
              RETURNING grab_taken::text AS taken, code, price::text AS price,
                        coalesce(lock_up_until, lists_at) AS locked_until`,
            [id, first.ok.shares, now],
          );
          if (!taken) return null;
          // Under the counter's lock: the member's facts again (a parallel press of theirs, their balance).
          const check = await facts(tx, true);
          if ('refused' in check) throw refuse(grabRefusalKey[check.refused]);
          if ('soldOut' in check) throw new Error('ipo: the counter moved past the shares under its own lock');
          const position = await openAllotment(tx, {
            memberId: p.memberId,
            symbol: taken.code,
            shares: check.ok.shares,
            price: taken.price,
            margin: check.ok.amount,
            origin: 'ipo',
            lockedUntil: new Date(taken.locked_until),
            profile: deps.profile,
            at: now,
          });
          const seq = Number(money(taken.taken).dividedBy(lotteryUnit).toFixed(0));
          await tx.query(
            `INSERT INTO ipo_grabs (offering_id, seq, member_id, shares, amount, position_id, client_key, created_at)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
            [id, seq, p.memberId, check.ok.shares, check.ok.amount.toFixed(), position.id, clientKey, now],
          );
          await post(
            tx,
            {
              kind: 'ipo_grab',
              reason: ledgerReasons.ipoGrab,
              refType: 'ipo_grab',
              refId: `${id}:${seq}`,
              requestId,
              at: now,
              lines: grabLines(p.memberId, check.ok.amount),
            },
            errorKeys.funds.insufficientAvailable,
          );
          return seq;
        });
        if (served === null) {
          // The counter would pass the shares (sold out) or the window closed between the two reads.
          const again = await facts(db);
          if ('refused' in again) throw refuse(grabRefusalKey[again.refused]);
          return { result: 'soldOut', grab: null };
        }
        return { result: 'won', grab: await grabOf(db, id, p.memberId) };
      } catch (err) {
        // The same member's parallel press was served first (one grab a member and offering).
        if (isUniqueViolation(err)) throw refuse(errorKeys.ipo.notInSubscriptionState);
        throw err;
      }
    },

    /** The press a call with this Idempotency-Key served, if it committed (a press told "sold out" wrote nothing). */
    async byGrabKey(p: Principal, key: string): Promise<{ result: 'won'; grab: IpoGrab | null } | null> {
      const [g] = await db.query<{ offering_id: string }>(
        `SELECT offering_id::text AS offering_id FROM ipo_grabs WHERE member_id = $1 AND client_key = $2`,
        [p.memberId, key],
      );
      return g ? { result: 'won', grab: await grabOf(db, g.offering_id, p.memberId) } : null;
    },

    /** The published serving order of a grab window: place, masked account, time. */
    async grabOrder(id: string) {
      const row = await offeringById(db, id);
      if (!row) throw refuse(errorKeys.ipo.notFound);
      const rows = await db.query<{ seq: number; account: string; created_at: Date }>(
        `SELECT g.seq, m.account, g.created_at FROM ipo_grabs g JOIN members m ON m.id = g.member_id
          WHERE g.offering_id = $1 ORDER BY g.seq`,
        [id],
      );
      return {
        offeringId: row.id,
        shares: row.grab_shares ?? '0',
        items: rows.map((r) => ({
          seq: r.seq,
          account: maskAccount(r.account),
          at: new Date(r.created_at).toISOString(),
        })),
      };
    },

    /** The published draw: every entry with a masked account, what it asked and what it won (docs/ipo-lottery.md). */
    async draw(p: Principal, id: string) {
      const row = await offeringById(db, id);
      if (!row) throw refuse(errorKeys.ipo.notFound);
      if (!row.drawn_at) throw refuse(errorKeys.ipo.notDrawn);
      const entries = await db.query<{ id: string; account: string; shares: string; won: string; mine: boolean }>(
        `SELECT e.id::text AS id, m.account, e.shares::text AS shares, e.won::text AS won, e.member_id = $2 AS mine
           FROM ipo_entries e JOIN members m ON m.id = e.member_id WHERE e.offering_id = $1 ORDER BY e.id`,
        [id, p.memberId],
      );
      return {
        offeringId: row.id,
        commitment: row.commitment,
        secret: row.secret,
        sharesOnOffer: row.shares_on_offer,
        drawnAt: new Date(row.drawn_at).toISOString(),
        entries: entries.map((e) => ({ id: e.id, account: maskAccount(e.account), shares: e.shares, won: e.won })),
        mine: entries.find((e) => e.mine)?.id ?? null,
      };
    },

    /**
     * /user/pj: the shares allotted to the member (IPO wins paid for, approved block trades), newest first, with their
     * lock and status.
     */
    async allotments(p: Principal): Promise<{ items: Allotment[] }> {
      const now = clock.now();
      const rows = await db.query<{
        code: string;
        name_jp: string;
        name_en: string;
        name_tw: string;
        price: string;
        shares: string;
        amount: string;
        paid_at: Date;
        lists_at: Date;
        locked_until: Date;
        position_status: string;
        order_no: string;
      }>(
        `SELECT o.code, s.name_jp, s.name_en, s.name_tw, o.price::text AS price, e.won::text AS shares,
                e.amount_paid::text AS amount, e.paid_at, o.lists_at, coalesce(o.lock_up_until, o.lists_at) AS locked_until,
                p.status AS position_status, p.order_no
           FROM ipo_entries e JOIN ipo_offerings o ON o.id = e.offering_id JOIN market_symbols s ON s.code = o.code
           JOIN trade_positions p ON p.id = e.position_id
          WHERE e.member_id = $1 AND e.status = 'paid'
         UNION ALL
         SELECT o.code, s.name_jp, s.name_en, s.name_tw, o.price::text, g.shares::text, g.amount::text, g.created_at,
                o.lists_at, coalesce(o.lock_up_until, o.lists_at), p.status, p.order_no
           FROM ipo_grabs g JOIN ipo_offerings o ON o.id = g.offering_id JOIN market_symbols s ON s.code = o.code
           JOIN trade_positions p ON p.id = g.position_id
          WHERE g.member_id = $1
          ORDER BY 8 DESC`,
        [p.memberId],
      );
      const ipo: Allotment[] = rows.map((r) => ({
        source: 'ipo' as const,
        code: r.code,
        names: { jp: r.name_jp, en: r.name_en, tw: r.name_tw },
        price: toWire(money(r.price)),
        shares: r.shares,
        amount: toWire(money(r.amount)),
        allottedAt: new Date(r.paid_at).toISOString(),
        listsAt: new Date(r.lists_at).toISOString(),
        lockedUntil: new Date(r.locked_until).toISOString(),
        status:
          r.position_status === 'closed' ? 'sold' : now < new Date(r.locked_until) ? 'locked' : ('sellable' as const),
        positionOrderNo: r.order_no,
      }));
      // Approved block trades are allotments too (issue 25 "Allotments"), newest first with the IPO ones.
      const items = [...ipo, ...(await blockAllotmentsOf(db, p.memberId, now))];
      return { items: items.sort((a, b) => (a.allottedAt < b.allottedAt ? 1 : a.allottedAt > b.allottedAt ? -1 : 0)) };
    },

    async records(p: Principal): Promise<{ items: IpoEntry[] }> {
      const rows = await db.query<EntryRow>(
        `${entrySelect} WHERE e.member_id = $1 ORDER BY e.created_at DESC, e.id DESC`,
        [p.memberId],
      );
      return { items: rows.map(entryWire) };
    },

    /** The entry a subscription with this Idempotency-Key made, if its transaction committed. */
    bySubscribeKey: (p: Principal, key: string) =>
      entryOf(db, 'e.member_id = $1 AND e.client_key = $2', [p.memberId, key]),
    /** The entry a confirmation with this Idempotency-Key paid, if its transaction committed. */
    byPayKey: (p: Principal, key: string) => entryOf(db, 'e.member_id = $1 AND e.pay_key = $2', [p.memberId, key]),

    /**
     * SPEC §4/§5: one subscription per member and new stock, in the window, in 100-share units, by a verified member
     * who can pay the hold. The offering is held FOR SHARE (a cancel waits for it); the unique key lets one of many
     * parallel tries in, and the others are told "not in subscription state (do not repeat)".
     */
    async subscribe(
      p: Principal,
      body: { id: string; shares: string },
      clientKey: string | null,
      requestId: string,
    ): Promise<IpoEntry> {
      const now = clock.now();
      await refuseIfRestricted(db, p.memberId, ['frozen', 'no_trading']);
      try {
        const entry = await db.transaction(async (tx) => {
          const offering = await offeringById(tx, body.id, 'FOR SHARE OF o');
          if (!offering) throw refuse(errorKeys.ipo.notFound);
          const [facts] = await tx.query<{ verified: boolean; subscribed: boolean; available: string }>(
            `SELECT m.real_name_status = 'verified' AS verified,
                    EXISTS (SELECT 1 FROM ipo_entries e WHERE e.offering_id = $2 AND e.member_id = m.id) AS subscribed,
                    coalesce((SELECT balance::text FROM ledger_accounts
                               WHERE member_id = m.id AND book = 'available' AND currency = 'JPY'), '0') AS available
               FROM members m WHERE m.id = $1`,
            [p.memberId, body.id],
          );
          const check = checkSubscription({
            offering: factsOf(offering),
            now,
            shares: body.shares,
            alreadySubscribed: facts?.subscribed ?? false,
            realNameVerified: facts?.verified ?? false,
            available: facts?.available ?? '0',
          });
          if ('refused' in check) throw refuse(subscribeRefusalKey[check.refused]);
          const decision = subscribe(p.memberId, check.ok.amount);
          const [row] = await tx.query<{ id: string }>(
            `INSERT INTO ipo_entries (offering_id, member_id, shares, status, held, client_key, created_at)
             VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (offering_id, member_id) DO NOTHING RETURNING id::text AS id`,
            [body.id, p.memberId, body.shares, decision.status, decision.held.toFixed(), clientKey, now],
          );
          if (!row) throw refuse(errorKeys.ipo.notInSubscriptionState);
          await post(
            tx,
            {
              kind: 'ipo_hold',
              reason: ledgerReasons.ipoHold,
              refType: 'ipo',
              refId: row.id,
              requestId,
              at: now,
              lines: decision.lines,
            },
            errorKeys.funds.insufficientAvailable,
          );
          return (await entryOf(tx, 'e.id = $1', [row.id])) as IpoEntry;
        });
        return entry;
      } catch (err) {
        // The same member's parallel try committed first (the unique key), or the same key's retry raced this one.
        if (isUniqueViolation(err)) {
          const again = clientKey
            ? await entryOf(db, 'e.member_id = $1 AND e.client_key = $2', [p.memberId, clientKey])
            : null;
          if (again) return again;
          throw refuse(errorKeys.ipo.notInSubscriptionState);
        }
        throw err;
      }
    },

    /**
     * The winner confirms the purchase (購入申込) before the deadline: the amount due moves from `frozen` to `margin`
     * and the shares become a holding position at the offering price, origin `ipo`, whose sale the stock's rule locks
     * until listing (and the lock-up). A second confirmation is "not in subscription state (do not repeat)".
     */
    async pay(p: Principal, body: { entryId: string }, clientKey: string | null, requestId: string): Promise<IpoEntry> {
      const now = clock.now();
      await refuseIfRestricted(db, p.memberId, ['frozen', 'no_trading']);
      const entry = await db.transaction(async (tx) => {
        const [row] = await tx.query<EntryRow & { opened: boolean }>(
          `${entrySelect} WHERE e.id = $1 AND e.member_id = $2 FOR UPDATE OF e`,
          [body.entryId, p.memberId],
        );
        if (!row) throw refuse(errorKeys.order.notExist);
        const decision = pay(stateOfEntry(row), { now, payBy: new Date(row.pay_by) });
        if ('refused' in decision) throw refuse(errorKeys.ipo.notInSubscriptionState);
        const due = money(row.held);
        const position = await openAllotment(tx, {
          memberId: p.memberId,
          symbol: row.code,
          shares: row.won,
          price: row.price,
          margin: due,
          origin: 'ipo',
          lockedUntil: await saleLockOf(tx, row.offering_id),
          profile: deps.profile,
          at: now,
        });
        await tx.query(
          `UPDATE ipo_entries SET status = $2, held = $3, amount_paid = $4, paid_at = $5, position_id = $6, pay_key = $7
            WHERE id = $1`,
          [row.id, decision.status, decision.held.toFixed(), due.toFixed(), now, position.id, clientKey],
        );
        await post(
          tx,
          {
            kind: 'ipo_pay',
            reason: ledgerReasons.ipoPay,
            refType: 'ipo',
            refId: row.id,
            requestId,
            at: now,
            lines: decision.lines,
          },
          errorKeys.process.busy,
        );
        await writeOutbox(
          tx,
          { topic: 'member', memberId: p.memberId, type: entryChanged, payload: { entryId: row.id, status: 'paid' } },
          now,
        );
        return (await entryOf(tx, 'e.id = $1', [row.id])) as IpoEntry;
      });
      deps.afterCommit?.();
      return entry;
    },

    async adminList(): Promise<{ items: (Offering & { createdBy: string })[] }> {
      const now = clock.now();
      const rows = await db.query<OfferingRow>(`${offeringSelect} ORDER BY o.id DESC LIMIT 200`);
      return { items: rows.map((r) => ({ ...offeringWire(r, now), createdBy: r.created_by })) };
    },

    /**
     * Staff set up an offering: the terms in order, none in the past, a lock-up not before listing, a code no stock
     * has. The secret is drawn here and only its SHA-256 is shown until the draw, so nothing can steer the draw after.
     */
    async create(
      staff: StaffPrincipal,
      body: {
        code: string;
        nameJp: string;
        nameEn: string;
        nameTw: string;
        price: string;
        sharesOnOffer: string;
        opensAt: string;
        closesAt: string;
        drawAt: string;
        payBy: string;
        listsAt: string;
        lockUpUntil: string | null;
        reason: string;
      },
      requestId: string,
    ): Promise<Offering> {
      const now = clock.now();
      const terms = {
        price: body.price,
        sharesOnOffer: body.sharesOnOffer,
        opensAt: new Date(body.opensAt),
        closesAt: new Date(body.closesAt),
        drawAt: new Date(body.drawAt),
        payBy: new Date(body.payBy),
        listsAt: new Date(body.listsAt),
      };
      const refused = checkTerms(terms);
      if (refused) throw refuse(termsRefusalKey[refused]);
      if (terms.opensAt < now) throw refuse(errorKeys.ipo.timesInPast);
      const lockUp = body.lockUpUntil === null ? null : new Date(body.lockUpUntil);
      if (lockUp && lockUp < terms.listsAt) throw refuse(errorKeys.ipo.lockUpBeforeListing);
      const secret = randomBytes(32).toString('hex');
      const commitment = await commitmentOf(secret);
      const id = await db.transaction(async (tx) => {
        const added = await addUpcomingSymbol(tx, {
          code: body.code,
          names: { jp: body.nameJp, en: body.nameEn, tw: body.nameTw },
          price: body.price,
          at: now,
        });
        if (!added) throw refuse(errorKeys.ipo.codeTaken);
        const [row] = await tx.query<{ id: string }>(
          `INSERT INTO ipo_offerings (code, price, shares_on_offer, opens_at, closes_at, draw_at, pay_by, lists_at,
             lock_up_until, commitment, secret, created_by, created_at)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13) RETURNING id::text AS id`,
          [
            body.code,
            body.price,
            body.sharesOnOffer,
            terms.opensAt,
            terms.closesAt,
            terms.drawAt,
            terms.payBy,
            terms.listsAt,
            lockUp,
            commitment,
            secret,
            staff.memberId,
            now,
          ],
        );
        await recordAudit(
          tx,
          {
            actorId: staff.memberId,
            actorRole: staff.role,
            action: 'ipo.create',
            target: body.code,
            reason: body.reason,
            requestId,
          },
          now,
        );
        return row?.id ?? '';
      });
      return offeringWire((await offeringById(db, id)) as OfferingRow, now);
    },

    /** Staff cancel an offering before its draw: every hold is released in one pass, the reason on each timeline. */
    async cancel(staff: StaffPrincipal, body: { id: string; reason: string }, requestId: string): Promise<Offering> {
      const now = clock.now();
      await db.transaction(async (tx) => {
        const offering = await offeringById(tx, body.id, 'FOR UPDATE OF o');
        if (!offering) throw refuse(errorKeys.ipo.notFound);
        const phase = offeringPhase(factsOf(offering), now);
        if (phase === 'drawn' || phase === 'listed' || phase === 'cancelled')
          throw refuse(errorKeys.ipo.notCancellable);
        const entries = await tx.query<{
          id: string;
          member_id: string;
          status: EntryState['status'];
          held: string;
          won: string;
        }>(
          `SELECT id::text AS id, member_id::text AS member_id, status, held::text AS held, won::text AS won
             FROM ipo_entries WHERE offering_id = $1 AND status = 'awaitingDraw' ORDER BY id FOR UPDATE`,
          [body.id],
        );
        const decided = entries.flatMap((e) => {
          const d = cancelEntry(stateOfEntry(e));
          return d ? [{ e, d }] : [];
        });
        await tx.query(
          `UPDATE ipo_entries SET status = 'cancelled', held = 0, ended_at = $2, end_reason = $3 WHERE id = ANY($1::bigint[])`,
          [decided.map(({ e }) => e.id), now, body.reason],
        );
        await postMany(
          tx,
          decided
            .filter(({ d }) => d.lines.length > 0)
            .map(({ e, d }) => ({
              kind: 'ipo_cancel',
              reason: ledgerReasons.ipoCancel,
              refType: 'ipo',
              refId: e.id,
              requestId,
              at: now,
              lines: d.lines,
            })),
          errorKeys.process.busy,
        );
        await tx.query(
          `UPDATE ipo_offerings SET cancelled_at = $2, cancel_reason = $3, cancelled_by = $4 WHERE id = $1`,
          [body.id, now, body.reason, staff.memberId],
        );
        await withdrawUpcomingSymbol(tx, {
          code: offering.code,
          reason: body.reason,
          staffId: staff.memberId,
          at: now,
        });
        await writeOutboxOncePerMember(
          tx,
          decided.map(({ e }) => ({
            topic: 'member',
            memberId: e.member_id,
            type: entryChanged,
            payload: { entryId: e.id, status: 'cancelled' },
          })),
          now,
        );
        await recordAudit(
          tx,
          {
            actorId: staff.memberId,
            actorRole: staff.role,
            action: 'ipo.cancel',
            target: offering.code,
            reason: body.reason,
            requestId,
          },
          now,
        );
      });
      deps.afterCommit?.();
      return offeringWire((await offeringById(db, body.id)) as OfferingRow, now);
    },

    /**
     * Staff set the grab window once the unconfirmed wins have lapsed: the lapsed wins' shares are re-offered, first
     * come first served, in a window that ends by the listing. Set once (the odds of those waiting must not move).
     */
    async setGrabWindow(
      staff: StaffPrincipal,
      body: { id: string; opensAt: string; closesAt: string; reason: string },
      requestId: string,
    ): Promise<Offering> {
      const now = clock.now();
      await db.transaction(async (tx) => {
        const offering = await offeringById(tx, body.id, 'FOR UPDATE OF o');
        if (!offering) throw refuse(errorKeys.ipo.notFound);
        const [lapsed] = await tx.query<{ shares: string }>(
          `SELECT coalesce(sum(won), 0)::text AS shares FROM ipo_entries WHERE offering_id = $1 AND status = 'lapsed'`,
          [body.id],
        );
        const refused = checkGrabWindow({
          lapsedAt: offering.lapsed_at ? new Date(offering.lapsed_at) : null,
          listsAt: new Date(offering.lists_at),
          lapsedShares: lapsed?.shares ?? '0',
          alreadySet: offering.grab_opens_at !== null,
          opensAt: new Date(body.opensAt),
          closesAt: new Date(body.closesAt),
          now,
        });
        if (refused) throw refuse(grabWindowRefusalKey[refused]);
        await tx.query(
          `UPDATE ipo_offerings SET grab_opens_at = $2, grab_closes_at = $3, grab_shares = $4, grab_set_by = $5
            WHERE id = $1`,
          [body.id, body.opensAt, body.closesAt, lapsed?.shares ?? '0', staff.memberId],
        );
        await recordAudit(
          tx,
          {
            actorId: staff.memberId,
            actorRole: staff.role,
            action: 'ipo.grabWindow',
            target: offering.code,
            reason: body.reason,
            requestId,
          },
          now,
        );
      });
      return offeringWire((await offeringById(db, body.id)) as OfferingRow, now);
    },
  };
}
export type IpoService = ReturnType<typeof ipoService>;
