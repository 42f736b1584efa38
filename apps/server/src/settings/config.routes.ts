import type { Database } from '@kabuto/db/database';
import { configCall } from '@kabuto/contracts/common/config';
import { route, type Route } from '../http/public.ts';
import { listSettings } from './settings.service.ts';

export function configRoutes(db: Database): Route[] {
  return [route({ call: configCall, handler: () => listSettings(db) })];
}
