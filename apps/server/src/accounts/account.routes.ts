import { registerCall } from '@kabuto/contracts/user/register';
import { loginCall, logoutCall } from '@kabuto/contracts/user/login';
import { userInfoCall } from '@kabuto/contracts/user/info';
import {
  changeFundPasswordCall,
  changePasswordCall,
  resetPasswordCall,
  sendResetCodeCall,
  setFundPasswordCall,
} from '@kabuto/contracts/user/passwords';
import { successKeys } from '@kabuto/contracts/errors';
import { memberPolicy, publicPolicy } from '../http/policy.ts';
import { route, type Route } from '../http/route.ts';
import type { AccountService } from './account.service.ts';

export function accountRoutes(accounts: AccountService): Route[] {
  return [
    route({ call: registerCall, policy: publicPolicy, rateLimit: 'register', success: successKeys.register, handler: ({ body }) => accounts.register(body) }),
    route({ call: loginCall, policy: publicPolicy, rateLimit: 'signIn', success: successKeys.login, handler: ({ body, requestId }) => accounts.login(body, requestId) }),
    route({ call: logoutCall, policy: memberPolicy, success: successKeys.logout, handler: ({ principal }) => accounts.logout(principal) }),
    route({ call: userInfoCall, policy: memberPolicy, handler: ({ principal }) => accounts.info(principal) }),
    route({ call: changePasswordCall, policy: memberPolicy, success: successKeys.changed, handler: ({ principal, body, requestId }) => accounts.changePassword(principal, body, requestId) }),
    route({ call: setFundPasswordCall, policy: memberPolicy, success: successKeys.changed, handler: ({ principal, body }) => accounts.setFundPassword(principal, body) }),
    route({ call: changeFundPasswordCall, policy: memberPolicy, success: successKeys.changed, handler: ({ principal, body }) => accounts.changeFundPassword(principal, body) }),
    route({ call: sendResetCodeCall, policy: publicPolicy, rateLimit: 'resetCode', success: successKeys.codeSent, handler: ({ body }) => accounts.sendResetCode(body) }),
    route({ call: resetPasswordCall, policy: publicPolicy, rateLimit: 'signIn', success: successKeys.changed, handler: ({ body }) => accounts.resetPassword(body) }),
  ];
}
