import type { Sql } from '@kabuto/db/database';
import { noticeOf, type NoticeDraft } from '@kabuto/domain/notices/notice-of-event';
import { writeOutboxMany, type RelayedEvent } from '../platform/public.ts';

/** A notice to write for a member, from an event (its outbox id), a price alert (its id) or a reminder (its key). */
export interface NoticeToWrite {
  readonly memberId: string;
  readonly draft: NoticeDraft;
  readonly sourceSeq?: string;
  readonly alertId?: string;
  readonly reminderKey?: string;
}

/** The member event every new notice sends: the bell and the list refetch (they are `user/…` queries). */
export const noticeCreated = 'notice.created';

/**
 * Writes notices and, for each one written, its `notice.created` member event, in the caller's transaction. A notice
 * whose event, alert or reminder already has one is skipped (unique `source_seq` / `alert_id` / `reminder_key`), so a replay writes nothing.
 * Answers how many were written.
 */
export async function writeNotices(tx: Sql, notices: readonly NoticeToWrite[], at: Date): Promise<number> {
  if (notices.length === 0) return 0;
  // Member order, so two writers lock members' event chains in one order.
  const sorted = [...notices].sort((a, b) => (a.memberId < b.memberId ? -1 : a.memberId > b.memberId ? 1 : 0));
  const rows = await tx.query<{ id: string; member_id: string; topic: string }>(
    `INSERT INTO notices (member_id, topic, text_key, params, link, source_seq, alert_id, reminder_key, created_at)
     SELECT n.member, n.topic, n.key, n.params, nullif(n.link, ''), nullif(n.seq, '')::bigint, nullif(n.alert, '')::uuid,
            nullif(n.reminder, ''), $8
       FROM unnest($1::uuid[], $2::text[], $3::text[], $4::jsonb[], $5::text[], $6::text[], $7::text[], $9::text[])
            WITH ORDINALITY AS n(member, topic, key, params, link, seq, alert, reminder, ord)
      ORDER BY n.ord
     ON CONFLICT DO NOTHING
     RETURNING id::text AS id, member_id::text AS member_id, topic`,
    [
      sorted.map((n) => n.memberId),
      sorted.map((n) => n.draft.topic),
      sorted.map((n) => n.draft.key),
      sorted.map((n) => JSON.stringify(n.draft.params)),
      // Empty text stands for none (array parameters carry strings only).
      sorted.map((n) => n.draft.link ?? ''),
      sorted.map((n) => n.sourceSeq ?? ''),
      sorted.map((n) => n.alertId ?? ''),
      at,
      sorted.map((n) => n.reminderKey ?? ''),
    ],
  );
  await writeOutboxMany(
    tx,
    rows
      .sort((a, b) => (a.member_id < b.member_id ? -1 : a.member_id > b.member_id ? 1 : Number(a.id) - Number(b.id)))
      .map((r) => ({
        event: { topic: 'member', memberId: r.member_id, type: noticeCreated, payload: { id: r.id, topic: r.topic } },
        at,
      })),
  );
  return rows.length;
}

/**
 * The outbox relay's hook: every member event it claims (once, in its claiming transaction) that is an outcome the
 * member waits for becomes one notice, keyed by the event's outbox id.
 */
export function noticesFromEvents(clock: { now(): Date }) {
  return async (tx: Sql, events: readonly RelayedEvent[]): Promise<number> => {
    const notices: NoticeToWrite[] = [];
    for (const e of events) {
      if (e.type === noticeCreated) continue;
      const draft = noticeOf(e);
      if (draft) notices.push({ memberId: e.memberId, draft, sourceSeq: e.seq });
    }
    return writeNotices(tx, notices, clock.now());
  };
}
