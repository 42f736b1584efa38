import {
  adminLiftRestrictionCall,
  adminMemberDetailCall,
  adminMemberSearchCall,
  adminRestrictCall,
} from '@kabuto/contracts/admin/members';
import { successKeys } from '@kabuto/contracts/errors';
import { asStaff } from '../http/public.ts';
import { route, type Route } from '../http/public.ts';
import type { MemberAdminService } from './member-admin.service.ts';

export function memberAdminRoutes(members: MemberAdminService): Route[] {
  return [
    route({ call: adminMemberSearchCall, handler: ({ body }) => members.search(body.q) }),
    route({ call: adminMemberDetailCall, handler: ({ body }) => members.detail(body.memberId) }),
    route({
      call: adminRestrictCall,
      success: successKeys.saved,
      handler: ({ principal, body, requestId }) => members.restrict(asStaff(principal), body, requestId),
    }),
    route({
      call: adminLiftRestrictionCall,
      success: successKeys.saved,
      handler: ({ principal, body, requestId }) => members.lift(asStaff(principal), body, requestId),
    }),
  ];
}
