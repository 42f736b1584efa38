import type { MessageTextRefusal } from '@kabuto/domain/support/message-text';
import { errorKeys, type ErrorKey } from '../errors.ts';

/** The catalogue key of each refusal of the one message-text check, server and chat screen alike. */
export const messageTextRefusalKey: Readonly<Record<MessageTextRefusal, ErrorKey>> = {
  empty: errorKeys.support.empty,
  tooLong: errorKeys.support.tooLong,
  controlChars: errorKeys.support.controlChars,
};
