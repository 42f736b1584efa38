import type { Sql } from '@kabuto/db/database';
import { Decimal } from '@kabuto/domain/money';
import { isCurrency, type Currency } from '@kabuto/domain/currency';
import type { HouseAccount, MemberBook } from '@kabuto/domain/ledger/journal';
import type { Books, StatementEntry, StatementLine } from '@kabuto/domain/statements/statement';

// Issue 27: a statement reads the ledger only (journal entries, postings, accounts), as the reconciliation does.

const zeroBooks = (): Books => ({
  available: new Decimal(0),
  frozen: new Decimal(0),
  margin: new Decimal(0),
  loan: new Decimal(0),
  copy: new Decimal(0),
});

const currencyOf = (code: string): Currency => {
  if (!isCurrency(code)) throw new Error(`ledger holds an unknown currency ${code}`);
  return code;
};

/** The member's books just before `before`: the sum of every posting on them in earlier entries. */
export async function booksBefore(sql: Sql, memberId: string, before: Date): Promise<Map<Currency, Books>> {
  const rows = await sql.query<{ book: MemberBook; currency: string; total: string }>(
    `SELECT a.book, a.currency, sum(p.amount)::text AS total
       FROM postings p JOIN ledger_accounts a ON a.id = p.account_id JOIN journal_entries e ON e.id = p.entry_id
      WHERE a.member_id = $1 AND e.created_at < $2
      GROUP BY a.book, a.currency`,
    [memberId, before],
  );
  const out = new Map<Currency, Books>();
  for (const r of rows) {
    const c = currencyOf(r.currency);
    const b = out.get(c) ?? zeroBooks();
    b[r.book] = new Decimal(r.total);
    out.set(c, b);
  }
  return out;
}

/**
 * Every journal entry of [from, to) that posted to one of the member's books, oldest first, with the member's lines
 * and the house lines (another member's lines in a shared entry are not theirs to read).
 */
export async function entriesBetween(sql: Sql, memberId: string, from: Date, to: Date): Promise<StatementEntry[]> {
  const entries = await sql.query<{
    id: string;
    kind: string;
    reason: string;
    ref_type: string;
    ref_id: string;
    created_at: Date;
  }>(
    `SELECT e.id::text AS id, e.kind, e.reason, e.ref_type, e.ref_id, e.created_at FROM journal_entries e
      WHERE e.created_at >= $2 AND e.created_at < $3
        AND e.id IN (SELECT p.entry_id FROM postings p JOIN ledger_accounts a ON a.id = p.account_id WHERE a.member_id = $1)
      ORDER BY e.created_at, e.id`,
    [memberId, from, to],
  );
  if (entries.length === 0) return [];
  const lines = await sql.query<{
    entry_id: string;
    currency: string;
    book: MemberBook | null;
    house: HouseAccount | null;
    amount: string;
  }>(
    `SELECT p.entry_id::text AS entry_id, p.currency, a.book, a.house, p.amount::text AS amount
       FROM postings p JOIN ledger_accounts a ON a.id = p.account_id
      WHERE p.entry_id = ANY($2::bigint[]) AND (a.member_id = $1 OR a.house IS NOT NULL)
      ORDER BY p.id`,
    [memberId, entries.map((e) => e.id)],
  );
  const byEntry = new Map<string, StatementLine[]>();
  for (const l of lines) {
    const account = l.house !== null ? { house: l.house } : { member: memberId, book: l.book as MemberBook };
    const list = byEntry.get(l.entry_id) ?? [];
    list.push({ currency: currencyOf(l.currency), account, amount: new Decimal(l.amount) });
    byEntry.set(l.entry_id, list);
  }
  return entries.map((e) => ({
    entryId: e.id,
    kind: e.kind,
    reason: e.reason,
    refType: e.ref_type,
    refId: e.ref_id,
    at: new Date(e.created_at),
    lines: byEntry.get(e.id) ?? [],
  }));
}
