import type { Database } from '@kabuto/db/database';
import { Decimal, toWire } from '@kabuto/domain/money';
import type { ResponseOf } from '@kabuto/contracts/call';
import type { adminDepositsListCall, adminWithdrawalsListCall } from '@kabuto/contracts/admin/reviews';
import type { ApprovalState, ReviewsService } from '../reviews/public.ts';
import { depositReviewKind } from './deposit-review.ts';
import { withdrawalReviewKind } from './withdrawal-review.ts';

type Status = 'pending' | 'approved' | 'rejected';
const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);

/** Staff review queues: everything needed to decide, oldest pending first. */
export function fundReviewQueries(db: Database, reviews: ReviewsService) {
  const page = (q: { page: number; pageSize: number }) => `LIMIT ${q.pageSize} OFFSET ${(q.page - 1) * q.pageSize}`;
  return {
    async deposits(q: {
      status: Status;
      page: number;
      pageSize: number;
    }): Promise<ResponseOf<typeof adminDepositsListCall>> {
      const [count] = await db.query<{ n: string }>(`SELECT count(*)::text AS n FROM deposits WHERE status = $1`, [
        q.status,
      ]);
      const rows = await db.query<{
        id: string;
        order_no: string;
        member_id: string;
        account: string;
        real_name: string | null;
        channel_name: string;
        currency: string;
        amount: string;
        reference_code: string;
        receipt_upload_id: string;
        status: Status;
        remarks: string;
        created_at: Date;
        decided_at: Date | null;
      }>(
        `SELECT d.id::text AS id, d.order_no, d.member_id, m.account, m.real_name, c.name AS channel_name, d.currency, d.amount::text AS amount, d.reference_code,
                d.receipt_upload_id, d.status, d.remarks, d.created_at, d.decided_at
           FROM deposits d JOIN members m ON m.id = d.member_id JOIN deposit_channels c ON c.id = d.channel_id
          WHERE d.status = $1 ORDER BY d.created_at ${q.status === 'pending' ? 'ASC' : 'DESC'} ${page(q)}`,
        [q.status],
      );
      const approvals = await reviews.approvalsOf(
        depositReviewKind,
        rows.map((r) => ({ id: r.id, amount: { value: new Decimal(r.amount), currency: r.currency } })),
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
          channelName: r.channel_name,
          currency: r.currency,
          amount: toWire(new Decimal(r.amount)),
          referenceCode: r.reference_code,
          receiptImageId: r.receipt_upload_id,
          status: r.status,
          remarks: r.remarks,
          createdAt: new Date(r.created_at).toISOString(),
          decidedAt: iso(r.decided_at),
        })),
      };
    },

    async withdrawals(q: {
      status: Status;
      page: number;
      pageSize: number;
    }): Promise<ResponseOf<typeof adminWithdrawalsListCall>> {
      const [count] = await db.query<{ n: string }>(`SELECT count(*)::text AS n FROM withdrawals WHERE status = $1`, [
        q.status,
      ]);
      const rows = await db.query<{
        id: string;
        order_no: string;
        member_id: string;
        account: string;
        real_name: string | null;
        currency: string;
        amount: string;
        bank_name: string;
        branch_name: string;
        holder_name: string;
        card_number: string;
        status: Status;
        remarks: string;
        created_at: Date;
        decided_at: Date | null;
      }>(
        `SELECT w.id::text AS id, w.order_no, w.member_id, m.account, m.real_name, w.currency, w.amount::text AS amount, c.bank_name, c.branch_name, c.holder_name,
                c.card_number, w.status, w.remarks, w.created_at, w.decided_at
           FROM withdrawals w JOIN members m ON m.id = w.member_id JOIN bank_cards c ON c.id = w.bank_card_id
          WHERE w.status = $1 ORDER BY w.created_at ${q.status === 'pending' ? 'ASC' : 'DESC'} ${page(q)}`,
        [q.status],
      );
      const approvals = await reviews.approvalsOf(
        withdrawalReviewKind,
        rows.map((r) => ({ id: r.id, amount: { value: new Decimal(r.amount), currency: r.currency } })),
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
          currency: r.currency,
          amount: toWire(new Decimal(r.amount)),
          bankName: r.bank_name,
          branchName: r.branch_name,
          holderName: r.holder_name,
          cardNumber: r.card_number,
          status: r.status,
          remarks: r.remarks,
          createdAt: new Date(r.created_at).toISOString(),
          decidedAt: iso(r.decided_at),
        })),
      };
    },
  };
}
