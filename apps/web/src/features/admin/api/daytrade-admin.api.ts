import type { ResponseOf } from '@kabuto/contracts/call';
import type {
  adminDayTradeApplicationsCall,
  adminDayTradeDecideCall,
  adminDayTradeSettingsCall,
  adminDayTradeSettingsSaveCall,
} from '@kabuto/contracts/daytrade/day-trading';
import { api } from '../../../shared/api/api.ts';
import { callRef } from '../../../shared/api/call-ref.ts';
import type { DecideRequest, ReviewListRequest } from './back-office.api.ts';

// Issue 26: the day-trading applications queue and the demo cut-off (paths only at run time: no zod in the web app).
const applicationsRef = callRef<typeof adminDayTradeApplicationsCall>('admin/daytrade/applications');
const decideRef = callRef<typeof adminDayTradeDecideCall>('admin/daytrade/decide');
const settingsRef = callRef<typeof adminDayTradeSettingsCall>('admin/daytrade/settings');
const settingsSaveRef = callRef<typeof adminDayTradeSettingsSaveCall>('admin/daytrade/settings/save');

export type DayTradeReview = ResponseOf<typeof adminDayTradeApplicationsCall>['items'][number];
export type DayTradeSettings = ResponseOf<typeof adminDayTradeSettingsCall>;

export const dayTradeAdminKeys = {
  applications: [applicationsRef.path],
  settings: [settingsRef.path],
} as const;

const opts = (signal?: AbortSignal) => (signal ? { signal } : {});

export const dayTradeReviewCalls = {
  list: (body: ReviewListRequest, signal: AbortSignal) => api.call(applicationsRef, body, opts(signal)),
  decide: (body: DecideRequest) => api.call(decideRef, body),
};
export const fetchDayTradeSettings = (signal?: AbortSignal) => api.call(settingsRef, {}, opts(signal));
export const saveDayTradeSettings = (body: { demoCutOff: string; reason: string }) => api.call(settingsSaveRef, body);
