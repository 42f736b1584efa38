import type { Database, Sql } from '@kabuto/db/database';
import { isUniqueViolation } from '@kabuto/db/pg-errors';
import { checkMessageText } from '@kabuto/domain/support/message-text';
import { errorKeys } from '@kabuto/contracts/errors';
import type { RestrictionKind } from '@kabuto/contracts/fields';
import { messageTextRefusalKey } from '@kabuto/contracts/support/refusals';
import type { SupportBox } from '@kabuto/contracts/support/policies';
import type {
  InboxThreadWire,
  MemberContextWire,
  SupportMessageWire,
  SupportThreadWire,
} from '@kabuto/contracts/support/support';
import { refuse } from '../errors/public.ts';
import type { Principal, StaffPrincipal } from '../http/public.ts';
import type { Clock } from '../clock.ts';
import { recordAudit } from '../audit/public.ts';
import { requireOwnUpload } from '../uploads/public.ts';
import { writeBroadcast, writeOutbox, writeOutboxOncePerMember } from '../platform/public.ts';
import type { ReviewKind } from '../reviews/public.ts';
import { visitorKeyOf } from '../stream/public.ts';

export interface SupportDeps {
  db: Database;
  clock: Clock;
  /** The review kinds, for the member's applications waiting for review (the context beside a thread). */
  reviewKinds: readonly ReviewKind[];
  afterCommit?: () => void;
}

interface ThreadRow {
  id: string;
  member_id: string | null;
  visitor_key: string | null;
  status: 'open' | 'closed';
  assigned_to: string | null;
  member_read_through: string;
  staff_read_through: string;
}

interface MessageRow {
  id: string;
  author: 'member' | 'visitor' | 'staff';
  body: string;
  upload_id: string | null;
  created_at: Date;
}

const threadColumns = `t.id::text AS id, t.member_id::text AS member_id, t.visitor_key, t.status,
  t.assigned_to::text AS assigned_to, t.member_read_through::text AS member_read_through,
  t.staff_read_through::text AS staff_read_through`;

/** Who reads a conversation: its member, or a visitor by their token's hash. */
type Owner = { memberId: string } | { visitorKey: string };

const inboxLimit = 100;

/** Whether the other side has read a message (message ids rise in time; each side keeps the last id it has read). */
const messageWire = (t: ThreadRow, m: MessageRow): SupportMessageWire => ({
  id: m.id,
  author: m.author,
  body: m.body,
  imageId: m.upload_id,
  createdAt: new Date(m.created_at).toISOString(),
  read: BigInt(m.id) <= BigInt(m.author === 'staff' ? t.member_read_through : t.staff_read_through),
});

function checked(text: string): string {
  const r = checkMessageText(text);
  if ('refused' in r) throw refuse(messageTextRefusalKey[r.refused]);
  return r.ok;
}

/**
 * Issue 27: the chat between a member (or a visitor) and support. One conversation per member, kept for good; staff
 * close it and the member's next message opens it again. Every message and read receipt leaves its transaction
 * through the outbox: to the member as `support.message`, to a visitor as a broadcast on topic `support` (the stream
 * sends it to the sockets following that visitor's token), and to support staff (their own member topic) so the
 * inbox follows live.
 */
export function supportService(deps: SupportDeps) {
  const { db, clock } = deps;

  const threadOf = async (sql: Sql, owner: Owner, lock = false): Promise<ThreadRow | null> => {
    const [where, value] = 'memberId' in owner ? ['member_id', owner.memberId] : ['visitor_key', owner.visitorKey];
    const [row] = await sql.query<ThreadRow>(
      `SELECT ${threadColumns} FROM support_threads t WHERE t.${where} = $1${lock ? ' FOR UPDATE' : ''}`,
      [value],
    );
    return row ?? null;
  };

  const threadById = async (sql: Sql, id: string, lock = false): Promise<ThreadRow> => {
    const [row] = await sql.query<ThreadRow>(
      `SELECT ${threadColumns} FROM support_threads t WHERE t.id = $1${lock ? ' FOR UPDATE' : ''}`,
      [id],
    );
    if (!row) throw refuse(errorKeys.support.threadNotFound);
    return row;
  };

  const messagesOf = (sql: Sql, threadId: string) =>
    sql.query<MessageRow>(
      // Ordered by the column, not the text alias (which would put "10" before "9").
      `SELECT m.id::text AS id, m.author, m.body, m.upload_id::text AS upload_id, m.created_at
         FROM support_messages m WHERE m.thread_id = $1 ORDER BY m.id`,
      [threadId],
    );

  const unreadOf = async (sql: Sql, t: ThreadRow): Promise<number> => {
    const [r] = await sql.query<{ n: string }>(
      `SELECT count(*)::text AS n FROM support_messages WHERE thread_id = $1 AND author = 'staff' AND id > $2`,
      [t.id, t.member_read_through],
    );
    return Number(r?.n ?? 0);
  };

  /** Tells the thread's owner (member event, or the visitor's broadcast) that a message arrived or was read. */
  const tellOwner = async (
    tx: Sql,
    t: ThreadRow,
    messageId: string,
    kind: 'message' | 'read',
    at: Date,
    author: 'member' | 'staff' | null = null,
  ) => {
    // `author: 'staff'` is what makes the member's notice of a reply (issue 27 notices, `noticeOfEvent`).
    const payload = { threadId: t.id, messageId, kind, author };
    if (t.member_id)
      await writeOutbox(tx, { topic: 'member', memberId: t.member_id, type: 'support.message', payload }, at);
    else if (t.visitor_key)
      await writeBroadcast(
        tx,
        { topic: 'support', type: 'support.message', payload: { ...payload, visitorKey: t.visitor_key } },
        at,
      );
  };

  /** Tells support staff (each on their own member topic) so open inboxes refetch: the assignee, or all of them. */
  const tellStaff = async (tx: Sql, t: ThreadRow, messageId: string, at: Date) => {
    const staff = await tx.query<{ id: string }>(
      t.assigned_to
        ? `SELECT id::text AS id FROM members WHERE id = $1 AND staff_disabled_at IS NULL`
        : `SELECT id::text AS id FROM members WHERE staff_role IN ('support', 'admin') AND staff_disabled_at IS NULL`,
      t.assigned_to ? [t.assigned_to] : [],
    );
    await writeOutboxOncePerMember(
      tx,
      staff.map((s) => ({
        topic: 'member' as const,
        memberId: s.id,
        type: 'support.message',
        payload: { threadId: t.id, messageId, kind: 'inbox' },
      })),
      at,
    );
  };

  const threadWire = async (sql: Sql, t: ThreadRow | null): Promise<SupportThreadWire> => {
    if (!t) return { id: null, status: 'open', messages: [], unread: 0 };
    const messages = await messagesOf(sql, t.id);
    return {
      id: t.id,
      status: t.status,
      messages: messages.map((m) => messageWire(t, m)),
      unread: await unreadOf(sql, t),
    };
  };

  /** The member's or visitor's message: opens the conversation (or again, if staff closed it), writes, tells everyone. */
  async function post(owner: Owner, body: { text: string } | { imageId: string }): Promise<SupportMessageWire> {
    const now = clock.now();
    const text = 'text' in body ? checked(body.text) : '';
    try {
      const out = await db.transaction(async (tx) => {
        if ('imageId' in body) {
          // Only members reach here with an image (visitors' calls carry no image field; the database refuses too).
          if (!('memberId' in owner)) throw refuse(errorKeys.upload.notFound);
          await requireOwnUpload(tx, owner.memberId, body.imageId, 'support_chat');
        }
        let t = await threadOf(tx, owner, true);
        if (!t) {
          const [created] = await tx.query<{ id: string }>(
            `INSERT INTO support_threads (member_id, visitor_key, created_at, last_message_at) VALUES ($1, $2, $3, $3)
             ON CONFLICT DO NOTHING RETURNING id::text AS id`,
            ['memberId' in owner ? owner.memberId : null, 'visitorKey' in owner ? owner.visitorKey : null, now],
          );
          // Another tab's first message won the race: use its conversation.
          t = created ? await threadById(tx, created.id, true) : await threadOf(tx, owner, true);
          if (!t) throw new Error('support: no conversation written');
        }
        await tx.query(
          `UPDATE support_threads SET status = 'open', closed_at = NULL, closed_by = NULL, last_message_at = $2 WHERE id = $1`,
          [t.id, now],
        );
        const [m] = await tx.query<MessageRow>(
          `INSERT INTO support_messages (thread_id, author, body, upload_id, created_at) VALUES ($1, $2, $3, $4, $5)
           RETURNING id::text AS id, author, body, upload_id::text AS upload_id, created_at`,
          [t.id, 'memberId' in owner ? 'member' : 'visitor', text, 'imageId' in body ? body.imageId : null, now],
        );
        if (!m) throw new Error('support: no message written');
        // The member's other tabs show it too; a visitor's own screen already has it.
        if (t.member_id) await tellOwner(tx, t, m.id, 'message', now, 'member');
        await tellStaff(tx, t, m.id, now);
        return messageWire(t, m);
      });
      deps.afterCommit?.();
      return out;
    } catch (err) {
      // The same image sent twice (two taps): one message per upload.
      if (isUniqueViolation(err, 'support_messages_upload')) throw refuse(errorKeys.upload.notFound);
      throw err;
    }
  }

  /** The member or visitor has read support's messages up to `upTo`: the receipt moves forward only. */
  async function markRead(owner: Owner, upTo: string): Promise<{ unread: number }> {
    const now = clock.now();
    const out = await db.transaction(async (tx) => {
      const t = await threadOf(tx, owner, true);
      if (!t) return { unread: 0 };
      const [r] = await tx.query<{ through: string | null }>(
        `SELECT max(id)::text AS through FROM support_messages WHERE thread_id = $1 AND author = 'staff' AND id <= $2`,
        [t.id, upTo],
      );
      const through = r?.through ?? null;
      if (through !== null && BigInt(through) > BigInt(t.member_read_through)) {
        await tx.query(`UPDATE support_threads SET member_read_through = $2 WHERE id = $1`, [t.id, through]);
        // The member's other screens (and their badges) follow; support sees "read" on its replies.
        if (t.member_id) await tellOwner(tx, t, through, 'read', now);
        if (t.assigned_to) await tellStaff(tx, t, through, now);
        return { unread: await unreadOf(tx, { ...t, member_read_through: through }) };
      }
      return { unread: await unreadOf(tx, t) };
    });
    deps.afterCommit?.();
    return out;
  }

  /**
   * The visitor's conversation joins the member's account (on the member's first chat load after signing in). With no
   * conversation of their own it simply becomes theirs; otherwise its messages move into the member's, which keeps
   * the later of each read mark. The token names nothing afterwards.
   */
  async function join(memberId: string, visitorToken: string): Promise<void> {
    const visitorKey = visitorKeyOf(visitorToken);
    await db.transaction(async (tx) => {
      const mine = await threadOf(tx, { memberId }, true);
      const visitor = await threadOf(tx, { visitorKey }, true);
      if (!visitor) return;
      if (!mine) {
        await tx.query(`UPDATE support_threads SET member_id = $2, visitor_key = NULL WHERE id = $1`, [
          visitor.id,
          memberId,
        ]);
        return;
      }
      await tx.query(`UPDATE support_messages SET thread_id = $1 WHERE thread_id = $2`, [mine.id, visitor.id]);
      await tx.query(
        `UPDATE support_threads m SET
           member_read_through = greatest(m.member_read_through, v.member_read_through),
           staff_read_through = greatest(m.staff_read_through, v.staff_read_through),
           last_message_at = greatest(m.last_message_at, v.last_message_at),
           assigned_to = coalesce(m.assigned_to, v.assigned_to),
           status = CASE WHEN v.status = 'open' THEN 'open' ELSE m.status END,
           closed_at = CASE WHEN v.status = 'open' THEN NULL ELSE m.closed_at END,
           closed_by = CASE WHEN v.status = 'open' THEN NULL ELSE m.closed_by END
          FROM support_threads v WHERE m.id = $1 AND v.id = $2`,
        [mine.id, visitor.id],
      );
      await tx.query(`DELETE FROM support_threads WHERE id = $1`, [visitor.id]);
    });
  }

  // Back office.

  const inboxSelect = `SELECT t.id::text AS id, t.status, m.account, s.account AS assigned_account,
      t.assigned_to::text AS assigned_to, t.last_message_at,
      coalesce((SELECT body FROM support_messages x WHERE x.thread_id = t.id ORDER BY x.id DESC LIMIT 1), '') AS preview,
      (SELECT count(*) FROM support_messages x WHERE x.thread_id = t.id AND x.author <> 'staff'
          AND x.id > t.staff_read_through)::int AS unread
    FROM support_threads t LEFT JOIN members m ON m.id = t.member_id LEFT JOIN members s ON s.id = t.assigned_to`;
  type InboxRow = {
    id: string;
    status: 'open' | 'closed';
    account: string | null;
    assigned_account: string | null;
    assigned_to: string | null;
    last_message_at: Date;
    preview: string;
    unread: number;
  };
  const inboxWire = (staffId: string, r: InboxRow): InboxThreadWire => ({
    id: r.id,
    status: r.status,
    account: r.account,
    assignedTo: r.assigned_account,
    assignedToMe: r.assigned_to === staffId,
    lastMessageAt: new Date(r.last_message_at).toISOString(),
    preview: r.preview,
    unread: Number(r.unread),
  });
  const inboxRow = async (sql: Sql, staffId: string, id: string): Promise<InboxThreadWire> => {
    const [r] = await sql.query<InboxRow>(`${inboxSelect} WHERE t.id = $1`, [id]);
    if (!r) throw refuse(errorKeys.support.threadNotFound);
    return inboxWire(staffId, r);
  };
  const boxWhere: Record<SupportBox, string> = {
    unassigned: `t.status = 'open' AND t.assigned_to IS NULL`,
    mine: `t.status = 'open' AND t.assigned_to = $1`,
    closed: `t.status = 'closed'`,
  };

  async function memberContext(memberId: string): Promise<MemberContextWire | null> {
    const [m] = await db.query<{ account: string; real_name_status: string; created_at: Date }>(
      `SELECT account, real_name_status, created_at FROM members WHERE id = $1`,
      [memberId],
    );
    if (!m) return null;
    const restrictions = await db.query<{ kind: RestrictionKind; reason: string; set_at: Date }>(
      `SELECT kind, reason, set_at FROM member_restrictions WHERE member_id = $1 AND lifted_at IS NULL ORDER BY set_at DESC`,
      [memberId],
    );
    const kinds = deps.reviewKinds;
    const union = kinds
      .map(
        (k, i) =>
          `SELECT $${i + 2}::text AS kind, count(*)::int AS n FROM ${k.table} WHERE member_id = $1 AND status = 'pending'`,
      )
      .join(' UNION ALL ');
    const pending =
      kinds.length === 0
        ? []
        : await db.query<{ kind: string; n: number }>(`SELECT kind, n FROM (${union}) q WHERE n > 0`, [
            memberId,
            ...kinds.map((k) => k.name),
          ]);
    return {
      account: m.account,
      realNameStatus: m.real_name_status,
      createdAt: new Date(m.created_at).toISOString(),
      restrictions: restrictions.map((r) => ({
        kind: r.kind,
        reason: r.reason,
        setAt: new Date(r.set_at).toISOString(),
      })),
      openApplications: pending.map((p) => ({ kind: p.kind, count: Number(p.n) })),
    };
  }

  /** What the audit log names: the member's account, or "visitor" for a conversation not yet joined. */
  const auditTarget = async (sql: Sql, t: ThreadRow): Promise<string> => {
    if (!t.member_id) return `visitor ${t.id}`;
    const [m] = await sql.query<{ account: string }>(`SELECT account FROM members WHERE id = $1`, [t.member_id]);
    return `${m?.account ?? ''} ${t.id}`;
  };

  /** Support and admin may act on a thread that is unassigned or theirs; an admin may also step into another's. */
  const refuseIfOthers = (staff: StaffPrincipal, t: ThreadRow) => {
    if (t.assigned_to && t.assigned_to !== staff.memberId && staff.role !== 'admin')
      throw refuse(errorKeys.support.assignedToOther);
  };

  return {
    async memberThread(p: Principal, body: { visitorToken?: string | undefined }): Promise<SupportThreadWire> {
      if (body.visitorToken) await join(p.memberId, body.visitorToken);
      return threadWire(db, await threadOf(db, { memberId: p.memberId }));
    },

    async memberUnread(p: Principal): Promise<{ unread: number }> {
      const t = await threadOf(db, { memberId: p.memberId });
      return { unread: t ? await unreadOf(db, t) : 0 };
    },

    memberSend: (p: Principal, body: { text?: string | undefined; imageId?: string | undefined }) =>
      post(
        { memberId: p.memberId },
        body.imageId !== undefined ? { imageId: body.imageId } : { text: body.text ?? '' },
      ),
    memberRead: (p: Principal, body: { upTo: string }) => markRead({ memberId: p.memberId }, body.upTo),

    async visitorThread(body: { visitorToken: string }): Promise<SupportThreadWire> {
      return threadWire(db, await threadOf(db, { visitorKey: visitorKeyOf(body.visitorToken) }));
    },
    visitorSend: (body: { visitorToken: string; text: string }) =>
      post({ visitorKey: visitorKeyOf(body.visitorToken) }, { text: body.text }),
    visitorRead: (body: { visitorToken: string; upTo: string }) =>
      markRead({ visitorKey: visitorKeyOf(body.visitorToken) }, body.upTo),

    /** For the stream: the last message id of a visitor's conversation (what `subscribed` carries). */
    async lastVisitorMessageId(visitorKey: string): Promise<string | null> {
      const [r] = await db.query<{ id: string | null }>(
        `SELECT max(x.id)::text AS id FROM support_messages x JOIN support_threads t ON t.id = x.thread_id
          WHERE t.visitor_key = $1`,
        [visitorKey],
      );
      return r?.id ?? null;
    },

    async inbox(staff: StaffPrincipal, body: { box: SupportBox }) {
      const rows = await db.query<InboxRow>(
        `${inboxSelect} WHERE ${boxWhere[body.box]} ORDER BY t.last_message_at DESC, t.id LIMIT ${inboxLimit}`,
        body.box === 'mine' ? [staff.memberId] : [],
      );
      const [c] = await db.query<{ unassigned: number; mine: number; closed: number }>(
        `SELECT count(*) FILTER (WHERE status = 'open' AND assigned_to IS NULL)::int AS unassigned,
                count(*) FILTER (WHERE status = 'open' AND assigned_to = $1)::int AS mine,
                count(*) FILTER (WHERE status = 'closed')::int AS closed
           FROM support_threads`,
        [staff.memberId],
      );
      return {
        items: rows.map((r) => inboxWire(staff.memberId, r)),
        counts: { unassigned: Number(c?.unassigned ?? 0), mine: Number(c?.mine ?? 0), closed: Number(c?.closed ?? 0) },
      };
    },

    /** The thread as staff see it; seeing it is reading it (the member sees "read" on their messages, live). */
    async thread(staff: StaffPrincipal, body: { threadId: string }) {
      const now = clock.now();
      const t = await db.transaction(async (tx) => {
        const row = await threadById(tx, body.threadId, true);
        const [r] = await tx.query<{ through: string | null }>(
          `SELECT max(id)::text AS through FROM support_messages WHERE thread_id = $1 AND author <> 'staff'`,
          [row.id],
        );
        const through = r?.through ?? null;
        if (through === null || BigInt(through) <= BigInt(row.staff_read_through)) return row;
        await tx.query(`UPDATE support_threads SET staff_read_through = $2 WHERE id = $1`, [row.id, through]);
        await tellOwner(tx, row, through, 'read', now);
        return { ...row, staff_read_through: through };
      });
      deps.afterCommit?.();
      const messages = await messagesOf(db, t.id);
      return {
        thread: await inboxRow(db, staff.memberId, t.id),
        messages: messages.map((m) => messageWire(t, m)),
        member: t.member_id ? await memberContext(t.member_id) : null,
      };
    },

    async assign(staff: StaffPrincipal, body: { threadId: string }, requestId: string): Promise<InboxThreadWire> {
      const now = clock.now();
      await db.transaction(async (tx) => {
        const t = await threadById(tx, body.threadId, true);
        if (t.status === 'closed') throw refuse(errorKeys.support.threadClosed);
        refuseIfOthers(staff, t);
        await tx.query(`UPDATE support_threads SET assigned_to = $2 WHERE id = $1`, [t.id, staff.memberId]);
        await recordAudit(
          tx,
          {
            actorId: staff.memberId,
            actorRole: staff.role,
            action: 'support.assign',
            target: await auditTarget(tx, t),
            requestId,
          },
          now,
        );
      });
      return inboxRow(db, staff.memberId, body.threadId);
    },

    /** A staff reply: an unassigned thread becomes the replier's; the member (or visitor) sees it live. Audited. */
    async reply(
      staff: StaffPrincipal,
      body: { threadId: string; text: string },
      requestId: string,
    ): Promise<SupportMessageWire> {
      const now = clock.now();
      const text = checked(body.text);
      const out = await db.transaction(async (tx) => {
        const t = await threadById(tx, body.threadId, true);
        if (t.status === 'closed') throw refuse(errorKeys.support.threadClosed);
        refuseIfOthers(staff, t);
        await tx.query(
          `UPDATE support_threads SET assigned_to = coalesce(assigned_to, $2), last_message_at = $3 WHERE id = $1`,
          [t.id, staff.memberId, now],
        );
        const [m] = await tx.query<MessageRow>(
          `INSERT INTO support_messages (thread_id, author, staff_id, body, created_at) VALUES ($1, 'staff', $2, $3, $4)
           RETURNING id::text AS id, author, body, upload_id::text AS upload_id, created_at`,
          [t.id, staff.memberId, text, now],
        );
        if (!m) throw new Error('support: no reply written');
        await tellOwner(tx, t, m.id, 'message', now, 'staff');
        await recordAudit(
          tx,
          {
            actorId: staff.memberId,
            actorRole: staff.role,
            action: 'support.reply',
            target: `${await auditTarget(tx, t)} #${m.id}`,
            reason: text,
            requestId,
          },
          now,
        );
        return messageWire(t, m);
      });
      deps.afterCommit?.();
      return out;
    },

    async close(staff: StaffPrincipal, body: { threadId: string }, requestId: string): Promise<InboxThreadWire> {
      const now = clock.now();
      await db.transaction(async (tx) => {
        const t = await threadById(tx, body.threadId, true);
        if (t.status === 'closed') throw refuse(errorKeys.support.alreadyClosed);
        refuseIfOthers(staff, t);
        await tx.query(`UPDATE support_threads SET status = 'closed', closed_at = $2, closed_by = $3 WHERE id = $1`, [
          t.id,
          now,
          staff.memberId,
        ]);
        await recordAudit(
          tx,
          {
            actorId: staff.memberId,
            actorRole: staff.role,
            action: 'support.close',
            target: await auditTarget(tx, t),
            requestId,
          },
          now,
        );
      });
      return inboxRow(db, staff.memberId, body.threadId);
    },
  };
}
export type SupportService = ReturnType<typeof supportService>;
