import { registerCall } from '@kabuto/contracts/user/register';
import { loginCall, loginCodeCall, logoutCall } from '@kabuto/contracts/user/login';
import { userInfoCall } from '@kabuto/contracts/user/info';
import {
  changeFundPasswordCall,
  changePasswordCall,
  resetPasswordCall,
  sendResetCodeCall,
  setFundPasswordCall,
} from '@kabuto/contracts/user/passwords';
import { successKeys } from '@kabuto/contracts/errors';
import { route, type Route } from '../http/public.ts';
import type { AccountService } from './account.service.ts';

export function accountRoutes(accounts: AccountService): Route[] {
  return [
    route({
      call: registerCall,
      rateLimit: 'register',
      success: successKeys.register,
      handler: ({ body }) => accounts.register(body),
    }),
    route({
      call: loginCall,
      rateLimit: 'signIn',
      success: successKeys.login,
      handler: ({ body, requestId }) => accounts.login(body, requestId),
    }),
    route({
      call: loginCodeCall,
      rateLimit: 'signIn',
      success: successKeys.login,
      handler: ({ body, requestId }) => accounts.loginCode(body, requestId),
    }),
    route({ call: logoutCall, success: successKeys.logout, handler: ({ principal }) => accounts.logout(principal) }),
    route({ call: userInfoCall, handler: ({ principal }) => accounts.info(principal) }),
    route({
      call: changePasswordCall,
      success: successKeys.changed,
      handler: ({ principal, body, requestId }) => accounts.changePassword(principal, body, requestId),
    }),
    route({
      call: setFundPasswordCall,
      success: successKeys.changed,
      handler: ({ principal, body }) => accounts.setFundPassword(principal, body),
    }),
    route({
      call: changeFundPasswordCall,
      success: successKeys.changed,
      handler: ({ principal, body }) => accounts.changeFundPassword(principal, body),
    }),
    route({
      call: sendResetCodeCall,
      rateLimit: 'resetCode',
      success: successKeys.codeSent,
      handler: ({ body }) => accounts.sendResetCode(body),
    }),
    route({
      call: resetPasswordCall,
      rateLimit: 'signIn',
      success: successKeys.changed,
      handler: ({ body }) => accounts.resetPassword(body),
    }),
  ];
}
