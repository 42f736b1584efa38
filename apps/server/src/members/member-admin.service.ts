import { isUniqueViolation } from '@kabuto/db/pg-errors';
import type { Database, Sql } from '@kabuto/db/database';
import { errorKeys } from '@kabuto/contracts/errors';
import type { RestrictionKind, StaffRole } from '@kabuto/contracts/fields';
import type { ResponseOf } from '@kabuto/contracts/call';
import type { adminMemberDetailCall, adminMemberSearchCall } from '@kabuto/contracts/admin/members';
import { refuse } from '../errors/public.ts';
import type { StaffPrincipal } from '../http/public.ts';
import type { Clock } from '../clock.ts';
import { recordAudit } from '../audit/public.ts';
import { endAllSessions } from '../auth/public.ts';
import { creditScoreOf } from '../credit/public.ts';
import { balancesWire, memberBalances, memberTimeline } from '../funds/public.ts';

export interface MemberAdminDeps {
  db: Database;
  clock: Clock;
  /** A restriction that ends sessions writes an event to the outbox: this tells the relay at once. */
  afterCommit?: () => void;
  /** After a commit that ended a member's sessions: this process forgets them at once (others hear it on the bus). */
  sessionsEnded?: (memberId: string, tokenHash: string | null) => void;
}

type MemberSummary = ResponseOf<typeof adminMemberSearchCall>[number];

interface MemberRow {
  id: string;
  account: string;
  real_name: string | null;
  real_name_status: string;
  staff_role: StaffRole | null;
  created_at: Date;
}

const memberColumns = `m.id, m.account, m.real_name, m.real_name_status, m.staff_role, m.created_at`;
const searchLimit = 50;
const timelineLength = 50;
// SPEC §6: these restrictions keep the member out, so their open sessions end with them.
const endsSessions: readonly RestrictionKind[] = ['login_banned', 'disabled'];
const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** LIKE pattern text matching `s` literally. */
const likeLiteral = (s: string): string => s.replace(/[\\%_]/g, (c) => `\\${c}`);

const summaryWire = (r: MemberRow): MemberSummary => ({
  memberId: r.id,
  account: r.account,
  realName: r.real_name,
  realNameStatus: r.real_name_status,
  role: r.staff_role,
  createdAt: new Date(r.created_at).toISOString(),
});

export function memberAdminService({ db, clock, afterCommit, sessionsEnded }: MemberAdminDeps) {
  const findMember = async (sql: Sql, memberId: string, lock = false): Promise<MemberRow> => {
    if (!uuidPattern.test(memberId)) throw refuse(errorKeys.admin.memberNotFound);
    const [row] = await sql.query<MemberRow>(
      `SELECT ${memberColumns} FROM members m WHERE m.id = $1${lock ? ' FOR UPDATE' : ''}`,
      [memberId],
    );
    if (!row) throw refuse(errorKeys.admin.memberNotFound);
    return row;
  };

  return {
    /** By account prefix, real-name substring or invitation code; newest first, at most 50 (the newest members for an empty query). */
    async search(q: string): Promise<MemberSummary[]> {
      const text = q.normalize('NFKC').trim();
      const rows = await db.query<MemberRow>(
        `SELECT ${memberColumns} FROM members m
          WHERE $1 = '' OR m.account LIKE $2 || '%' ESCAPE '\\' OR m.real_name ILIKE '%' || $2 || '%' ESCAPE '\\' OR m.invite_code = upper($1)
          ORDER BY m.created_at DESC, m.account LIMIT ${searchLimit}`,
        [text, likeLiteral(text)],
      );
      return rows.map(summaryWire);
    },

    /** Balances per currency and book, restrictions active and past, credit score and the last 50 journal entries. */
    async detail(memberId: string): Promise<ResponseOf<typeof adminMemberDetailCall>> {
      const member = await findMember(db, memberId);
      const restrictions = await db.query<{
        id: string;
        kind: RestrictionKind;
        reason: string;
        set_at: Date;
        set_by: string | null;
        lifted_at: Date | null;
        lift_reason: string | null;
      }>(
        `SELECT r.id::text AS id, r.kind, r.reason, r.set_at, s.account AS set_by, r.lifted_at, r.lift_reason
           FROM member_restrictions r LEFT JOIN members s ON s.id = r.set_by
          WHERE r.member_id = $1 ORDER BY (r.lifted_at IS NULL) DESC, r.set_at DESC, r.id DESC`,
        [memberId],
      );
      const { score } = await creditScoreOf(db, memberId);
      const timeline = await memberTimeline(db, memberId, 1, timelineLength);
      return {
        member: summaryWire(member),
        balances: balancesWire(await memberBalances(db, memberId)),
        restrictions: restrictions.map((r) => ({
          id: r.id,
          kind: r.kind,
          reason: r.reason,
          setAt: new Date(r.set_at).toISOString(),
          setBy: r.set_by,
          liftedAt: r.lifted_at ? new Date(r.lifted_at).toISOString() : null,
          liftReason: r.lift_reason,
        })),
        creditScore: score,
        timeline: timeline.items,
      };
    },

    /** SPEC §6: sets a restriction with the reason the member reads; a login ban or disabling also ends their sessions. */
    async restrict(
      staff: StaffPrincipal,
      body: { memberId: string; kind: RestrictionKind; reason: string },
      requestId: string,
    ): Promise<null> {
      const now = clock.now();
      try {
        await db.transaction(async (tx) => {
          const member = await findMember(tx, body.memberId, true);
          if (member.id === staff.memberId) throw refuse(errorKeys.auth.forbidden);
          const active = await tx.query(
            `SELECT 1 FROM member_restrictions WHERE member_id = $1 AND kind = $2 AND lifted_at IS NULL`,
            [member.id, body.kind],
          );
          if (active.length > 0) throw refuse(errorKeys.admin.restrictionActive);
          await tx.query(
            `INSERT INTO member_restrictions (member_id, kind, reason, set_by, set_at) VALUES ($1, $2, $3, $4, $5)`,
            [member.id, body.kind, body.reason, staff.memberId, now],
          );
          if (endsSessions.includes(body.kind)) await endAllSessions(tx, member.id, now);
          await recordAudit(
            tx,
            {
              actorId: staff.memberId,
              actorRole: staff.role,
              action: 'member.restrict',
              target: member.account,
              reason: `${body.kind}: ${body.reason}`,
              requestId,
            },
            now,
          );
        });
      } catch (err) {
        if (isUniqueViolation(err)) throw refuse(errorKeys.admin.restrictionActive);
        throw err;
      }
      if (endsSessions.includes(body.kind)) {
        sessionsEnded?.(body.memberId, null);
        afterCommit?.();
      }
      return null;
    },

    /** Lifts the active restriction of that kind; the row stays, with who lifted it, when and why. */
    async lift(
      staff: StaffPrincipal,
      body: { memberId: string; kind: RestrictionKind; reason: string },
      requestId: string,
    ): Promise<null> {
      const now = clock.now();
      await db.transaction(async (tx) => {
        const member = await findMember(tx, body.memberId, true);
        if (member.id === staff.memberId) throw refuse(errorKeys.auth.forbidden);
        const lifted = await tx.query(
          `UPDATE member_restrictions SET lifted_at = $3, lifted_by = $4, lift_reason = $5 WHERE member_id = $1 AND kind = $2 AND lifted_at IS NULL RETURNING id`,
          [member.id, body.kind, now, staff.memberId, body.reason],
        );
        if (lifted.length === 0) throw refuse(errorKeys.admin.restrictionNotActive);
        await recordAudit(
          tx,
          {
            actorId: staff.memberId,
            actorRole: staff.role,
            action: 'member.lift',
            target: member.account,
            reason: `${body.kind}: ${body.reason}`,
            requestId,
          },
          now,
        );
      });
      return null;
    },
  };
}
export type MemberAdminService = ReturnType<typeof memberAdminService>;
