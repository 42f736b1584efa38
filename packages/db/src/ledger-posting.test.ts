import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Decimal } from '@kabuto/domain/money';
import { transfer } from '@kabuto/domain/ledger/journal';
import type { Database } from './database.ts';
import { InsufficientFundsError, postEntries, postEntry, reconcile } from './ledger.ts';
import { openTestDatabase, testDatabaseKinds } from './test-databases.ts';

for (const kind of testDatabaseKinds()) {
  describe(`ledger postings [${kind}]`, () => {
    let db: Database;
    let drop: () => Promise<void>;
    let member: string;
    const at = new Date('2026-11-20T01:00:00Z');
    const available = () => ({ member, book: 'available' as const });
    const balance = async (book = 'available', currency = 'JPY') =>
      (
        await db.query<{ balance: string }>(
          `SELECT balance::text AS balance FROM ledger_accounts WHERE member_id = $1 AND book = $2 AND currency = $3`,
          [member, book, currency],
        )
      )[0]?.balance;

    beforeAll(async () => {
      ({ db, drop } = await openTestDatabase(kind));
      const [row] = await db.query<{ id: string }>(
        `INSERT INTO members (account, password_hash, invite_code, invited_with) VALUES ('0900000001', 'x', 'CODE0001', 'seed') RETURNING id`,
      );
      member = (row as { id: string }).id;
    });
    afterAll(() => drop());

    it('credits a deposit from bank clearing and reconciles', async () => {
      await db.transaction((tx) =>
        postEntry(tx, {
          kind: 'deposit',
          reason: 'ledger.deposit',
          refType: 'test',
          refId: '1',
          at,
          lines: transfer({ house: 'bank_clearing' }, available(), 'JPY', new Decimal('10000.5')),
        }),
      );
      expect(new Decimal((await balance()) as string).toFixed(2)).toBe('10000.50');
      expect((await reconcile(db)).ok).toBe(true);
    });

    it("refuses a posting whose currency is not its account's currency", async () => {
      const [acct] = await db.query<{ id: string }>(
        `SELECT id::text AS id FROM ledger_accounts WHERE member_id = $1 AND book = 'available' AND currency = 'JPY'`,
        [member],
      );
      await expect(
        db.transaction(async (tx) => {
          const [e] = await tx.query<{ id: string }>(
            `INSERT INTO journal_entries (kind, reason, ref_type, ref_id, created_at) VALUES ('x', 'x', 'test', 'cur', $1) RETURNING id::text AS id`,
            [at],
          );
          // Balanced in USD, but written against a JPY account: the database must say no.
          await tx.query(
            `INSERT INTO postings (entry_id, account_id, currency, amount) VALUES ($1, $2, 'USD', 5), ($1, $2, 'USD', -5)`,
            [e?.id ?? '', acct?.id ?? ''],
          );
        }),
      ).rejects.toThrow(/postings_currency_is_account_currency/);
      expect((await reconcile(db)).ok).toBe(true);
    });

    it('refuses to take available below zero and leaves nothing behind', async () => {
      const entriesBefore = (await reconcile(db)).entries;
      await expect(
        db.transaction((tx) =>
          postEntry(tx, {
            kind: 'withdrawal',
            reason: 'ledger.withdrawal',
            refType: 'test',
            refId: '2',
            at,
            lines: transfer(available(), { member, book: 'frozen' }, 'JPY', new Decimal('10000.51')),
          }),
        ),
      ).rejects.toBeInstanceOf(InsufficientFundsError);
      const report = await reconcile(db);
      expect(report.entries).toBe(entriesBefore);
      expect(report.ok).toBe(true);
    });

    it('refuses an unbalanced entry before it reaches the database', async () => {
      await expect(
        db.transaction((tx) =>
          postEntry(tx, {
            kind: 'bad',
            reason: 'x',
            refType: 'test',
            refId: '3',
            at,
            lines: [
              { account: available(), currency: 'JPY', amount: new Decimal(1) },
              { account: { house: 'fees' }, currency: 'JPY', amount: new Decimal(-2) },
            ],
          }),
        ),
      ).rejects.toThrow(/Unbalanced/);
    });

    it('the database itself refuses an unbalanced entry and edits to the journal', async () => {
      await expect(
        db.transaction(async (tx) => {
          const [e] = await tx.query<{ id: string }>(
            `INSERT INTO journal_entries (kind, reason, ref_type, ref_id, created_at) VALUES ('x', 'x', 'x', 'x', now()) RETURNING id::text AS id`,
          );
          const [a] = await tx.query<{ id: string }>(`SELECT id::text AS id FROM ledger_accounts LIMIT 1`);
          await tx.query(`INSERT INTO postings (entry_id, account_id, currency, amount) VALUES ($1, $2, 'JPY', 5)`, [
            e?.id ?? '',
            a?.id ?? '',
          ]);
        }),
      ).rejects.toThrow(/does not balance/);
      await expect(db.query(`UPDATE postings SET amount = amount * 2`)).rejects.toThrow(/append-only/);
      await expect(db.query(`DELETE FROM journal_entries`)).rejects.toThrow(/append-only/);
    });

    it('the database refuses a balance change that is not a journal entry', async () => {
      await expect(
        db.query(`UPDATE ledger_accounts SET balance = balance + 1 WHERE member_id IS NOT NULL`),
      ).rejects.toThrow(/only through a journal entry/);
      await expect(
        db.query(`INSERT INTO ledger_accounts (house, currency, balance) VALUES ('fees', 'USD', 100)`),
      ).rejects.toThrow(/opens at zero/);
      await expect(db.query(`DELETE FROM ledger_accounts`)).rejects.toThrow(/append-only/);
      expect((await reconcile(db)).ok).toBe(true);
    });

    it('50 concurrent moves of 300 against 10000.5 — exactly 33 succeed, nothing goes negative', async () => {
      const attempts = Array.from({ length: 50 }, (_, i) =>
        db.transaction((tx) =>
          postEntry(tx, {
            kind: 'move',
            reason: 'ledger.test',
            refType: 'test',
            refId: `c${i}`,
            at,
            lines: transfer(available(), { member, book: 'frozen' }, 'JPY', new Decimal(300)),
          }),
        ),
      );
      const results = await Promise.allSettled(attempts);
      const ok = results.filter((r) => r.status === 'fulfilled').length;
      expect(ok).toBe(33);
      for (const r of results) if (r.status === 'rejected') expect(r.reason).toBeInstanceOf(InsufficientFundsError);
      expect(await balance()).toMatch(/^100\.5/);
      expect(await balance('frozen')).toMatch(/^9900(\.0+)?$/);
      expect((await reconcile(db)).ok).toBe(true);
    });
    it('posts many entries in one go: ids in order, balances moved once each, and all or nothing', async () => {
      const before = new Decimal((await balance()) as string);
      const lines = (amount: string) => transfer({ house: 'bank_clearing' }, available(), 'JPY', new Decimal(amount));
      const ids = await db.transaction((tx) =>
        postEntries(
          tx,
          ['100', '200', '300'].map((amount, i) => ({
            kind: 'deposit',
            reason: 'ledger.deposit',
            refType: 'test',
            refId: `batch-${i}`,
            at,
            lines: lines(amount),
          })),
        ),
      );
      expect(ids).toHaveLength(3);
      expect(ids.map((id) => BigInt(id))).toEqual([...ids.map((id) => BigInt(id))].sort((a, b) => (a < b ? -1 : 1)));
      const refs = await db.query<{ ref_id: string }>(
        `SELECT ref_id FROM journal_entries WHERE id = ANY($1::bigint[]) ORDER BY id`,
        [ids],
      );
      expect(refs.map((r) => r.ref_id)).toEqual(['batch-0', 'batch-1', 'batch-2']);
      expect(new Decimal((await balance()) as string).minus(before).toFixed(0)).toBe('600');
      // One entry of a batch that would overdraw refuses the whole batch.
      const entriesBefore = (await reconcile(db)).entries;
      await expect(
        db.transaction((tx) =>
          postEntries(tx, [
            { kind: 'deposit', reason: 'ledger.deposit', refType: 'test', refId: 'ok', at, lines: lines('1') },
            {
              kind: 'withdrawal',
              reason: 'ledger.withdrawal',
              refType: 'test',
              refId: 'too-much',
              at,
              lines: transfer(available(), { member, book: 'frozen' }, 'JPY', new Decimal('99999999')),
            },
          ]),
        ),
      ).rejects.toBeInstanceOf(InsufficientFundsError);
      expect((await reconcile(db)).entries).toBe(entriesBefore);
      expect((await reconcile(db)).ok).toBe(true);
    });
  });
}
