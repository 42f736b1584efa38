import type { Database } from '@kabuto/db/database';
import { positionColumns, type PositionRow } from './position-row.ts';
import type { PositionQueries } from './position-queries.ts';

/** Staff (read-only): every member's orders and positions, filtered by status, code and account. */
export async function adminPositions(
  db: Database,
  queries: Pick<PositionQueries, 'wires'>,
  q: {
    status?: string | null | undefined;
    symbol?: string | null | undefined;
    account?: string | null | undefined;
    page: number;
    pageSize: number;
  },
) {
  const where = `($1::text IS NULL OR status = $1) AND ($2::text IS NULL OR symbol = $2)
    AND ($3::text IS NULL OR member_id = (SELECT id FROM members WHERE account = $3))`;
  const args = [q.status ?? null, q.symbol ?? null, q.account ?? null];
  const [count] = await db.query<{ n: string }>(`SELECT count(*)::text AS n FROM trade_positions WHERE ${where}`, args);
  const rows = await db.query<PositionRow & { account: string }>(
    `SELECT ${positionColumns}, (SELECT account FROM members m WHERE m.id = member_id) AS account FROM trade_positions
      WHERE ${where} ORDER BY created_at DESC, order_no DESC LIMIT ${q.pageSize} OFFSET ${(q.page - 1) * q.pageSize}`,
    args,
  );
  const items = await queries.wires(rows);
  return {
    items: items.map((w, i) => ({ ...w, account: (rows[i] as { account: string }).account })),
    total: Number(count?.n ?? 0),
  };
}
