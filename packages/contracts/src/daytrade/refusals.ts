import type { ApplyRefusal, OrderRefusal } from '@kabuto/domain/daytrade/day-trade';
import { errorKeys, type ErrorKey } from '../errors.ts';

/** The catalogue key of each refusal of the quota application check (`checkApplication`), for the server and the form. */
export const applyRefusalKey: Readonly<Record<ApplyRefusal, ErrorKey>> = {
  amountInvalid: errorKeys.daytrade.amountInvalid,
  alreadyApplied: errorKeys.daytrade.alreadyApplied,
};

/** The catalogue key of each refusal of a day-trade order (`checkDayTradeOrder`), for the server and the ticket. */
export const orderRefusalKey: Readonly<Record<OrderRefusal, ErrorKey>> = {
  notApproved: errorKeys.daytrade.notApproved,
  quotaExceeded: errorKeys.daytrade.quotaExceeded,
  afterCutOff: errorKeys.daytrade.afterCutOff,
};
