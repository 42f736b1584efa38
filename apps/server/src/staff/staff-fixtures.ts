// Tests only: staff accounts through the real calls, as an admin makes them.
import type { AuditEntry } from '@kabuto/contracts/admin/audit-log';
import type { StaffRole } from '@kabuto/contracts/fields';
import { nextAccount, type Answer, type Harness } from '../test/harness.ts';

export interface StaffAccountWire {
  account: string;
  role: StaffRole;
  status: 'active' | 'disabled';
  createdAt: string;
  disabledAt: string | null;
}

/** The seeded admin, signed in. */
export const seedAdmin = (h: Harness): Promise<Record<string, string>> =>
  h.signIn(h.seed.staffAccount, h.seed.staffPassword);

/** Creates a staff account through admin/staff/create and signs it in with its initial password. */
export async function createStaff(
  h: Harness,
  role: StaffRole,
  admin?: Record<string, string>,
): Promise<{ account: string; password: string; headers: Record<string, string>; answer: Answer<StaffAccountWire> }> {
  const account = nextAccount();
  const password = `Init${account}x`;
  const answer = await h.call<StaffAccountWire>(
    'admin/staff/create',
    { account, password, role, reason: `New ${role} joins the desk` },
    admin ?? (await seedAdmin(h)),
  );
  if (answer.status !== 1) throw new Error(`staff create failed for ${account}: ${answer.msg}`);
  return { account, password, headers: await h.signIn(account, password), answer };
}

/** The audit entries of one action on one target, oldest first, as an auditor reads them. */
export async function auditOf(
  h: Harness,
  action: string,
  target: string,
  reader?: Record<string, string>,
): Promise<AuditEntry[]> {
  const res = await h.call<{ items: AuditEntry[] }>(
    'admin/auditLog',
    { action, pageSize: 100 },
    reader ?? (await seedAdmin(h)),
  );
  return res.data.items.filter((e) => e.target === target).reverse();
}

export const memberIdOf = async (h: Harness, account: string): Promise<string> => {
  const [row] = await h.db.query<{ id: string }>(`SELECT id FROM members WHERE account = $1`, [account]);
  if (!row) throw new Error(`no member ${account}`);
  return row.id;
};
