import type { ReviewStatus } from '@kabuto/contracts/fields';
import { recordCreditEvent } from '../credit/public.ts';
import { setRealNameStatus } from '../accounts/public.ts';
import { bigintIdPattern, type ReviewKind } from '../reviews/public.ts';

/** Real-name submissions: approval makes the submitted name the member's verified name (+10 credit). */
export const realNameReviewKind: ReviewKind = {
  name: 'realName',
  eventType: 'verification.realNameDecided',
  idPattern: bigintIdPattern,
  table: 'real_name_submissions',
  async lock(tx, id) {
    const [s] = await tx.query<{ id: string; member_id: string; account: string; status: ReviewStatus }>(
      `SELECT s.id::text AS id, s.member_id::text AS member_id, m.account, s.status
         FROM real_name_submissions s JOIN members m ON m.id = s.member_id WHERE s.id = $1::bigint FOR UPDATE OF s`,
      [id],
    );
    if (!s) return null;
    return { id: s.id, memberId: s.member_id, status: s.status, target: s.account, amount: null };
  },
  async settle(tx, s, d) {
    await tx.query(
      `UPDATE real_name_submissions SET status = $2, reason = $3, decided_by = $4, decided_at = $5 WHERE id = $1::bigint`,
      [s.id, d.approved ? 'approved' : 'rejected', d.reason, d.staffId, d.at],
    );
    if (d.approved) {
      const [sub] = await tx.query<{ real_name: string }>(
        `SELECT real_name FROM real_name_submissions WHERE id = $1::bigint`,
        [s.id],
      );
      await setRealNameStatus(tx, s.memberId, 'verified', sub?.real_name);
      await recordCreditEvent(tx, {
        memberId: s.memberId,
        rule: 'realNameVerified',
        refType: 'realName',
        refId: s.id,
        at: d.at,
      });
    } else {
      await setRealNameStatus(tx, s.memberId, 'rejected');
    }
  },
};
