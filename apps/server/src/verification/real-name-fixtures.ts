// Tests only: real-name verification through the real calls (upload, submit, staff approval).
import type { Answer, Harness } from '../test/harness.ts';
import { uploadImage } from '../uploads/image-fixtures.ts';

export const staffHeaders = (h: Harness): Promise<Record<string, string>> =>
  h.signIn(h.seed.staffAccount, h.seed.staffPassword);

export async function submitRealName(
  h: Harness,
  headers: Record<string, string>,
  realName = 'ヤマダ タロウ',
  idNumber = 'AB1234567',
): Promise<Answer> {
  const frontImageId = await uploadImage(h.app, headers, 'id_front');
  const backImageId = await uploadImage(h.app, headers, 'id_back');
  return h.call('user/realName/submit', { realName, idNumber, frontImageId, backImageId }, headers);
}

/** The id of the member's pending submission, as staff see it in the queue. */
export async function pendingSubmissionId(h: Harness, staff: Record<string, string>, account: string): Promise<string> {
  const queue = await h.call<{ items: { id: string; account: string }[] }>(
    'admin/realName/list',
    { status: 'pending', pageSize: 100 },
    staff,
  );
  const item = queue.data.items.find((i) => i.account === account);
  if (!item) throw new Error(`no pending submission for ${account}`);
  return item.id;
}

/** A new member whose real name staff have approved. */
export async function verifiedMember(h: Harness, realName = 'ヤマダ タロウ') {
  const m = await h.member();
  const submitted = await submitRealName(h, m.headers, realName);
  if (submitted.status !== 1) throw new Error(`submit failed: ${submitted.msg}`);
  const staff = await staffHeaders(h);
  const decided = await h.call(
    'admin/realName/decide',
    { id: await pendingSubmissionId(h, staff, m.account), decision: 'approve', reason: 'documents match' },
    staff,
  );
  if (decided.status !== 1) throw new Error(`approval failed: ${decided.msg}`);
  return { ...m, realName };
}
