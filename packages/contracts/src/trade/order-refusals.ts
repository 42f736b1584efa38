import type { OrderRefusal } from '@kabuto/domain/trading/check-order';
import { errorKeys, type ErrorKey } from '../errors.ts';

/** The catalogue key of each refusal of the one order check (`checkOrder`), for the server and the ticket alike. */
export const orderRefusalKey: Readonly<Record<OrderRefusal, ErrorKey>> = {
  productUnavailable: errorKeys.trade.productUnavailable,
  halted: errorKeys.market.halted,
  quantityUnit: errorKeys.trade.quantityUnit,
  quantityTooLarge: errorKeys.trade.quantityTooLarge,
  leverageNotAllowed: errorKeys.trade.leverageNotAllowed,
  limitPriceRequired: errorKeys.trade.limitPriceRequired,
  priceOffGrid: errorKeys.trade.priceOffGrid,
  exceedsPriceLimit: errorKeys.trade.exceedsPriceLimit,
  stopLossSide: errorKeys.trade.stopLossSide,
  takeProfitSide: errorKeys.trade.takeProfitSide,
  limitOnlyOutsideHours: errorKeys.trade.limitOnlyOutsideHours,
};
