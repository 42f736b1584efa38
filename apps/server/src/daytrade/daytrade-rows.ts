import { money, toWire } from '@kabuto/domain/money';
import type { ReviewStatus } from '@kabuto/contracts/fields';
import type { DayTradeApplication } from '@kabuto/contracts/daytrade/day-trading';

/** A `daytrade_applications` row with its member's account (for staff), amounts as text. */
export interface ApplicationRow {
  id: string;
  order_no: string;
  member_id: string;
  account: string;
  real_name: string | null;
  quota: string;
  status: ReviewStatus;
  state: 'inProgress' | 'ended' | null;
  remarks: string;
  created_at: Date;
  decided_at: Date | null;
  ended_at: Date | null;
}

export const applicationSelect = `SELECT a.id::text AS id, a.order_no, a.member_id::text AS member_id, m.account,
    m.real_name, a.quota::text AS quota, a.status, a.state, a.remarks, a.created_at, a.decided_at, a.ended_at
  FROM daytrade_applications a JOIN members m ON m.id = a.member_id`;

const iso = (d: Date | null): string | null => (d ? new Date(d).toISOString() : null);

export const applicationWire = (r: ApplicationRow): DayTradeApplication => ({
  id: r.id,
  orderNo: r.order_no,
  quota: toWire(money(r.quota)),
  status: r.status,
  state: r.state,
  remarks: r.remarks,
  createdAt: new Date(r.created_at).toISOString(),
  decidedAt: iso(r.decided_at),
  endedAt: iso(r.ended_at),
});
