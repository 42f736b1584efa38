import type { FollowRefusal } from '@kabuto/domain/copy/copy-trading';
import { errorKeys, type ErrorKey } from '../errors.ts';

/** The catalogue key of each refusal of the one follow check (`checkFollow`), for the server and the follow form. */
export const followRefusalKey: Readonly<Record<FollowRefusal, ErrorKey>> = {
  notFound: errorKeys.copy.notFound,
  amountInvalid: errorKeys.copy.amountInvalid,
  belowMinimum: errorKeys.copy.belowMinimum,
  pastDeadline: errorKeys.copy.pastDeadline,
  ownStrategy: errorKeys.copy.ownStrategy,
  alreadyFollowing: errorKeys.copy.alreadyFollowing,
  stopLossInvalid: errorKeys.copy.stopLossInvalid,
  insufficientBalance: errorKeys.funds.insufficientAvailable,
};
