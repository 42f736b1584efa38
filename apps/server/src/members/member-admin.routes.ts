import { adminLiftRestrictionCall, adminMemberDetailCall, adminMemberSearchCall, adminRestrictCall } from '@kabuto/contracts/admin/members';
import { successKeys } from '@kabuto/contracts/errors';
import { asStaff, staffPolicy } from '../http/policy.ts';
import { route, type Route } from '../http/route.ts';
import type { MemberAdminService } from './member-admin.service.ts';

const everyStaffRole = staffPolicy('admin', 'reviewer', 'support', 'auditor');
const restrictionRoles = staffPolicy('admin', 'support');

export function memberAdminRoutes(members: MemberAdminService): Route[] {
  return [
    route({ call: adminMemberSearchCall, policy: everyStaffRole, handler: ({ body }) => members.search(body.q) }),
    route({ call: adminMemberDetailCall, policy: everyStaffRole, handler: ({ body }) => members.detail(body.memberId) }),
    route({
      call: adminRestrictCall,
      policy: restrictionRoles,
      success: successKeys.saved,
      handler: ({ principal, body, requestId }) => members.restrict(asStaff(principal), body, requestId),
    }),
    route({
      call: adminLiftRestrictionCall,
      policy: restrictionRoles,
      success: successKeys.saved,
      handler: ({ principal, body, requestId }) => members.lift(asStaff(principal), body, requestId),
    }),
  ];
}
