// `npm run reconcile`: recompute every balance from the journal; exit 1 on any difference.
import { resolve } from 'node:path';
import { openDatabase } from '@kabuto/db/open';
import { migrate } from '@kabuto/db/migrate';
import { reconcile } from '@kabuto/db/ledger';
import { reconcileFollows } from '../apps/server/src/copy/public.ts';
import { reconcileLoans } from '../apps/server/src/loans/public.ts';

const db = await openDatabase({
  databaseUrl: process.env.DATABASE_URL || undefined,
  dataDir: resolve(process.env.DATA_DIR ?? './data'),
});
await migrate(db);
const report = await reconcile(db);
// Issue 26: each copy-trading follow's part of its member's `copy` book, proven from its entries.
const follows = await reconcileFollows(db);
// Issue 26: every member's loans owed (principal + interest) equal their `loan` book (a debt, held negative).
const loans = await reconcileLoans(db);
await db.close();
const out = process.stdout;
out.write(`journal entries: ${report.entries}, ledger accounts: ${report.accounts}\n`);
for (const t of report.currencyTotals) out.write(`  ${t.currency} total across all accounts: ${t.total}\n`);
for (const e of report.unbalancedEntries) out.write(`UNBALANCED entry ${e.entryId}: ${e.currency} sums to ${e.sum}\n`);
for (const d of report.balanceDifferences)
  out.write(
    `DIFFERENCE account ${d.accountId} (${d.owner} ${d.currency}): stored ${d.stored}, journal ${d.fromJournal}\n`,
  );
for (const f of follows.badFollows) out.write(`FOLLOW ${f.id} (${f.status}): its book holds ${f.balance}\n`);
for (const m of follows.badMembers)
  out.write(`COPY BOOK of member ${m.memberId}: ${m.book}, its follows' parts sum to ${m.follows}\n`);
out.write(`copy-trading follows proven from their entries: ${follows.follows}\n`);
for (const l of loans) out.write(`LOAN BOOK of member ${l.memberId}: owes ${l.book}, its loans say ${l.owed}\n`);
const ok = report.ok && follows.ok && loans.length === 0;
out.write(
  ok
    ? 'reconciliation: ok — every entry balances, every balance equals its journal, every follow’s book is proven\n'
    : 'reconciliation: DIFFERENCES FOUND\n',
);
process.exit(ok ? 0 : 1);
