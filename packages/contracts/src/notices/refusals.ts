import type { AlertRefusal } from '@kabuto/domain/notices/price-alert';
import { errorKeys, type ErrorKey } from '../errors.ts';

/** The catalogue key of each refusal of a new price alert (`checkAlert`), server and sheet alike. */
export const alertRefusalKey: Readonly<Record<AlertRefusal, ErrorKey>> = {
  kindInvalid: errorKeys.alerts.kindInvalid,
  priceInvalid: errorKeys.alerts.priceInvalid,
  priceOffGrid: errorKeys.alerts.priceOffGrid,
  percentInvalid: errorKeys.alerts.percentInvalid,
};

/** At most this many alerts wait at once per member (the leader's index stays bounded). */
export const maxActiveAlerts = 50;
