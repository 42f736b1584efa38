import { isUniqueViolation } from '@kabuto/db/pg-errors';
import type { Database } from '@kabuto/db/database';
import { errorKeys } from '@kabuto/contracts/errors';
import type { ReviewStatus } from '@kabuto/contracts/fields';
import type { RequestOf, ResponseOf } from '@kabuto/contracts/call';
import type { realNameStatusCall, realNameSubmitCall } from '@kabuto/contracts/funds/real-name';
import type { adminQueueCountsCall, adminRealNameListCall } from '@kabuto/contracts/admin/reviews';
import { refuse } from '../http/app-error.ts';
import type { StaffPrincipal } from '../http/policy.ts';
import type { Clock } from '../clock.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { requireOwnUpload } from '../uploads/upload.service.ts';
import { recordCreditEvent } from '../credit/credit-score.service.ts';
import { maskTail } from '../cards/mask-number.ts';

export interface RealNameDeps {
  db: Database;
  clock: Clock;
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

export function realNameService({ db, clock }: RealNameDeps) {
  return {
    /** The member's status, the name and masked ID number of the latest submission, and a rejection's reason. */
    async status(memberId: string): Promise<ResponseOf<typeof realNameStatusCall>> {
      const [m] = await db.query<{ real_name_status: RealNameStatus; real_name: string | null }>(
        `SELECT real_name_status, real_name FROM members WHERE id = $1`,
        [memberId],
      );
      const [last] = await db.query<SubmissionRow>(`${submissionSelect} WHERE s.member_id = $1 ORDER BY s.created_at DESC, s.id DESC LIMIT 1`, [memberId]);
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
    async submit(memberId: string, body: RequestOf<typeof realNameSubmitCall>): Promise<ResponseOf<typeof realNameSubmitCall>> {
      const now = clock.now();
      try {
        await db.transaction(async (tx) => {
          const [m] = await tx.query<{ real_name_status: RealNameStatus }>(`SELECT real_name_status FROM members WHERE id = $1 FOR UPDATE`, [memberId]);
          if (m?.real_name_status === 'verified') throw refuse(errorKeys.verification.alreadyVerified, 409);
          if (m?.real_name_status === 'pending') throw refuse(errorKeys.verification.pending, 409);
          await requireOwnUpload(tx, memberId, body.frontImageId, 'id_front');
          await requireOwnUpload(tx, memberId, body.backImageId, 'id_back');
          await tx.query(
            `INSERT INTO real_name_submissions (member_id, real_name, id_number, front_upload_id, back_upload_id, created_at) VALUES ($1, $2, $3, $4, $5, $6)`,
            [memberId, body.realName, body.idNumber.toUpperCase(), body.frontImageId, body.backImageId, now],
          );
          await tx.query(`UPDATE members SET real_name_status = 'pending' WHERE id = $1`, [memberId]);
        });
      } catch (err) {
        if (isUniqueViolation(err)) throw refuse(errorKeys.verification.pending, 409);
        throw err;
      }
      return { status: 'pending' };
    },

    /** Staff: submissions by status, oldest first (a queue), with the full ID number. */
    async list(q: { status: ReviewStatus; page: number; pageSize: number }): Promise<ResponseOf<typeof adminRealNameListCall>> {
      const [count] = await db.query<{ n: string }>(`SELECT count(*)::text AS n FROM real_name_submissions WHERE status = $1`, [q.status]);
      const order = q.status === 'pending' ? 's.created_at ASC, s.id ASC' : 's.decided_at DESC, s.id DESC';
      const rows = await db.query<SubmissionRow>(
        `${submissionSelect} WHERE s.status = $1 ORDER BY ${order} LIMIT ${q.pageSize} OFFSET ${(q.page - 1) * q.pageSize}`,
        [q.status],
      );
      return {
        total: Number(count?.n ?? 0),
        items: rows.map((r) => ({
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

    /** Staff: approve (the name becomes the member's verified name, +10 credit) or reject with the reason the member reads. */
    async decide(staff: StaffPrincipal, body: { id: string; decision: 'approve' | 'reject'; reason: string }, requestId: string): Promise<null> {
      if (!/^\d{1,18}$/.test(body.id)) throw refuse(errorKeys.order.notExist, 404);
      const now = clock.now();
      await db.transaction(async (tx) => {
        const [s] = await tx.query<SubmissionRow>(`${submissionSelect} WHERE s.id = $1 FOR UPDATE OF s`, [body.id]);
        if (!s) throw refuse(errorKeys.order.notExist, 404);
        // Four eyes: nobody decides their own verification.
        if (s.member_id === staff.memberId) throw refuse(errorKeys.auth.forbidden, 403);
        if (s.status !== 'pending') throw refuse(errorKeys.order.notInReview, 409);
        const approved = body.decision === 'approve';
        await tx.query(`UPDATE real_name_submissions SET status = $2, reason = $3, decided_by = $4, decided_at = $5 WHERE id = $1`, [
          s.id, approved ? 'approved' : 'rejected', body.reason, staff.memberId, now,
        ]);
        if (approved) {
          await tx.query(`UPDATE members SET real_name_status = 'verified', real_name = $2 WHERE id = $1`, [s.member_id, s.real_name]);
          await recordCreditEvent(tx, { memberId: s.member_id, rule: 'realNameVerified', refType: 'realName', refId: s.id, at: now });
        } else {
          await tx.query(`UPDATE members SET real_name_status = 'rejected' WHERE id = $1`, [s.member_id]);
        }
        await recordAudit(
          tx,
          { actorId: staff.memberId, actorRole: staff.role, action: approved ? 'realName.approve' : 'realName.reject', target: s.account, reason: body.reason, requestId },
          now,
        );
      });
      return null;
    },

    /** Staff: how many items wait in each review queue. */
    async queueCounts(): Promise<ResponseOf<typeof adminQueueCountsCall>> {
      const [row] = await db.query<{ real_name: string; deposits: string; withdrawals: string }>(
        `SELECT (SELECT count(*) FROM real_name_submissions WHERE status = 'pending')::text AS real_name,
                (SELECT count(*) FROM deposits WHERE status = 'pending')::text AS deposits,
                (SELECT count(*) FROM withdrawals WHERE status = 'pending')::text AS withdrawals`,
      );
      return { realName: Number(row?.real_name ?? 0), deposits: Number(row?.deposits ?? 0), withdrawals: Number(row?.withdrawals ?? 0) };
    },
  };
}
export type RealNameService = ReturnType<typeof realNameService>;
