import { assertBalanced, type AccountRef, type PostingLine } from '@kabuto/domain/ledger/journal';
import { Decimal, toWire } from '@kabuto/domain/money';
import type { Currency } from '@kabuto/domain/currency';
import type { Sql } from './database.ts';
import { isCheckViolation } from './pg-errors.ts';

/** A posting would take a member's available or frozen balance below zero. */
export class InsufficientFundsError extends Error {
  constructor() {
    super('insufficient funds');
    this.name = 'InsufficientFundsError';
  }
}

export interface EntryInput {
  kind: string;
  /** The message key a member reads in the timeline. */
  reason: string;
  refType: string;
  refId: string;
  requestId?: string;
  at: Date;
  lines: readonly PostingLine[];
}

const refKey = (ref: AccountRef, currency: Currency): string =>
  'house' in ref ? `h:${ref.house}:${currency}` : `m:${ref.member}:${ref.book}:${currency}`;

async function accountId(sql: Sql, ref: AccountRef, currency: Currency): Promise<string> {
  if ('house' in ref) {
    await sql.query(`INSERT INTO ledger_accounts (house, currency) VALUES ($1, $2) ON CONFLICT (house, currency) WHERE house IS NOT NULL DO NOTHING`, [ref.house, currency]);
    const [row] = await sql.query<{ id: string }>(`SELECT id::text AS id FROM ledger_accounts WHERE house = $1 AND currency = $2`, [ref.house, currency]);
    return (row as { id: string }).id;
  }
  await sql.query(
    `INSERT INTO ledger_accounts (member_id, book, currency) VALUES ($1, $2, $3) ON CONFLICT (member_id, book, currency) WHERE member_id IS NOT NULL DO NOTHING`,
    [ref.member, ref.book, currency],
  );
  const [row] = await sql.query<{ id: string }>(`SELECT id::text AS id FROM ledger_accounts WHERE member_id = $1 AND book = $2 AND currency = $3`, [ref.member, ref.book, currency]);
  return (row as { id: string }).id;
}


/**
 * Writes one balanced journal entry and moves the balances it names, inside the caller's
 * transaction (the one that writes the business row). Accounts are locked in id order.
 */
export async function postEntry(sql: Sql, entry: EntryInput): Promise<string> {
  assertBalanced(entry.lines);
  const ids = new Map<string, string>();
  for (const line of entry.lines) {
    const key = refKey(line.account, line.currency);
    if (!ids.has(key)) ids.set(key, await accountId(sql, line.account, line.currency));
  }
  const deltas = new Map<string, Decimal>();
  for (const line of entry.lines) {
    const id = ids.get(refKey(line.account, line.currency)) as string;
    deltas.set(id, (deltas.get(id) ?? new Decimal(0)).plus(line.amount));
  }
  const ordered = [...deltas.keys()].sort((a, b) => (BigInt(a) < BigInt(b) ? -1 : 1));
  await sql.query(`SELECT id FROM ledger_accounts WHERE id = ANY($1::bigint[]) ORDER BY id FOR UPDATE`, [ordered]);
  const [row] = await sql.query<{ id: string }>(
    `INSERT INTO journal_entries (kind, reason, ref_type, ref_id, request_id, created_at) VALUES ($1, $2, $3, $4, $5, $6) RETURNING id::text AS id`,
    [entry.kind, entry.reason, entry.refType, entry.refId, entry.requestId ?? '', entry.at],
  );
  const entryId = (row as { id: string }).id;
  for (const line of entry.lines) {
    await sql.query(`INSERT INTO postings (entry_id, account_id, currency, amount) VALUES ($1, $2, $3, $4)`, [
      entryId, ids.get(refKey(line.account, line.currency)) as string, line.currency, toWire(line.amount),
    ]);
  }
  // Marks this transaction as posting, so the balance guard (migration 004) lets these updates through.
  await sql.query(`SELECT set_config('kabuto.posting', 'on', true)`);
  try {
    for (const id of ordered) {
      const delta = deltas.get(id) as Decimal;
      if (!delta.isZero()) await sql.query(`UPDATE ledger_accounts SET balance = balance + $2::numeric WHERE id = $1`, [id, toWire(delta)]);
    }
  } catch (err) {
    if (isCheckViolation(err, 'ledger_member_balance_not_negative')) throw new InsufficientFundsError();
    throw err;
  }
  await sql.query(`SELECT set_config('kabuto.posting', '', true)`);
  return entryId;
}

export interface ReconciliationReport {
  ok: boolean;
  entries: number;
  accounts: number;
  unbalancedEntries: { entryId: string; currency: string; sum: string }[];
  balanceDifferences: { accountId: string; owner: string; currency: string; stored: string; fromJournal: string }[];
  currencyTotals: { currency: string; total: string }[];
}

/** Recomputes every balance from the journal and checks every entry balances (`npm run reconcile`). */
export async function reconcile(sql: Sql): Promise<ReconciliationReport> {
  const unbalancedEntries = await sql.query<{ entryId: string; currency: string; sum: string }>(
    `SELECT entry_id::text AS "entryId", currency, sum(amount)::text AS sum FROM postings GROUP BY entry_id, currency HAVING sum(amount) <> 0 ORDER BY entry_id`,
  );
  const balanceDifferences = await sql.query<{ accountId: string; owner: string; currency: string; stored: string; fromJournal: string }>(
    `SELECT a.id::text AS "accountId", coalesce(a.member_id::text || ':' || a.book, 'house:' || a.house) AS owner, a.currency,
            a.balance::text AS stored, coalesce(sum(p.amount), 0)::text AS "fromJournal"
       FROM ledger_accounts a LEFT JOIN postings p ON p.account_id = a.id
      GROUP BY a.id HAVING a.balance <> coalesce(sum(p.amount), 0) ORDER BY a.id`,
  );
  const currencyTotals = await sql.query<{ currency: string; total: string }>(
    `SELECT currency, sum(balance)::text AS total FROM ledger_accounts GROUP BY currency ORDER BY currency`,
  );
  const [counts] = await sql.query<{ entries: string; accounts: string }>(
    `SELECT (SELECT count(*) FROM journal_entries)::text AS entries, (SELECT count(*) FROM ledger_accounts)::text AS accounts`,
  );
  const badTotals = currencyTotals.filter((t) => !new Decimal(t.total).isZero());
  return {
    ok: unbalancedEntries.length === 0 && balanceDifferences.length === 0 && badTotals.length === 0,
    entries: Number(counts?.entries ?? 0),
    accounts: Number(counts?.accounts ?? 0),
    unbalancedEntries,
    balanceDifferences,
    currencyTotals,
  };
}
