import type { Database, Sql } from '@kabuto/db/database';
import { toWire } from '@kabuto/domain/money';
import { checkAlert } from '@kabuto/domain/notices/price-alert';
import { errorKeys } from '@kabuto/contracts/errors';
import type { AlertWire, NoticeWire } from '@kabuto/contracts/notices/notices';
import { alertRefusalKey, maxActiveAlerts } from '@kabuto/contracts/notices/refusals';
import { money } from '@kabuto/domain/money';
import { refuse } from '../errors/public.ts';
import type { Principal } from '../http/public.ts';
import type { MarketSnapshot } from '../market/public.ts';
import type { Clock } from '../clock.ts';
import { writeOutbox } from '../platform/public.ts';

export interface NoticeDeps {
  db: Database;
  clock: Clock;
  /** The stock's tick table and whether it is listed. */
  market: Pick<MarketSnapshot, 'get'>;
  afterCommit?: () => void;
}

/** The member event an alert's creation or deletion sends: the leader's alert index re-reads it. */
export const alertChanged = 'alert.changed';

interface NoticeRow {
  id: string;
  topic: NoticeWire['topic'];
  text_key: string;
  params: unknown;
  link: string | null;
  created_at: Date;
  read_at: Date | null;
}

interface AlertRow {
  id: string;
  symbol: string;
  kind: AlertWire['kind'];
  price: string | null;
  percent: string | null;
  state: AlertWire['state'];
  created_at: Date;
  fired_at: Date | null;
  fired_price: string | null;
}

const iso = (d: Date | string) => (d instanceof Date ? d : new Date(d)).toISOString();
const decimal = (v: string | null) => (v === null ? null : toWire(money(v)));

const noticeWire = (r: NoticeRow): NoticeWire => {
  const raw: unknown = typeof r.params === 'string' ? JSON.parse(r.params) : r.params;
  const params: Record<string, string> = {};
  if (raw && typeof raw === 'object')
    for (const [k, v] of Object.entries(raw as Record<string, unknown>)) if (typeof v === 'string') params[k] = v;
  return {
    id: r.id,
    topic: r.topic,
    key: r.text_key,
    params,
    link: r.link,
    createdAt: iso(r.created_at),
    read: r.read_at !== null,
  };
};

export const alertColumns = `id::text AS id, symbol, kind, price::text AS price, percent::text AS percent, state,
  created_at, fired_at, fired_price::text AS fired_price`;

const alertWire = (r: AlertRow): AlertWire => ({
  id: r.id,
  symbol: r.symbol,
  kind: r.kind,
  price: decimal(r.price),
  percent: decimal(r.percent),
  state: r.state,
  createdAt: iso(r.created_at),
  firedAt: r.fired_at === null ? null : iso(r.fired_at),
  firedPrice: decimal(r.fired_price),
});

const unreadOf = async (sql: Sql, memberId: string): Promise<number> => {
  const [r] = await sql.query<{ n: string }>(
    `SELECT count(*)::text AS n FROM notices WHERE member_id = $1 AND read_at IS NULL`,
    [memberId],
  );
  return Number(r?.n ?? 0);
};

/**
 * Issue 27: a member's notices (each read only by its member) and the price alerts they set. Alerts are checked by the
 * domain's rule against the stock's tick table; the leader's watcher (`price-alert-watcher.ts`) fires them.
 */
export function noticeService(deps: NoticeDeps) {
  const { db, clock } = deps;
  return {
    async list(
      p: Principal,
      q: { page: number; pageSize: number },
    ): Promise<{ items: NoticeWire[]; total: number; unread: number }> {
      const [count] = await db.query<{ n: string; unread: string }>(
        `SELECT count(*)::text AS n, count(*) FILTER (WHERE read_at IS NULL)::text AS unread
           FROM notices WHERE member_id = $1`,
        [p.memberId],
      );
      const rows = await db.query<NoticeRow>(
        `SELECT id::text AS id, topic, text_key, params, link, created_at, read_at FROM notices
          WHERE member_id = $1 ORDER BY id DESC LIMIT ${q.pageSize} OFFSET ${(q.page - 1) * q.pageSize}`,
        [p.memberId],
      );
      return { items: rows.map(noticeWire), total: Number(count?.n ?? 0), unread: Number(count?.unread ?? 0) };
    },

    async unread(p: Principal): Promise<{ unread: number }> {
      return { unread: await unreadOf(db, p.memberId) };
    },

    /** Marks one notice read (only the member's own: another's is "not found") or all of them. */
    async read(p: Principal, body: { id?: string | undefined; all?: true | undefined }): Promise<{ unread: number }> {
      const now = clock.now();
      if (body.id !== undefined) {
        const rows = await db.query(
          `UPDATE notices SET read_at = coalesce(read_at, $3) WHERE id = $1 AND member_id = $2 RETURNING id`,
          [body.id, p.memberId, now],
        );
        if (rows.length === 0) throw refuse(errorKeys.notices.notFound);
      } else {
        await db.query(`UPDATE notices SET read_at = $2 WHERE member_id = $1 AND read_at IS NULL`, [p.memberId, now]);
      }
      return { unread: await unreadOf(db, p.memberId) };
    },

    async alerts(p: Principal): Promise<{ items: AlertWire[] }> {
      const rows = await db.query<AlertRow>(
        `SELECT ${alertColumns} FROM price_alerts WHERE member_id = $1
          ORDER BY state = 'active' DESC, coalesce(fired_at, created_at) DESC, id`,
        [p.memberId],
      );
      return { items: rows.map(alertWire) };
    },

    async createAlert(
      p: Principal,
      body: { symbol: string; kind: string; price?: string | undefined; percent?: string | undefined },
    ): Promise<AlertWire> {
      const entry = deps.market.get(body.symbol);
      if (!entry || entry.status === 'delisted') throw refuse(errorKeys.market.unknownSymbol);
      const checked = checkAlert(body, entry.company.tickTable);
      if ('refused' in checked) throw refuse(alertRefusalKey[checked.refused]);
      const a = checked.ok;
      const now = clock.now();
      const row = await db.transaction(async (tx) => {
        // The member's alerts are counted under a lock on the member's row, so two at once cannot pass the cap.
        await tx.query(`SELECT 1 FROM members WHERE id = $1 FOR UPDATE`, [p.memberId]);
        const [n] = await tx.query<{ n: string }>(
          `SELECT count(*)::text AS n FROM price_alerts WHERE member_id = $1 AND state = 'active'`,
          [p.memberId],
        );
        if (Number(n?.n ?? 0) >= maxActiveAlerts) throw refuse(errorKeys.alerts.tooMany);
        const [r] = await tx.query<AlertRow>(
          `INSERT INTO price_alerts (member_id, symbol, kind, price, percent, created_at)
           VALUES ($1, $2, $3, $4, $5, $6) RETURNING ${alertColumns}`,
          [
            p.memberId,
            body.symbol,
            a.kind,
            a.kind === 'move' ? null : a.price,
            a.kind === 'move' ? a.percent : null,
            now,
          ],
        );
        const created = r as AlertRow;
        await writeOutbox(
          tx,
          { topic: 'member', memberId: p.memberId, type: alertChanged, payload: { alertId: created.id } },
          now,
        );
        return created;
      });
      deps.afterCommit?.();
      return alertWire(row);
    },

    /** Deletes one of the member's alerts (another member's is "not found"). */
    async deleteAlert(p: Principal, body: { id: string }): Promise<Record<string, never>> {
      const now = clock.now();
      await db.transaction(async (tx) => {
        const rows = await tx.query(`DELETE FROM price_alerts WHERE id = $1 AND member_id = $2 RETURNING id`, [
          body.id,
          p.memberId,
        ]);
        if (rows.length === 0) throw refuse(errorKeys.alerts.notFound);
        await writeOutbox(
          tx,
          { topic: 'member', memberId: p.memberId, type: alertChanged, payload: { alertId: body.id } },
          now,
        );
      });
      deps.afterCommit?.();
      return {};
    },
  };
}
export type NoticeService = ReturnType<typeof noticeService>;
