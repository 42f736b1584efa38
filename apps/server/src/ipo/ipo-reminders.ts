import type { Sql } from '@kabuto/db/database';
import type { UnpaidWin } from '@kabuto/domain/notices/reminders';

/**
 * Issue 27 reminders: the wins still to be confirmed whose offering's payment deadline falls after `now` and no later
 * than `until` (drawn, neither lapsed nor cancelled), for the notices' reminder job.
 */
export async function winsAwaitingPayment(sql: Sql, now: Date, until: Date): Promise<UnpaidWin[]> {
  const rows = await sql.query<{ id: string; member_id: string; code: string; pay_by: Date }>(
    `SELECT e.id::text AS id, e.member_id::text AS member_id, o.code, o.pay_by
       FROM ipo_offerings o JOIN ipo_entries e ON e.offering_id = o.id
      WHERE o.drawn_at IS NOT NULL AND o.lapsed_at IS NULL AND o.cancelled_at IS NULL
        AND o.pay_by > $1 AND o.pay_by <= $2 AND e.status = 'won'
      ORDER BY e.id`,
    [now, until],
  );
  return rows.map((r) => ({ entryId: r.id, memberId: r.member_id, symbol: r.code, payBy: new Date(r.pay_by) }));
}
