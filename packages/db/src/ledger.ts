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

/**
 * House accounts are split into this many shards (migration 012): concurrent entries of different business rows
 * lock different rows, so no house account serialises every order. A house balance is the sum of its shards.
 */
export const HOUSE_SHARDS = 16;

/** The shard an entry's house lines post to: a hash of its business row, so retries and reruns land alike. */
export function houseShard(entry: Pick<EntryInput, 'refType' | 'refId'>): number {
  let h = 2166136261;
  for (const ch of `${entry.refType}:${entry.refId}`) h = Math.imul(h ^ ch.charCodeAt(0), 16777619);
  return (h >>> 0) % HOUSE_SHARDS;
}

const refKey = (ref: AccountRef, currency: Currency, shard: number): string =>
  'house' in ref ? `h:${ref.house}:${currency}:${shard}` : `m:${ref.member}:${ref.book}:${currency}`;

/** The account's id, opening it (at zero) the first time it is named: one look-up once it exists. */
async function accountId(sql: Sql, ref: AccountRef, currency: Currency, shard: number): Promise<string> {
  const find = () =>
    'house' in ref
      ? sql.query<{ id: string }>(
          `SELECT id::text AS id FROM ledger_accounts WHERE house = $1 AND currency = $2 AND shard = $3`,
          [ref.house, currency, shard],
        )
      : sql.query<{ id: string }>(
          `SELECT id::text AS id FROM ledger_accounts WHERE member_id = $1 AND book = $2 AND currency = $3`,
          [ref.member, ref.book, currency],
        );
  const [found] = await find();
  if (found) return found.id;
  if ('house' in ref)
    await sql.query(
      `INSERT INTO ledger_accounts (house, currency, shard) VALUES ($1, $2, $3) ON CONFLICT (house, currency, shard) WHERE house IS NOT NULL DO NOTHING`,
      [ref.house, currency, shard],
    );
  else
    await sql.query(
      `INSERT INTO ledger_accounts (member_id, book, currency) VALUES ($1, $2, $3) ON CONFLICT (member_id, book, currency) WHERE member_id IS NOT NULL DO NOTHING`,
      [ref.member, ref.book, currency],
    );
  const [opened] = await find();
  if (!opened) throw new Error('ledger account could not be opened');
  return opened.id;
}

/**
 * Writes one balanced journal entry and moves the balances it names, inside the caller's
 * transaction (the one that writes the business row). Accounts are locked in id order.
 */
export async function postEntry(sql: Sql, entry: EntryInput): Promise<string> {
  const [id] = await postEntries(sql, [entry]);
  return id as string;
}

/**
 * Writes many balanced journal entries at once (fills, interest, draws): every account locked
 * once in id order, then one INSERT for the entries, one for their postings and one UPDATE for
 * the balances, whatever the number of entries. Returns the entry ids in the given order.
 */
export async function postEntries(sql: Sql, entries: readonly EntryInput[]): Promise<string[]> {
  if (entries.length === 0) return [];
  for (const entry of entries) assertBalanced(entry.lines);
  const ids = new Map<string, string>();
  const shards = entries.map(houseShard);
  for (const [i, entry] of entries.entries()) {
    for (const line of entry.lines) {
      const key = refKey(line.account, line.currency, shards[i] as number);
      if (!ids.has(key)) ids.set(key, await accountId(sql, line.account, line.currency, shards[i] as number));
    }
  }
  const deltas = new Map<string, Decimal>();
  for (const [i, entry] of entries.entries()) {
    for (const line of entry.lines) {
      const id = ids.get(refKey(line.account, line.currency, shards[i] as number)) as string;
      deltas.set(id, (deltas.get(id) ?? new Decimal(0)).plus(line.amount));
    }
  }
  const ordered = [...deltas.keys()].sort((a, b) => (BigInt(a) < BigInt(b) ? -1 : BigInt(a) > BigInt(b) ? 1 : 0));
  await sql.query(`SELECT id FROM ledger_accounts WHERE id = ANY($1::bigint[]) ORDER BY id FOR UPDATE`, [ordered]);
  // Entry ids are drawn first, so every posting can name its entry in the same statement.
  const entryIds = (
    await sql.query<{ id: string }>(
      `SELECT nextval(pg_get_serial_sequence('journal_entries', 'id'))::text AS id FROM generate_series(1, $1::int)`,
      [entries.length],
    )
  )
    .map((r) => r.id)
    .sort((a, b) => (BigInt(a) < BigInt(b) ? -1 : 1));
  await sql.query(
    `INSERT INTO journal_entries (id, kind, reason, ref_type, ref_id, request_id, created_at) OVERRIDING SYSTEM VALUE
     SELECT * FROM unnest($1::bigint[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::timestamptz[])`,
    [
      entryIds,
      entries.map((e) => e.kind),
      entries.map((e) => e.reason),
      entries.map((e) => e.refType),
      entries.map((e) => e.refId),
      entries.map((e) => e.requestId ?? ''),
      entries.map((e) => e.at.toISOString()),
    ],
  );
  const postings = entries.flatMap((e, i) =>
    e.lines.map((line) => ({
      entry: entryIds[i] as string,
      account: ids.get(refKey(line.account, line.currency, shards[i] as number)) as string,
      currency: line.currency,
      amount: toWire(line.amount),
    })),
  );
  await sql.query(
    `INSERT INTO postings (entry_id, account_id, currency, amount) SELECT * FROM unnest($1::bigint[], $2::bigint[], $3::text[], $4::numeric[])`,
    [
      postings.map((p) => p.entry),
      postings.map((p) => p.account),
      postings.map((p) => p.currency),
      postings.map((p) => p.amount),
    ],
  );
  const moved = ordered.filter((id) => !(deltas.get(id) as Decimal).isZero());
  // Marks this transaction as posting, so the balance guard (migration 004) lets these updates through.
  await sql.query(`SELECT set_config('kabuto.posting', 'on', true)`);
  try {
    if (moved.length > 0) {
      await sql.query(
        `UPDATE ledger_accounts a SET balance = a.balance + d.delta FROM unnest($1::bigint[], $2::numeric[]) AS d(id, delta) WHERE a.id = d.id`,
        [moved, moved.map((id) => toWire(deltas.get(id) as Decimal))],
      );
    }
  } catch (err) {
    if (isCheckViolation(err, 'ledger_member_balance_not_negative')) throw new InsufficientFundsError();
    throw err;
  }
  await sql.query(`SELECT set_config('kabuto.posting', '', true)`);
  return entries.map((_, i) => entryIds[i] as string);
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
  const balanceDifferences = await sql.query<{
    accountId: string;
    owner: string;
    currency: string;
    stored: string;
    fromJournal: string;
  }>(
    `SELECT a.id::text AS "accountId", coalesce(a.member_id::text || ':' || a.book, 'house:' || a.house || '#' || a.shard) AS owner, a.currency,
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
