import type { SubscribeRefusal, TermsRefusal } from '@kabuto/domain/ipo/offering';
import type { GrabRefusal, GrabWindowRefusal } from '@kabuto/domain/ipo/grab';
import { errorKeys, type ErrorKey } from '../errors.ts';

/** The catalogue key of each refusal of the one subscription check (`checkSubscription`), for the server and the screen. */
export const subscribeRefusalKey: Readonly<Record<SubscribeRefusal, ErrorKey>> = {
  notSubscriptionTime: errorKeys.ipo.notSubscriptionTime,
  notInSubscriptionState: errorKeys.ipo.notInSubscriptionState,
  sharesRequired: errorKeys.ipo.sharesRequired,
  realNameRequired: errorKeys.verification.required,
  insufficientBalance: errorKeys.funds.insufficientAvailable,
};

/** The catalogue key of each refusal of staff's offering terms (`checkTerms`), for the server and the back office. */
export const termsRefusalKey: Readonly<Record<TermsRefusal, ErrorKey>> = {
  timesOutOfOrder: errorKeys.ipo.timesOutOfOrder,
  priceInvalid: errorKeys.ipo.priceInvalid,
  sharesInvalid: errorKeys.ipo.sharesOnOfferInvalid,
};

/** The catalogue key of each refusal of a press of "grab shares" (`checkGrab`), for the server and the screen. */
export const grabRefusalKey: Readonly<Record<GrabRefusal, ErrorKey>> = {
  notGrabTime: errorKeys.ipo.notGrabTime,
  notEligible: errorKeys.ipo.grabNotEligible,
  alreadyGrabbed: errorKeys.ipo.notInSubscriptionState,
  insufficientBalance: errorKeys.funds.insufficientAvailable,
};

/** The catalogue key of each refusal of staff's grab window (`checkGrabWindow`), for the server and the back office. */
export const grabWindowRefusalKey: Readonly<Record<GrabWindowRefusal, ErrorKey>> = {
  notLapsed: errorKeys.ipo.notLapsed,
  nothingToGrab: errorKeys.ipo.nothingToGrab,
  alreadySet: errorKeys.ipo.grabAlreadySet,
  timesOutOfOrder: errorKeys.ipo.grabTimesOutOfOrder,
  timesInPast: errorKeys.ipo.timesInPast,
};
