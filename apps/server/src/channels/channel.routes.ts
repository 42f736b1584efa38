import { depositChannelsCall } from '@kabuto/contracts/funds/deposits';
import {
  adminChannelSaveCall,
  adminChannelsListCall,
  adminWithdrawalLimitsGetCall,
  adminWithdrawalLimitsSaveCall,
} from '@kabuto/contracts/admin/settings';
import { successKeys } from '@kabuto/contracts/errors';
import { asStaff } from '../http/public.ts';
import { route, type Route } from '../http/public.ts';
import type { ChannelService } from './channel.service.ts';

export function channelRoutes(channels: ChannelService): Route[] {
  return [
    route({ call: depositChannelsCall, handler: ({ principal }) => channels.memberChannels(principal.account) }),
    route({ call: adminChannelsListCall, handler: () => channels.adminList() }),
    route({
      call: adminChannelSaveCall,
      success: successKeys.saved,
      handler: ({ principal, body, requestId }) => channels.save(asStaff(principal), body, requestId),
    }),
    route({ call: adminWithdrawalLimitsGetCall, handler: () => channels.getWithdrawalLimits() }),
    route({
      call: adminWithdrawalLimitsSaveCall,
      success: successKeys.saved,
      handler: ({ principal, body, requestId }) => channels.saveWithdrawalLimits(asStaff(principal), body, requestId),
    }),
  ];
}
