import type { RequestOf, ResponseOf } from '@kabuto/contracts/call';
import type { adminLoanSettingsCall, adminLoanSettingsSaveCall } from '@kabuto/contracts/loans/loans';
import { api } from '../../../shared/api/api.ts';
import { callRef } from '../../../shared/api/call-ref.ts';

// Issue 26: the lending terms staff set (the loan applications queue is one of the review queues).
const settingsRef = callRef<typeof adminLoanSettingsCall>('admin/loan/settings');
const saveRef = callRef<typeof adminLoanSettingsSaveCall>('admin/loan/settingsSave');

export type LendingSettings = ResponseOf<typeof adminLoanSettingsCall>;
export type LendingSettingsRequest = RequestOf<typeof adminLoanSettingsSaveCall>;

export const loanAdminKeys = { settings: [settingsRef.path] } as const;

export const fetchLendingSettings = (signal: AbortSignal) => api.call(settingsRef, {}, { signal });
export const saveLendingSettings = (body: LendingSettingsRequest) => api.call(saveRef, body);
