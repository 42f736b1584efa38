import { depositChannelsCall } from '@kabuto/contracts/funds/deposits';
import { adminChannelSaveCall, adminChannelsListCall, adminWithdrawalLimitsGetCall, adminWithdrawalLimitsSaveCall } from '@kabuto/contracts/admin/settings';
import { successKeys } from '@kabuto/contracts/errors';
import { asStaff, memberPolicy, staffPolicy } from '../http/policy.ts';
import { route, type Route } from '../http/route.ts';
import type { ChannelService } from './channel.service.ts';

const everyStaffRole = staffPolicy('admin', 'reviewer', 'support', 'auditor');

export function channelRoutes(channels: ChannelService): Route[] {
  return [
    route({ call: depositChannelsCall, policy: memberPolicy, handler: ({ principal }) => channels.memberChannels(principal.account) }),
    route({ call: adminChannelsListCall, policy: everyStaffRole, handler: () => channels.adminList() }),
    route({
      call: adminChannelSaveCall,
      policy: staffPolicy('admin'),
      success: successKeys.saved,
      handler: ({ principal, body, requestId }) => channels.save(asStaff(principal), body, requestId),
    }),
    route({ call: adminWithdrawalLimitsGetCall, policy: everyStaffRole, handler: () => channels.getWithdrawalLimits() }),
    route({
      call: adminWithdrawalLimitsSaveCall,
      policy: staffPolicy('admin'),
      success: successKeys.saved,
      handler: ({ principal, body, requestId }) => channels.saveWithdrawalLimits(asStaff(principal), body, requestId),
    }),
  ];
}
