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
  /** The days (JST dates, inclusive) a charge covers, when it is for a span of days (financing). */
  covers?: { from: string; to: string };
  /** The member's Idempotency-Key, when the call that posts this entry changes an existing row (a close). */
  clientKey?: string | null;
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

interface NamedAccount {
  ref: AccountRef;
  currency: Currency;
  shard: number;
}

/**
 * The named accounts' ids by key, in one statement for any number of them. An account not yet opened is simply
 * missing from the answer. (Finding and locking in one statement, a join under FOR UPDATE, lost rows under
 * concurrency: PostgreSQL's recheck of a row another transaction had just updated dropped it from the answer.)
 */
async function findAccounts(sql: Sql, named: ReadonlyMap<string, NamedAccount>): Promise<Map<string, string>> {
  const members = [...named].filter(([, a]) => !('house' in a.ref));
  const houses = [...named].filter(([, a]) => 'house' in a.ref);
  const rows = await sql.query<{ id: string; key: string }>(
    `SELECT m.id::text AS id, r.k AS key FROM unnest($1::text[], $2::uuid[], $3::text[], $4::text[]) AS r(k, member, book, currency)
       JOIN ledger_accounts m ON m.member_id = r.member AND m.book = r.book AND m.currency = r.currency
     UNION ALL
     SELECT h.id::text AS id, r.k AS key FROM unnest($5::text[], $6::text[], $7::text[], $8::int[]) AS r(k, house, currency, shard)
       JOIN ledger_accounts h ON h.house = r.house AND h.currency = r.currency AND h.shard = r.shard`,
    [
      members.map(([k]) => k),
      members.map(([, a]) => ('member' in a.ref ? a.ref.member : '')),
      members.map(([, a]) => ('member' in a.ref ? a.ref.book : '')),
      members.map(([, a]) => a.currency),
      houses.map(([k]) => k),
      houses.map(([, a]) => ('house' in a.ref ? a.ref.house : '')),
      houses.map(([, a]) => a.currency),
      houses.map(([, a]) => String(a.shard)),
    ],
  );
  return new Map(rows.map((r) => [r.key, r.id]));
}

/** Opens (at zero) the accounts named for the first time; a concurrent opener's row is as good as ours. */
async function openAccounts(sql: Sql, missing: readonly NamedAccount[]): Promise<void> {
  for (const { ref, currency, shard } of missing) {
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
  }
}

/** The named accounts' ids by key, opening (at zero) those not yet opened. */
async function findOrOpenAccounts(sql: Sql, named: ReadonlyMap<string, NamedAccount>): Promise<Map<string, string>> {
  const ids = await findAccounts(sql, named);
  if (ids.size === named.size) return ids;
  await openAccounts(
    sql,
    [...named].filter(([k]) => !ids.has(k)).map(([, a]) => a),
  );
  const again = await findAccounts(sql, named);
  if (again.size < named.size) throw new Error('ledger account could not be opened');
  return again;
}

/** The accounts an entry may touch and their balances, locked (see `lockEntryAccounts`). */
export interface LockedAccounts {
  /** The balance of one of the locked accounts (zero for an account opened just now). */
  balanceOf(ref: AccountRef, currency?: Currency): Decimal;
}

/**
 * Locks, in id order and before any balance is read, every account an entry of this business row may touch
 * (opening those not yet opened), and answers their balances. A caller that must read a balance to decide its lines
 * (a close whose loss may reach into `available`, a financing charge) calls this first with every account its lines
 * can name; `postEntries` then finds them already locked. Taking one member row first and the rest later in id
 * order is what deadlocked against a posting that touched a lower-id house shard (issue 24 §3).
 */
export async function lockEntryAccounts(
  sql: Sql,
  entry: Pick<EntryInput, 'refType' | 'refId'>,
  accounts: readonly AccountRef[],
  currency: Currency = 'JPY',
): Promise<LockedAccounts> {
  const shard = houseShard(entry);
  const named = new Map<string, NamedAccount>(
    accounts.map((ref) => [refKey(ref, currency, shard), { ref, currency, shard }]),
  );
  const ids = await findOrOpenAccounts(sql, named);
  const rows = await sql.query<{ id: string; balance: string }>(
    `SELECT id::text AS id, balance::text AS balance FROM ledger_accounts WHERE id = ANY($1::bigint[]) ORDER BY id FOR UPDATE`,
    [[...new Set(ids.values())]],
  );
  const balances = new Map(rows.map((r) => [r.id, new Decimal(r.balance)]));
  return {
    balanceOf(ref, cur = currency) {
      const id = ids.get(refKey(ref, cur, shard));
      if (id === undefined) throw new Error('balanceOf: account not locked');
      return balances.get(id) ?? new Decimal(0);
    },
  };
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
 * Writes many balanced journal entries at once (fills, interest, draws) in three statements, whatever the number of
 * entries: every account found; then locked once in id order, with the entry ids drawn (and the transaction marked as
 * posting, so the balance guard of migration 004 lets the balances move); then the entries, their postings and the
 * balances in one statement, which unmarks the transaction once the balances have moved. Each statement is a round
 * trip to the database, and round trips, not rows, are what a posting costs (issue 18's order bench). Returns the
 * entry ids in the given order.
 */
export async function postEntries(sql: Sql, entries: readonly EntryInput[]): Promise<string[]> {
  if (entries.length === 0) return [];
  for (const entry of entries) assertBalanced(entry.lines);
  const shards = entries.map(houseShard);
  const named = new Map<string, NamedAccount>();
  for (const [i, entry] of entries.entries()) {
    for (const line of entry.lines) {
      const shard = shards[i] as number;
      named.set(refKey(line.account, line.currency, shard), { ref: line.account, currency: line.currency, shard });
    }
  }
  const ids = await findOrOpenAccounts(sql, named);
  const ordered = [...new Set(ids.values())].sort((a, b) =>
    BigInt(a) < BigInt(b) ? -1 : BigInt(a) > BigInt(b) ? 1 : 0,
  );
  const idOf = (line: PostingLine, i: number) =>
    ids.get(refKey(line.account, line.currency, shards[i] as number)) as string;
  const deltas = new Map<string, Decimal>();
  for (const [i, entry] of entries.entries()) {
    for (const line of entry.lines) {
      const id = idOf(line, i);
      deltas.set(id, (deltas.get(id) ?? new Decimal(0)).plus(line.amount));
    }
  }
  // Every account locked once, in id order (the InitPlan runs before the first row), so two postings never wait on
  // each other crosswise; and in the same round trip the entry ids are drawn, so every posting can name its entry in
  // the next statement.
  const entryIds = (
    await sql.query<{ id: string }>(
      `WITH locked AS MATERIALIZED (SELECT id FROM ledger_accounts WHERE id = ANY($2::bigint[]) ORDER BY id FOR UPDATE)
       SELECT nextval(pg_get_serial_sequence('journal_entries', 'id'))::text AS id, set_config('kabuto.posting', 'on', true),
              (SELECT count(*) FROM locked) AS locked
       FROM generate_series(1, $1::int)`,
      [entries.length, ordered],
    )
  )
    .map((r) => r.id)
    .sort((a, b) => (BigInt(a) < BigInt(b) ? -1 : 1));
  const postings = entries.flatMap((e, i) =>
    e.lines.map((line) => ({
      entry: entryIds[i] as string,
      account: idOf(line, i),
      currency: line.currency,
      amount: toWire(line.amount),
    })),
  );
  const moved = [...deltas.keys()].filter((id) => !(deltas.get(id) as Decimal).isZero());
  try {
    // The guard is switched off again only after the last balance moved: the outer SELECT reads the count of the
    // updated rows first, so a later statement of the caller's transaction cannot move a balance by hand.
    await sql.query(
      `WITH e AS (
         INSERT INTO journal_entries (id, kind, reason, ref_type, ref_id, request_id, created_at, covers_from, covers_to,
                                      client_key)
         OVERRIDING SYSTEM VALUE
         SELECT id, kind, reason, ref_type, ref_id, request_id, at, NULLIF(cf, '')::date, NULLIF(ct, '')::date,
                NULLIF(ck, '')
           FROM unnest($1::bigint[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::timestamptz[],
                       $14::text[], $15::text[], $16::text[]) AS u(id, kind, reason, ref_type, ref_id, request_id, at, cf, ct, ck)
       ), p AS (
         INSERT INTO postings (entry_id, account_id, currency, amount)
         SELECT * FROM unnest($8::bigint[], $9::bigint[], $10::text[], $11::numeric[])
       ), u AS (
         UPDATE ledger_accounts a SET balance = a.balance + d.delta
         FROM unnest($12::bigint[], $13::numeric[]) AS d(id, delta) WHERE a.id = d.id RETURNING 1
       )
       SELECT set_config('kabuto.posting', '', true) FROM (SELECT count(*) FROM u) AS moved`,
      [
        entryIds,
        entries.map((e) => e.kind),
        entries.map((e) => e.reason),
        entries.map((e) => e.refType),
        entries.map((e) => e.refId),
        entries.map((e) => e.requestId ?? ''),
        entries.map((e) => e.at.toISOString()),
        postings.map((p) => p.entry),
        postings.map((p) => p.account),
        postings.map((p) => p.currency),
        postings.map((p) => p.amount),
        moved,
        moved.map((id) => toWire(deltas.get(id) as Decimal)),
        entries.map((e) => e.covers?.from ?? ''),
        entries.map((e) => e.covers?.to ?? ''),
        entries.map((e) => e.clientKey ?? ''),
      ],
    );
  } catch (err) {
    if (isCheckViolation(err, 'ledger_member_balance_not_negative')) throw new InsufficientFundsError();
    throw err;
  }
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
