import type { Sql } from '@kabuto/db/database';
import type { OwedLoan } from '@kabuto/domain/notices/reminders';
import { dueDateOf } from './loan-rows.ts';

/** Issue 27 reminders: the loans owed that fall due on `lastDay` (a JST day) or earlier, overdue ones included. */
export async function loansDueBy(sql: Sql, lastDay: string): Promise<OwedLoan[]> {
  const rows = await sql.query<{ id: string; member_id: string; order_no: string; due_date: string }>(
    `SELECT l.id::text AS id, l.member_id::text AS member_id, l.order_no, ${dueDateOf('l')}::text AS due_date
       FROM loans l
      WHERE l.status = 'approved' AND ${dueDateOf('l')} <= $1::date
      ORDER BY l.id`,
    [lastDay],
  );
  return rows.map((r) => ({ loanId: r.id, memberId: r.member_id, orderNo: r.order_no, dueDate: r.due_date }));
}
