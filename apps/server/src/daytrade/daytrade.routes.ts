import { successKeys } from '@kabuto/contracts/errors';
import {
  adminDayTradeApplicationsCall,
  adminDayTradeDecideCall,
  adminDayTradeSettingsCall,
  adminDayTradeSettingsSaveCall,
  dayTradeApplicationsCall,
  dayTradeApplyCall,
  dayTradeEndCall,
  dayTradeOverviewCall,
} from '@kabuto/contracts/daytrade/day-trading';
import { asStaff, route, type Route } from '../http/public.ts';
import type { ReviewKind, ReviewsService } from '../reviews/public.ts';
import type { DayTradeService } from './daytrade.service.ts';

export function dayTradeRoutes(s: DayTradeService, reviews: ReviewsService, kind: ReviewKind): Route[] {
  return [
    route({ call: dayTradeOverviewCall, handler: ({ principal }) => s.overview(principal) }),
    route({
      call: dayTradeApplyCall,
      success: successKeys.dayTradeApplied,
      idempotent: { recover: (principal, key) => s.byClientKey(principal, key) },
      handler: ({ principal, body, idempotencyKey }) => s.apply(principal, body, idempotencyKey),
    }),
    route({ call: dayTradeApplicationsCall, handler: ({ principal, body }) => s.applications(principal, body) }),
    route({ call: dayTradeEndCall, success: successKeys.saved, handler: ({ principal }) => s.end(principal) }),
    route({ call: adminDayTradeApplicationsCall, handler: ({ body }) => s.adminApplications(body) }),
    route({
      call: adminDayTradeDecideCall,
      success: successKeys.decided,
      handler: ({ principal, body, requestId }) => reviews.decide(kind, asStaff(principal), body, requestId),
    }),
    route({ call: adminDayTradeSettingsCall, handler: () => s.settings() }),
    route({
      call: adminDayTradeSettingsSaveCall,
      success: successKeys.saved,
      handler: ({ principal, body, requestId }) => s.saveSettings(asStaff(principal), body, requestId),
    }),
  ];
}
