import type { RequestOf, ResponseOf } from '@kabuto/contracts/call';
import type {
  adminStaffCreateCall,
  adminStaffDisableCall,
  adminStaffEnableCall,
  adminStaffListCall,
  adminStaffResetPasswordCall,
  adminStaffSetRoleCall,
} from '@kabuto/contracts/admin/staff';
import { api } from '../../../shared/api/api.ts';
import { callRef } from '../../../shared/api/call-ref.ts';

// Paths only at run time (types through `import type`), so the web app never downloads zod.
const listRef = callRef<typeof adminStaffListCall>('admin/staff/list');
const createRef = callRef<typeof adminStaffCreateCall>('admin/staff/create');
const setRoleRef = callRef<typeof adminStaffSetRoleCall>('admin/staff/setRole');
const disableRef = callRef<typeof adminStaffDisableCall>('admin/staff/disable');
const enableRef = callRef<typeof adminStaffEnableCall>('admin/staff/enable');
const resetPasswordRef = callRef<typeof adminStaffResetPasswordCall>('admin/staff/resetPassword');

export type StaffAccount = ResponseOf<typeof adminStaffListCall>[number];
export type StaffCreateRequest = RequestOf<typeof adminStaffCreateCall>;

/** One change to an existing staff account; each is its own call, audited with its reason. */
export type StaffChangeRequest =
  | ({ action: 'role' } & RequestOf<typeof adminStaffSetRoleCall>)
  | ({ action: 'disable' } & RequestOf<typeof adminStaffDisableCall>)
  | ({ action: 'enable' } & RequestOf<typeof adminStaffEnableCall>)
  | ({ action: 'reset' } & RequestOf<typeof adminStaffResetPasswordCall>);
export type StaffAction = StaffChangeRequest['action'];

export const staffAdminKeys = { list: [listRef.path] as const };

export const fetchStaffAccounts = (signal?: AbortSignal) => api.call(listRef, {}, signal ? { signal } : {});

export const createStaffAccount = (body: StaffCreateRequest) => api.call(createRef, body);

/** Each answers the account as it now is. */
export function changeStaffAccount(change: StaffChangeRequest): Promise<StaffAccount> {
  switch (change.action) {
    case 'role':
      return api.call(setRoleRef, { account: change.account, role: change.role, reason: change.reason });
    case 'disable':
      return api.call(disableRef, { account: change.account, reason: change.reason });
    case 'enable':
      return api.call(enableRef, { account: change.account, reason: change.reason });
    case 'reset':
      return api.call(resetPasswordRef, { account: change.account, password: change.password, reason: change.reason });
  }
}
