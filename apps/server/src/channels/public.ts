// The channels module's public surface: other modules import only this file (issue 6 §3, lint kabuto/boundaries).
export { channelRoutes } from './channel.routes.ts';
export { channelService, requireActiveChannel, resolveWindowRule, withdrawalLimits } from './channel.service.ts';
