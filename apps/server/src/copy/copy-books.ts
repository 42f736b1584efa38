import type { Sql } from '@kabuto/db/database';
import { Decimal } from '@kabuto/domain/money';

/**
 * Issue 26: a member's follows share the member's `copy` book; each follow's part of it is proven from the journal:
 * the postings on that book of the entries of the follow itself (ref 'copy' / follow id: the capital in, the fee and
 * the return out) and of its mirrored positions (ref 'trade' / their order numbers, found through copy_mirrors: each
 * open's margin and fee out, each close's margin ± P&L − charges back).
 */
const followBalancesSql = (where: string) => `
  WITH fo AS (SELECT f.id, f.member_id, f.status FROM copy_follows f WHERE ${where}),
  refs AS (
    SELECT fo.id AS follow_id, 'copy' AS ref_type, fo.id::text AS ref_id FROM fo
    UNION ALL
    SELECT m.follow_id, 'trade', m.follower_order_no FROM copy_mirrors m JOIN fo ON fo.id = m.follow_id
     WHERE m.event = 'open' AND m.outcome = 'mirrored'
  )
  SELECT fo.id::text AS id, fo.member_id::text AS member_id, fo.status, coalesce(sum(po.amount), 0)::text AS balance
    FROM fo
    LEFT JOIN ledger_accounts a ON a.member_id = fo.member_id AND a.book = 'copy' AND a.currency = 'JPY'
    LEFT JOIN refs r ON r.follow_id = fo.id
    LEFT JOIN journal_entries e ON e.ref_type = r.ref_type AND e.ref_id = r.ref_id
    LEFT JOIN postings po ON po.entry_id = e.id AND po.account_id = a.id
   GROUP BY fo.id, fo.member_id, fo.status`;

/** Each follow's money not in positions (its part of the copy book), by follow id. */
export async function followFree(sql: Sql, followIds: readonly string[]): Promise<Map<string, Decimal>> {
  if (followIds.length === 0) return new Map();
  const rows = await sql.query<{ id: string; balance: string }>(followBalancesSql(`f.id = ANY($1::uuid[])`), [
    [...followIds],
  ]);
  return new Map(rows.map((r) => [r.id, new Decimal(r.balance)]));
}

export interface FollowBooksReport {
  ok: boolean;
  follows: number;
  /** A follow whose part is negative, or an ended follow with money left in it. */
  badFollows: { id: string; status: string; balance: string }[];
  /** A member whose copy book differs from the sum of their follows' parts. */
  badMembers: { memberId: string; book: string; follows: string }[];
}

/** Proves every follow's book from its entries, and every member's copy book as the sum of them. */
export async function reconcileFollows(sql: Sql): Promise<FollowBooksReport> {
  const rows = await sql.query<{ id: string; member_id: string; status: string; balance: string }>(
    followBalancesSql('true'),
  );
  const badFollows = rows
    .filter((r) => new Decimal(r.balance).lt(0) || (r.status === 'ended' && !new Decimal(r.balance).isZero()))
    .map((r) => ({ id: r.id, status: r.status, balance: r.balance }));
  const sums = new Map<string, Decimal>();
  for (const r of rows) sums.set(r.member_id, (sums.get(r.member_id) ?? new Decimal(0)).plus(r.balance));
  const books = await sql.query<{ member_id: string; balance: string }>(
    `SELECT member_id::text AS member_id, balance::text AS balance FROM ledger_accounts WHERE book = 'copy'`,
  );
  const badMembers = books
    .filter((b) => !(sums.get(b.member_id) ?? new Decimal(0)).eq(b.balance))
    .map((b) => ({
      memberId: b.member_id,
      book: b.balance,
      follows: (sums.get(b.member_id) ?? new Decimal(0)).toFixed(),
    }));
  return { ok: badFollows.length === 0 && badMembers.length === 0, follows: rows.length, badFollows, badMembers };
}
