import type { Database, Sql } from '@kabuto/db/database';
import { Decimal, toWire } from '@kabuto/domain/money';
import { currencies, type Currency } from '@kabuto/domain/currency';
import type { FundRecord } from '@kabuto/contracts/funds/deposits';
import type { TimelineEntry } from '@kabuto/contracts/funds/records';
import type { ResponseOf } from '@kabuto/contracts/call';
import type { assetsCall } from '@kabuto/contracts/funds/assets';
import type { Principal } from '../http/public.ts';
import type { Clock } from '../clock.ts';
import type { RateProvider } from '../fx/public.ts';
import { fundRecord, type FundRow } from './fund-record.ts';

// A member's deposits and withdrawals in the shape of one fund record (detail: channel, or card masked).
const fundRecordsUnion = `
  SELECT 'deposit' AS type, d.id::text AS id, d.order_no, d.currency, d.amount::text AS amount, d.status, d.remarks, d.created_at, d.decided_at,
         c.name AS detail
    FROM deposits d JOIN deposit_channels c ON c.id = d.channel_id WHERE d.member_id = $1
  UNION ALL
  SELECT 'withdrawal', w.id::text, w.order_no, w.currency, w.amount::text, w.status, w.remarks, w.created_at, w.decided_at,
         c.bank_name || ' ****' || right(c.card_number, 4)
    FROM withdrawals w JOIN bank_cards c ON c.id = w.bank_card_id WHERE w.member_id = $1`;

// `copy` (issue 26): the capital of the member's copy-trading follows not in positions, part of their assets.
type Books = { available: Decimal; frozen: Decimal; margin: Decimal; loan: Decimal; copy: Decimal };
const zeroBooks = (): Books => ({
  available: new Decimal(0),
  frozen: new Decimal(0),
  margin: new Decimal(0),
  loan: new Decimal(0),
  copy: new Decimal(0),
});

/** Every currency the member holds, book by book (zero books included for JPY). */
export async function memberBalances(sql: Sql, memberId: string): Promise<Map<Currency, Books>> {
  const rows = await sql.query<{ book: keyof Books; currency: Currency; balance: string }>(
    `SELECT book, currency, balance::text AS balance FROM ledger_accounts WHERE member_id = $1`,
    [memberId],
  );
  const out = new Map<Currency, Books>([['JPY', zeroBooks()]]);
  for (const r of rows) {
    const books = out.get(r.currency) ?? zeroBooks();
    books[r.book] = new Decimal(r.balance);
    out.set(r.currency, books);
  }
  return new Map([...out].sort(([a], [b]) => currencies.indexOf(a) - currencies.indexOf(b)));
}

export const balancesWire = (m: Map<Currency, Books>) =>
  [...m].map(([currency, b]) => ({
    currency,
    available: toWire(b.available),
    frozen: toWire(b.frozen),
    margin: toWire(b.margin),
    loan: toWire(b.loan),
  }));

// Entries on the member's books, plus the referral reward their first deposit earned their inviter
// (issue 3: shown in both members' timelines; the invitee's copy has no lines of its own).
const touches = `(e.id IN (SELECT p.entry_id FROM postings p JOIN ledger_accounts a ON a.id = p.account_id WHERE a.member_id = $1)
  OR (e.ref_type = 'referral' AND e.ref_id = $1::text))`;

/**
 * The journal entries that touched a member, newest first, each with its lines on the member's books; `ref` narrows
 * them to one business row's (a position's entries on its detail screen).
 */
export async function memberTimeline(
  sql: Sql,
  memberId: string,
  page: number,
  pageSize: number,
  ref?: { refType: string; refId: string },
): Promise<{ items: TimelineEntry[]; total: number }> {
  const filter = ref ? `${touches} AND e.ref_type = $2 AND e.ref_id = $3` : touches;
  const args = ref ? [memberId, ref.refType, ref.refId] : [memberId];
  const [count] = await sql.query<{ n: string }>(
    `SELECT count(*)::text AS n FROM journal_entries e WHERE ${filter}`,
    args,
  );
  const entries = await sql.query<{
    id: string;
    kind: string;
    reason: string;
    ref_type: string;
    ref_id: string;
    created_at: Date;
    covers_from: string | null;
    covers_to: string | null;
  }>(
    `SELECT e.id::text AS id, e.kind, e.reason, e.ref_type, e.ref_id, e.created_at,
            e.covers_from::text AS covers_from, e.covers_to::text AS covers_to FROM journal_entries e
      WHERE ${filter}
      ORDER BY e.created_at DESC, e.id DESC LIMIT ${pageSize} OFFSET ${(page - 1) * pageSize}`,
    args,
  );
  const lines = entries.length
    ? await sql.query<{ entry_id: string; currency: string; book: string; amount: string }>(
        `SELECT p.entry_id::text AS entry_id, p.currency, a.book, p.amount::text AS amount FROM postings p JOIN ledger_accounts a ON a.id = p.account_id
          WHERE a.member_id = $1 AND p.entry_id = ANY($2::bigint[]) ORDER BY p.id`,
        [memberId, entries.map((e) => e.id)],
      )
    : [];
  return {
    total: Number(count?.n ?? 0),
    items: entries.map((e) => ({
      entryId: e.id,
      kind: e.kind,
      reason: e.reason,
      refType: e.ref_type,
      refId: e.ref_id,
      at: new Date(e.created_at).toISOString(),
      covers: e.covers_from && e.covers_to ? { from: e.covers_from, to: e.covers_to } : null,
      lines: lines
        .filter((l) => l.entry_id === e.id)
        .map((l) => ({ currency: l.currency, book: l.book, amount: toWire(new Decimal(l.amount)) })),
    })),
  };
}

export function recordsService(deps: {
  db: Database;
  clock: Clock;
  rates: RateProvider;
  /** The member's open positions valued now (the trading module): unrealised P&L, and realised + unrealised profit. */
  trading?: (memberId: string) => Promise<{ unrealised: string; profit: string }>;
}) {
  const { db } = deps;
  return {
    /**
     * SPEC §3 Funds and DESIGN: total assets = available + frozen + margin + unrealised P&L; profit = realised +
     * unrealised P&L (after fees). Other currencies count toward the JPY totals at the current rate.
     */
    async assets(p: Principal): Promise<ResponseOf<typeof assetsCall>> {
      const balances = await memberBalances(db, p.memberId);
      let available = new Decimal(0);
      let frozen = new Decimal(0);
      let margin = new Decimal(0);
      let copy = new Decimal(0);
      for (const [currency, b] of balances) {
        const rate =
          currency === 'JPY' ? new Decimal(1) : (await deps.rates.rate(currency, 'JPY', deps.clock.now())).rate;
        available = available.plus(b.available.times(rate));
        frozen = frozen.plus(b.frozen.times(rate));
        margin = margin.plus(b.margin.times(rate));
        copy = copy.plus(b.copy.times(rate));
      }
      const [m] = await db.query<{ real_name_status: 'unverified' | 'pending' | 'verified' | 'rejected' }>(
        `SELECT real_name_status FROM members WHERE id = $1`,
        [p.memberId],
      );
      const round = (d: Decimal) => toWire(d.toDecimalPlaces(2, Decimal.ROUND_HALF_UP));
      const pnl = deps.trading ? await deps.trading(p.memberId) : { unrealised: '0', profit: '0' };
      return {
        currency: 'JPY',
        totalAssets: round(available.plus(frozen).plus(margin).plus(copy).plus(pnl.unrealised)),
        available: round(available),
        frozen: round(frozen),
        profit: round(new Decimal(pnl.profit)),
        balances: balancesWire(balances),
        realNameStatus: m?.real_name_status ?? 'unverified',
      };
    },

    /** Deposits and withdrawals as one list, filtered, ordered and paged in the database. */
    async fundRecords(
      p: Principal,
      q: { type: 'all' | 'deposit' | 'withdrawal'; page: number; pageSize: number },
    ): Promise<{ items: FundRecord[]; total: number }> {
      const types = q.type === 'all' ? ['deposit', 'withdrawal'] : [q.type];
      const [count] = await db.query<{ n: string }>(
        `SELECT count(*)::text AS n FROM (${fundRecordsUnion}) r WHERE r.type = ANY($2::text[])`,
        [p.memberId, types],
      );
      const rows = await db.query<FundRow & { type: FundRecord['type']; detail: string }>(
        `SELECT * FROM (${fundRecordsUnion}) r WHERE r.type = ANY($2::text[]) ORDER BY r.created_at DESC, r.order_no DESC
          LIMIT ${q.pageSize} OFFSET ${(q.page - 1) * q.pageSize}`,
        [p.memberId, types],
      );
      return { total: Number(count?.n ?? 0), items: rows.map((r) => fundRecord(r, r.type, r.detail)) };
    },

    timeline: (p: Principal, q: { page: number; pageSize: number }) =>
      memberTimeline(db, p.memberId, q.page, q.pageSize),
  };
}
