import {
  adminSupportAssignCall,
  adminSupportCloseCall,
  adminSupportInboxCall,
  adminSupportReplyCall,
  adminSupportThreadCall,
  supportReadCall,
  supportSendCall,
  supportThreadCall,
  supportUnreadCall,
  visitorReadCall,
  visitorSendCall,
  visitorThreadCall,
} from '@kabuto/contracts/support/support';
import { asStaff, route, type Route } from '../http/public.ts';
import type { SupportService } from './support.service.ts';

export function supportRoutes(s: SupportService): Route[] {
  return [
    route({ call: supportThreadCall, handler: ({ principal, body }) => s.memberThread(principal, body) }),
    route({ call: supportUnreadCall, handler: ({ principal }) => s.memberUnread(principal) }),
    route({ call: supportSendCall, handler: ({ principal, body }) => s.memberSend(principal, body) }),
    route({ call: supportReadCall, handler: ({ principal, body }) => s.memberRead(principal, body) }),
    // Visitors: per address, each call counts (a conversation is opened by its first message).
    route({ call: visitorThreadCall, rateLimit: 'supportVisitor', handler: ({ body }) => s.visitorThread(body) }),
    route({ call: visitorSendCall, rateLimit: 'supportVisitor', handler: ({ body }) => s.visitorSend(body) }),
    route({ call: visitorReadCall, rateLimit: 'supportVisitor', handler: ({ body }) => s.visitorRead(body) }),
    route({ call: adminSupportInboxCall, handler: ({ principal, body }) => s.inbox(asStaff(principal), body) }),
    route({ call: adminSupportThreadCall, handler: ({ principal, body }) => s.thread(asStaff(principal), body) }),
    route({
      call: adminSupportAssignCall,
      handler: ({ principal, body, requestId }) => s.assign(asStaff(principal), body, requestId),
    }),
    route({
      call: adminSupportReplyCall,
      handler: ({ principal, body, requestId }) => s.reply(asStaff(principal), body, requestId),
    }),
    route({
      call: adminSupportCloseCall,
      handler: ({ principal, body, requestId }) => s.close(asStaff(principal), body, requestId),
    }),
  ];
}
