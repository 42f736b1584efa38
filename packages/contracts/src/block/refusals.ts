import type { ApplyRefusal, TermsRefusal } from '@kabuto/domain/block/block-trade';
import { errorKeys, type ErrorKey } from '../errors.ts';

/** The catalogue key of each refusal of the one application check (`checkApplication`), for the server and the form. */
export const applyRefusalKey: Readonly<Record<ApplyRefusal, ErrorKey>> = {
  notFound: errorKeys.block.notFound,
  closed: errorKeys.block.closed,
  sharesRequired: errorKeys.trade.quantityUnit,
  belowMinimum: errorKeys.block.belowMinimum,
  aboveMaximum: errorKeys.block.aboveMaximum,
  dailyLimit: errorKeys.block.dailyLimit,
  seatOnly: errorKeys.block.seatOnly,
  realNameRequired: errorKeys.verification.required,
  insufficientBalance: errorKeys.funds.insufficientAvailable,
};

/** The catalogue key of each refusal of staff's product terms (`checkProductTerms`), for the server and the back office. */
export const termsRefusalKey: Readonly<Record<TermsRefusal, ErrorKey>> = {
  priceInvalid: errorKeys.block.priceInvalid,
  priceOffGrid: errorKeys.trade.priceOffGrid,
  exceedsPriceLimit: errorKeys.trade.exceedsPriceLimit,
  minAmountInvalid: errorKeys.block.minAmountInvalid,
  maxSharesInvalid: errorKeys.block.maxSharesInvalid,
  dailyLimitInvalid: errorKeys.block.dailyLimitInvalid,
  timesOutOfOrder: errorKeys.block.timesOutOfOrder,
  timesInPast: errorKeys.block.timesInPast,
  lockUpBeforeClose: errorKeys.block.lockUpBeforeClose,
};
