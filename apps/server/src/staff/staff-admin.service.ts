import { isUniqueViolation } from '@kabuto/db/pg-errors';
import type { Database, Sql } from '@kabuto/db/database';
import { errorKeys, type ErrorKey } from '@kabuto/contracts/errors';
import type { StaffRole } from '@kabuto/contracts/fields';
import type { ResponseOf } from '@kabuto/contracts/call';
import type { adminStaffListCall } from '@kabuto/contracts/admin/staff';
import type { AuditAction } from '@kabuto/contracts/admin/audit-actions';
import { staffChangeRefusal, type StaffChange, type StaffChangeRefusal } from '@kabuto/domain/staff/staff-change';
import { refuse } from '../errors/public.ts';
import type { StaffPrincipal } from '../http/public.ts';
import type { Clock } from '../clock.ts';
import { recordAudit } from '../audit/public.ts';
import { endAllSessions } from '../auth/public.ts';
import { hashSecret, newInviteCode } from '../accounts/public.ts';

export interface StaffAdminDeps {
  db: Database;
  clock: Clock;
  /** Disabling or a new password ends sessions through the outbox: this tells the relay at once, so sockets close now. */
  afterCommit?: () => void;
  /** After a commit that ended a staff member's sessions: this process forgets them at once (others hear the bus). */
  sessionsEnded?: (memberId: string, tokenHash: string | null) => void;
}

type StaffAccount = ResponseOf<typeof adminStaffListCall>[number];

interface StaffRow {
  id: string;
  account: string;
  staff_role: StaffRole;
  staff_disabled_at: Date | null;
  created_at: Date;
}

const columns = `id, account, staff_role, staff_disabled_at, created_at`;

/**
 * The admins who can run the back office now: the admin role, not disabled, and not kept out by a member restriction
 * (SPEC §6). Locked in id order, so two changes to the admins run one after the other and see each other's result.
 */
const lockActiveAdmins = `SELECT m.id FROM members m
  WHERE m.staff_role = 'admin' AND m.staff_disabled_at IS NULL
    AND NOT EXISTS (SELECT 1 FROM member_restrictions r
                     WHERE r.member_id = m.id AND r.lifted_at IS NULL AND r.kind IN ('disabled', 'login_banned'))
  ORDER BY m.id FOR UPDATE OF m`;

const refusalKeys: Record<StaffChangeRefusal, ErrorKey> = {
  sameRole: errorKeys.staff.sameRole,
  alreadyDisabled: errorKeys.staff.alreadyDisabled,
  notDisabled: errorKeys.staff.notDisabled,
  lastAdmin: errorKeys.staff.lastAdmin,
};

const auditOf: Record<StaffChange['kind'], AuditAction> = {
  setRole: 'staff.setRole',
  disable: 'staff.disable',
  enable: 'staff.enable',
};

const wire = (r: StaffRow): StaffAccount => ({
  account: r.account,
  role: r.staff_role,
  status: r.staff_disabled_at ? 'disabled' : 'active',
  createdAt: new Date(r.created_at).toISOString(),
  disabledAt: r.staff_disabled_at ? new Date(r.staff_disabled_at).toISOString() : null,
});

export function staffAdminService({ db, clock, afterCommit, sessionsEnded }: StaffAdminDeps) {
  /**
   * Locks the active admins and answers their ids. The acting admin's right is read again under that lock: one
   * demoted or disabled by a change that committed meanwhile acts no more.
   */
  const activeAdminsActing = async (tx: Sql, staff: StaffPrincipal): Promise<string[]> => {
    const admins = (await tx.query<{ id: string }>(lockActiveAdmins)).map((r) => r.id);
    if (!admins.includes(staff.memberId)) throw refuse(errorKeys.auth.forbidden);
    return admins;
  };

  const lockStaff = async (tx: Sql, account: string): Promise<StaffRow> => {
    const [row] = await tx.query<StaffRow>(
      `SELECT ${columns} FROM members WHERE account = $1 AND staff_role IS NOT NULL FOR UPDATE`,
      [account],
    );
    if (!row) throw refuse(errorKeys.staff.notFound);
    return row;
  };

  /** After a commit that ended the member's sessions: forget them here and let the relay close their sockets now. */
  const ended = (memberId: string): void => {
    sessionsEnded?.(memberId, null);
    afterCommit?.();
  };

  /** Role, disabling or re-enabling: decided by the domain's rule on the locked facts, applied and audited at once. */
  const change = async (
    staff: StaffPrincipal,
    body: { account: string; reason: string },
    c: StaffChange,
    requestId: string,
  ): Promise<StaffAccount> => {
    const now = clock.now();
    const row = await db.transaction(async (tx) => {
      const admins = await activeAdminsActing(tx, staff);
      const target = await lockStaff(tx, body.account);
      const facts = { id: target.id, role: target.staff_role, disabled: target.staff_disabled_at !== null };
      const refusal = staffChangeRefusal(facts, c, admins);
      if (refusal) throw refuse(refusalKeys[refusal]);
      const [updated] = await tx.query<StaffRow>(
        c.kind === 'setRole'
          ? `UPDATE members SET staff_role = $2 WHERE id = $1 RETURNING ${columns}`
          : `UPDATE members SET staff_disabled_at = $2 WHERE id = $1 RETURNING ${columns}`,
        [target.id, c.kind === 'setRole' ? c.role : c.kind === 'disable' ? now : null],
      );
      // A disabled account is out at once: its sessions end, and the outbox tells every process to close its sockets.
      if (c.kind === 'disable') await endAllSessions(tx, target.id, now);
      await recordAudit(
        tx,
        {
          actorId: staff.memberId,
          actorRole: staff.role,
          action: auditOf[c.kind],
          target: target.account,
          reason: c.kind === 'setRole' ? `${target.staff_role} → ${c.role}: ${body.reason}` : body.reason,
          requestId,
        },
        now,
      );
      return updated as StaffRow;
    });
    if (c.kind === 'disable') ended(row.id);
    return wire(row);
  };

  return {
    /** Every staff account, by account number. */
    async list(): Promise<StaffAccount[]> {
      const rows = await db.query<StaffRow>(
        `SELECT ${columns} FROM members WHERE staff_role IS NOT NULL ORDER BY account`,
      );
      return rows.map(wire);
    },

    /** A new member row with a staff role and the initial password (argon2id, as members' passwords). */
    async create(
      staff: StaffPrincipal,
      body: { account: string; password: string; role: StaffRole; reason: string },
      requestId: string,
    ): Promise<StaffAccount> {
      const passwordHash = await hashSecret(body.password);
      const now = clock.now();
      try {
        return await db.transaction(async (tx) => {
          await activeAdminsActing(tx, staff);
          if ((await tx.query(`SELECT 1 FROM members WHERE account = $1`, [body.account])).length > 0)
            throw refuse(errorKeys.account.alreadyExists);
          const [row] = await tx.query<StaffRow>(
            `INSERT INTO members (account, password_hash, invite_code, invited_with, staff_role, created_at)
             VALUES ($1, $2, $3, 'staff', $4, $5) RETURNING ${columns}`,
            [body.account, passwordHash, newInviteCode(), body.role, now],
          );
          await recordAudit(
            tx,
            {
              actorId: staff.memberId,
              actorRole: staff.role,
              action: 'staff.create',
              target: body.account,
              reason: `${body.role}: ${body.reason}`,
              requestId,
            },
            now,
          );
          return wire(row as StaffRow);
        });
      } catch (err) {
        // Two admins creating the same account at once: the database lets one in.
        if (isUniqueViolation(err)) throw refuse(errorKeys.account.alreadyExists);
        throw err;
      }
    },

    setRole: (staff: StaffPrincipal, body: { account: string; role: StaffRole; reason: string }, requestId: string) =>
      change(staff, body, { kind: 'setRole', role: body.role }, requestId),

    disable: (staff: StaffPrincipal, body: { account: string; reason: string }, requestId: string) =>
      change(staff, body, { kind: 'disable' }, requestId),

    enable: (staff: StaffPrincipal, body: { account: string; reason: string }, requestId: string) =>
      change(staff, body, { kind: 'enable' }, requestId),

    /**
     * Another staff member's new password: their sessions end and a sign-in lock is cleared. One's own password is
     * changed with the old one (user/changePassword), never here.
     */
    async resetPassword(
      staff: StaffPrincipal,
      body: { account: string; password: string; reason: string },
      requestId: string,
    ): Promise<StaffAccount> {
      const passwordHash = await hashSecret(body.password);
      const now = clock.now();
      const row = await db.transaction(async (tx) => {
        await activeAdminsActing(tx, staff);
        const target = await lockStaff(tx, body.account);
        if (target.id === staff.memberId) throw refuse(errorKeys.auth.forbidden);
        await tx.query(`UPDATE members SET password_hash = $2, failed_logins = 0, locked_until = NULL WHERE id = $1`, [
          target.id,
          passwordHash,
        ]);
        await endAllSessions(tx, target.id, now);
        await recordAudit(
          tx,
          {
            actorId: staff.memberId,
            actorRole: staff.role,
            action: 'staff.resetPassword',
            target: target.account,
            reason: body.reason,
            requestId,
          },
          now,
        );
        return target;
      });
      ended(row.id);
      return wire(row);
    },
  };
}
export type StaffAdminService = ReturnType<typeof staffAdminService>;
