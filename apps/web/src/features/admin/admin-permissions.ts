import type { StaffRole } from '@kabuto/contracts/fields';
import { roleMay, type CallPolicy } from '@kabuto/contracts/policy';
import { auditLogCall } from '@kabuto/contracts/admin/audit-log';
import { adminMemberSearchCall, adminRestrictCall } from '@kabuto/contracts/admin/members';
import { adminDepositsDecideCall, adminDepositsListCall, adminRealNameListCall, adminWithdrawalsListCall } from '@kabuto/contracts/admin/reviews';
import { adminChannelSaveCall, adminChannelsListCall, adminReconciliationCall } from '@kabuto/contracts/admin/settings';

// DESIGN "Reviews and the back office": each role sees only what it may use. The policies are the
// calls' own (issue 6 §3): the server refuses with them and the navigation is drawn from them.

export type Section = 'realname' | 'deposits' | 'withdrawals' | 'members' | 'channels' | 'reconciliation' | 'audit';
export type Queue = 'realName' | 'deposits' | 'withdrawals';

/** The call that fills each section: a role sees the section when it may make that call. */
const sectionPolicy: Record<Section, CallPolicy> = {
  realname: adminRealNameListCall.policy,
  deposits: adminDepositsListCall.policy,
  withdrawals: adminWithdrawalsListCall.policy,
  members: adminMemberSearchCall.policy,
  channels: adminChannelsListCall.policy,
  reconciliation: adminReconciliationCall.policy,
  audit: auditLogCall.policy,
};

export const sectionOrder: readonly Section[] = ['realname', 'deposits', 'withdrawals', 'members', 'channels', 'reconciliation', 'audit'];

export function sectionsFor(role: StaffRole): Section[] {
  return sectionOrder.filter((s) => roleMay(sectionPolicy[s], role));
}

export const can = {
  decide: (role: StaffRole) => roleMay(adminDepositsDecideCall.policy, role),
  restrict: (role: StaffRole) => roleMay(adminRestrictCall.policy, role),
  editSettings: (role: StaffRole) => roleMay(adminChannelSaveCall.policy, role),
};
