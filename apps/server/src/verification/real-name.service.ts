import { isUniqueViolation } from '@kabuto/db/pg-errors';
import type { Database } from '@kabuto/db/database';
import { errorKeys } from '@kabuto/contracts/errors';
import type { ReviewStatus } from '@kabuto/contracts/fields';
import type { RequestOf, ResponseOf } from '@kabuto/contracts/call';
import type { realNameStatusCall, realNameSubmitCall } from '@kabuto/contracts/funds/real-name';
import type { adminRealNameListCall } from '@kabuto/contracts/admin/reviews';
import type { ApprovalState, ReviewsService } from '../reviews/public.ts';
import { realNameReviewKind } from './real-name-review.ts';
import { refuse } from '../errors/public.ts';
import { setRealNameStatus } from '../accounts/public.ts';
import type { Clock } from '../clock.ts';
import { requireOwnUpload } from '../uploads/public.ts';
import { maskTail } from '../cards/public.ts';

export interface RealNameDeps {
  db: Database;
  clock: Clock;
  reviews: ReviewsService;
}

type RealNameStatus = 'unverified' | 'pending' | 'verified' | 'rejected';

interface SubmissionRow {
  id: string;
  member_id: string;
  account: string;
  real_name: string;
  id_number: string;
  front_upload_id: string;
  back_upload_id: string;
  status: ReviewStatus;
  reason: string;
  created_at: Date;
  decided_at: Date | null;
}

const submissionSelect = `SELECT s.id::text AS id, s.member_id, m.account, s.real_name, s.id_number, s.front_upload_id, s.back_upload_id,
       s.status, s.reason, s.created_at, s.decided_at
  FROM real_name_submissions s JOIN members m ON m.id = s.member_id`;

const iso = (d: Date | null): string | null => (d ? new Date(d).toISOString() : null);

export function realNameService({ db, clock, reviews }: RealNameDeps) {
  return {
    /** The member's status, the name and masked ID number of the latest submission, and a rejection's reason. */
    async status(memberId: string): Promise<ResponseOf<typeof realNameStatusCall>> {
      const [m] = await db.query<{ real_name_status: RealNameStatus; real_name: string | null }>(
        `SELECT real_name_status, real_name FROM members WHERE id = $1`,
        [memberId],
      );
      const [last] = await db.query<SubmissionRow>(
        `${submissionSelect} WHERE s.member_id = $1 ORDER BY s.created_at DESC, s.id DESC LIMIT 1`,
        [memberId],
      );
      const status = m?.real_name_status ?? 'unverified';
      return {
        status,
        realName: m?.real_name ?? last?.real_name ?? null,
        idNumberMasked: last ? maskTail(last.id_number) : null,
        reason: status === 'rejected' && last?.status === 'rejected' ? last.reason : null,
        submittedAt: iso(last?.created_at ?? null),
      };
    },

    /** SPEC §4: a submission goes to review. One at a time; none once verified; again after a rejection. */
    async submit(
      memberId: string,
      body: RequestOf<typeof realNameSubmitCall>,
    ): Promise<ResponseOf<typeof realNameSubmitCall>> {
      const now = clock.now();
      try {
        await db.transaction(async (tx) => {
          const [m] = await tx.query<{ real_name_status: RealNameStatus }>(
            `SELECT real_name_status FROM members WHERE id = $1 FOR UPDATE`,
            [memberId],
          );
          if (m?.real_name_status === 'verified') throw refuse(errorKeys.verification.alreadyVerified);
          if (m?.real_name_status === 'pending') throw refuse(errorKeys.verification.pending);
          await requireOwnUpload(tx, memberId, body.frontImageId, 'id_front');
          await requireOwnUpload(tx, memberId, body.backImageId, 'id_back');
          await tx.query(
            `INSERT INTO real_name_submissions (member_id, real_name, id_number, front_upload_id, back_upload_id, created_at) VALUES ($1, $2, $3, $4, $5, $6)`,
            [memberId, body.realName, body.idNumber.toUpperCase(), body.frontImageId, body.backImageId, now],
          );
          await setRealNameStatus(tx, memberId, 'pending');
        });
      } catch (err) {
        if (isUniqueViolation(err)) throw refuse(errorKeys.verification.pending);
        throw err;
      }
      return { status: 'pending' };
    },

    /** Staff: submissions by status, oldest first (a queue), with the full ID number. */
    async list(q: {
      status: ReviewStatus;
      page: number;
      pageSize: number;
    }): Promise<ResponseOf<typeof adminRealNameListCall>> {
      const [count] = await db.query<{ n: string }>(
        `SELECT count(*)::text AS n FROM real_name_submissions WHERE status = $1`,
        [q.status],
      );
      const order = q.status === 'pending' ? 's.created_at ASC, s.id ASC' : 's.decided_at DESC, s.id DESC';
      const rows = await db.query<SubmissionRow>(
        `${submissionSelect} WHERE s.status = $1 ORDER BY ${order} LIMIT ${q.pageSize} OFFSET ${(q.page - 1) * q.pageSize}`,
        [q.status],
      );
      const approvals = await reviews.approvalsOf(
        realNameReviewKind,
        rows.map((r) => ({ id: r.id, amount: null })),
      );
      return {
        total: Number(count?.n ?? 0),
        items: rows.map((r) => ({
          ...(approvals.get(r.id) as ApprovalState),
          id: r.id,
          memberId: r.member_id,
          account: r.account,
          realName: r.real_name,
          idNumber: r.id_number,
          frontImageId: r.front_upload_id,
          backImageId: r.back_upload_id,
          status: r.status,
          reason: r.reason,
          submittedAt: new Date(r.created_at).toISOString(),
          decidedAt: iso(r.decided_at),
        })),
      };
    },
  };
}
export type RealNameService = ReturnType<typeof realNameService>;
