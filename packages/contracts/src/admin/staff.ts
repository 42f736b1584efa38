import { z } from 'zod';
import { defineCall } from '../call.ts';
import { accountField, newPasswordField, reasonField, staffRoleField } from '../fields.ts';
import { adminPolicies } from './policies.ts';

// Issue 25 "Staff accounts": an admin creates staff accounts, sets their roles, disables and re-enables them and
// resets their passwords; auditors read the list. Every change carries a reason and is written to the audit log.

export const staffStatuses = ['active', 'disabled'] as const;

export const staffAccountSchema = z.object({
  account: z.string(),
  role: staffRoleField,
  status: z.enum(staffStatuses),
  createdAt: z.string(),
  /** When it was disabled; null while active. */
  disabledAt: z.string().nullable(),
});

export const adminStaffListCall = defineCall({
  policy: adminPolicies.staffList,
  path: 'admin/staff/list',
  summary: 'Staff: every staff account with its role and whether it is active',
  request: z.object({}),
  response: z.array(staffAccountSchema),
});

export const adminStaffCreateCall = defineCall({
  policy: adminPolicies.staffSave,
  path: 'admin/staff/create',
  summary: 'Admin: create a staff account (ten-digit account, initial password, role), with a reason',
  request: z.object({ account: accountField, password: newPasswordField, role: staffRoleField, reason: reasonField }),
  response: staffAccountSchema,
});

export const adminStaffSetRoleCall = defineCall({
  policy: adminPolicies.staffSave,
  path: 'admin/staff/setRole',
  summary: 'Admin: give a staff account another role (never the last active admin’s), with a reason',
  request: z.object({ account: accountField, role: staffRoleField, reason: reasonField }),
  response: staffAccountSchema,
});

export const adminStaffDisableCall = defineCall({
  policy: adminPolicies.staffSave,
  path: 'admin/staff/disable',
  summary: 'Admin: disable a staff account (its sessions end at once; never the last active admin), with a reason',
  request: z.object({ account: accountField, reason: reasonField }),
  response: staffAccountSchema,
});

export const adminStaffEnableCall = defineCall({
  policy: adminPolicies.staffSave,
  path: 'admin/staff/enable',
  summary: 'Admin: re-enable a disabled staff account, with a reason',
  request: z.object({ account: accountField, reason: reasonField }),
  response: staffAccountSchema,
});

export const adminStaffResetPasswordCall = defineCall({
  policy: adminPolicies.staffSave,
  path: 'admin/staff/resetPassword',
  summary: 'Admin: set a new password for another staff account (its sessions end), with a reason',
  request: z.object({ account: accountField, password: newPasswordField, reason: reasonField }),
  response: staffAccountSchema,
});
