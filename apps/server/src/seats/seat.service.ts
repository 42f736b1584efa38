import type { Database, Sql } from '@kabuto/db/database';
import { isUniqueViolation } from '@kabuto/db/pg-errors';
import { errorKeys } from '@kabuto/contracts/errors';
import type { ResponseOf } from '@kabuto/contracts/call';
import type { adminSeatListCall, SeatState } from '@kabuto/contracts/seats/seat-accounts';
import { refuse } from '../errors/public.ts';
import type { Principal } from '../http/public.ts';
import type { Clock } from '../clock.ts';
import { refuseIfRestricted } from '../accounts/public.ts';
import { orderNumberSql, orderNumberStem } from '../funds/public.ts';
import type { ApprovalState, ReviewsService } from '../reviews/public.ts';
import { seatReviewKind } from './seat-review.ts';

type Status = 'pending' | 'approved' | 'rejected';
const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);

/** Whether the member holds a seat account (an approved application): what a seat-only product checks. */
export async function hasSeat(sql: Sql, memberId: string): Promise<boolean> {
  const rows = await sql.query(`SELECT 1 FROM seat_applications WHERE member_id = $1 AND status = 'approved'`, [
    memberId,
  ]);
  return rows.length > 0;
}

/** Issue 25, SPEC §6: a member applies for a seat account; staff decide through the review lifecycle. */
export function seatService(deps: { db: Database; clock: Clock; reviews: ReviewsService }) {
  const { db, clock } = deps;

  /** The member's seat: approved if any application was, else the one waiting, else the latest decided. */
  async function state(memberId: string): Promise<SeatState> {
    const [r] = await db.query<{
      status: Status;
      order_no: string;
      remarks: string;
      created_at: Date;
      decided_at: Date | null;
    }>(
      `SELECT status, order_no, remarks, created_at, decided_at FROM seat_applications WHERE member_id = $1
        ORDER BY (status = 'approved') DESC, (status = 'pending') DESC, created_at DESC LIMIT 1`,
      [memberId],
    );
    if (!r) return { status: 'none', orderNo: null, appliedAt: null, decidedAt: null, remarks: '' };
    return {
      status: r.status,
      orderNo: r.order_no,
      appliedAt: new Date(r.created_at).toISOString(),
      decidedAt: iso(r.decided_at),
      remarks: r.remarks,
    };
  }

  return {
    status: (p: Principal) => state(p.memberId),

    /** The application a call with this Idempotency-Key made, if it committed. */
    async byClientKey(p: Principal, key: string): Promise<SeatState | null> {
      const rows = await db.query(`SELECT 1 FROM seat_applications WHERE member_id = $1 AND client_key = $2`, [
        p.memberId,
        key,
      ]);
      return rows.length > 0 ? state(p.memberId) : null;
    },

    /**
     * A verified member without a seat and without an application waiting may apply; the unique indexes keep one
     * application waiting and one seat a member whatever arrives at once.
     */
    async apply(p: Principal, clientKey: string | null): Promise<SeatState> {
      const now = clock.now();
      await refuseIfRestricted(db, p.memberId, ['frozen']);
      const [m] = await db.query<{ verified: boolean; seat: boolean; pending: boolean }>(
        `SELECT m.real_name_status = 'verified' AS verified,
                EXISTS (SELECT 1 FROM seat_applications s WHERE s.member_id = m.id AND s.status = 'approved') AS seat,
                EXISTS (SELECT 1 FROM seat_applications s WHERE s.member_id = m.id AND s.status = 'pending') AS pending
           FROM members m WHERE m.id = $1`,
        [p.memberId],
      );
      if (!m?.verified) throw refuse(errorKeys.verification.required);
      if (m.seat) throw refuse(errorKeys.seat.alreadySeat);
      if (m.pending) throw refuse(errorKeys.order.pendingReviewExists);
      try {
        await db.query(
          `INSERT INTO seat_applications (order_no, member_id, client_key, created_at) VALUES (${orderNumberSql(1)}, $2, $3, $4)`,
          [orderNumberStem('S', now), p.memberId, clientKey, now],
        );
      } catch (err) {
        if (!isUniqueViolation(err)) throw err;
        const again = clientKey ? await this.byClientKey(p, clientKey) : null;
        if (again) return again;
        throw refuse(errorKeys.order.pendingReviewExists);
      }
      return state(p.memberId);
    },

    /** Staff's queue: everything needed to decide (the member's account and verified name), oldest pending first. */
    async list(q: { status: Status; page: number; pageSize: number }): Promise<ResponseOf<typeof adminSeatListCall>> {
      const [count] = await db.query<{ n: string }>(
        `SELECT count(*)::text AS n FROM seat_applications WHERE status = $1`,
        [q.status],
      );
      const rows = await db.query<{
        id: string;
        order_no: string;
        member_id: string;
        account: string;
        real_name: string | null;
        status: Status;
        remarks: string;
        created_at: Date;
        decided_at: Date | null;
      }>(
        `SELECT s.id::text AS id, s.order_no, s.member_id::text AS member_id, m.account, m.real_name, s.status, s.remarks,
                s.created_at, s.decided_at
           FROM seat_applications s JOIN members m ON m.id = s.member_id
          WHERE s.status = $1 ORDER BY s.created_at ${q.status === 'pending' ? 'ASC' : 'DESC'}
          LIMIT ${q.pageSize} OFFSET ${(q.page - 1) * q.pageSize}`,
        [q.status],
      );
      const approvals = await deps.reviews.approvalsOf(
        seatReviewKind,
        rows.map((r) => ({ id: r.id, amount: null })),
      );
      return {
        total: Number(count?.n ?? 0),
        items: rows.map((r) => ({
          ...(approvals.get(r.id) as ApprovalState),
          id: r.id,
          orderNo: r.order_no,
          memberId: r.member_id,
          account: r.account,
          realName: r.real_name,
          status: r.status,
          remarks: r.remarks,
          createdAt: new Date(r.created_at).toISOString(),
          decidedAt: iso(r.decided_at),
        })),
      };
    },
  };
}
export type SeatService = ReturnType<typeof seatService>;
