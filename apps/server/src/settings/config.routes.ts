import type { Database } from '@kabuto/db/database';
import { configCall } from '@kabuto/contracts/common/config';
import { publicPolicy } from '../http/policy.ts';
import { route, type Route } from '../http/route.ts';
import { listSettings } from './settings.service.ts';

export function configRoutes(db: Database): Route[] {
  return [route({ call: configCall, policy: publicPolicy, handler: () => listSettings(db) })];
}
