import {
  adminStaffCreateCall,
  adminStaffDisableCall,
  adminStaffEnableCall,
  adminStaffListCall,
  adminStaffResetPasswordCall,
  adminStaffSetRoleCall,
} from '@kabuto/contracts/admin/staff';
import { successKeys } from '@kabuto/contracts/errors';
import { asStaff, route, type Route } from '../http/public.ts';
import type { StaffAdminService } from './staff-admin.service.ts';

export function staffAdminRoutes(staff: StaffAdminService): Route[] {
  return [
    route({ call: adminStaffListCall, handler: () => staff.list() }),
    route({
      call: adminStaffCreateCall,
      success: successKeys.saved,
      handler: ({ principal, body, requestId }) => staff.create(asStaff(principal), body, requestId),
    }),
    route({
      call: adminStaffSetRoleCall,
      success: successKeys.saved,
      handler: ({ principal, body, requestId }) => staff.setRole(asStaff(principal), body, requestId),
    }),
    route({
      call: adminStaffDisableCall,
      success: successKeys.saved,
      handler: ({ principal, body, requestId }) => staff.disable(asStaff(principal), body, requestId),
    }),
    route({
      call: adminStaffEnableCall,
      success: successKeys.saved,
      handler: ({ principal, body, requestId }) => staff.enable(asStaff(principal), body, requestId),
    }),
    route({
      call: adminStaffResetPasswordCall,
      success: successKeys.saved,
      handler: ({ principal, body, requestId }) => staff.resetPassword(asStaff(principal), body, requestId),
    }),
  ];
}
