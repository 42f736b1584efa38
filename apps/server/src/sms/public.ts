// The sms module's public surface: other modules import only this file (issue 6 §3, lint kabuto/boundaries).
export { logSmsSender } from './sms-sender.ts';
export type { SmsSender } from './sms-sender.ts';
