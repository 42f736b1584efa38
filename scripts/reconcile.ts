// `npm run reconcile`: recompute every balance from the journal; exit 1 on any difference.
import { resolve } from 'node:path';
import { openDatabase } from '@kabuto/db/open';
import { migrate } from '@kabuto/db/migrate';
import { reconcile } from '@kabuto/db/ledger';

const db = await openDatabase({
  databaseUrl: process.env.DATABASE_URL || undefined,
  dataDir: resolve(process.env.DATA_DIR ?? './data'),
});
await migrate(db);
const report = await reconcile(db);
await db.close();
const out = process.stdout;
out.write(`journal entries: ${report.entries}, ledger accounts: ${report.accounts}\n`);
for (const t of report.currencyTotals) out.write(`  ${t.currency} total across all accounts: ${t.total}\n`);
for (const e of report.unbalancedEntries) out.write(`UNBALANCED entry ${e.entryId}: ${e.currency} sums to ${e.sum}\n`);
for (const d of report.balanceDifferences)
  out.write(
    `DIFFERENCE account ${d.accountId} (${d.owner} ${d.currency}): stored ${d.stored}, journal ${d.fromJournal}\n`,
  );
out.write(
  report.ok
    ? 'reconciliation: ok — every entry balances and every balance equals its journal\n'
    : 'reconciliation: DIFFERENCES FOUND\n',
);
process.exit(report.ok ? 0 : 1);
