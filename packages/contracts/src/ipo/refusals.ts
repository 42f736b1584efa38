import type { SubscribeRefusal, TermsRefusal } from '@kabuto/domain/ipo/offering';
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
