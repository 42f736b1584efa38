// The accounts module's public surface: other modules import only this file (issue 6 §3, lint kabuto/boundaries).
export { accountRoutes } from './account.routes.ts';
export { accountService } from './account.service.ts';
export { checkChannelPassword, checkFundPin } from './fund-pin.ts';
export { newInviteCode } from './invite-code.ts';
export { hashSecret, verifyLoginPassword } from './password-hash.ts';
export { refuseIfRestricted, restrictionFact } from './restrictions.ts';
export { setRealNameStatus } from './real-name-status.ts';
