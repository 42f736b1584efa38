import {
  alertCreateCall,
  alertDeleteCall,
  alertListCall,
  noticeListCall,
  noticeReadCall,
  noticeUnreadCall,
} from '@kabuto/contracts/notices/notices';
import { route, type Route } from '../http/public.ts';
import type { NoticeService } from './notices.service.ts';

export function noticeRoutes(s: NoticeService): Route[] {
  return [
    route({ call: noticeListCall, handler: ({ principal, body }) => s.list(principal, body) }),
    route({ call: noticeUnreadCall, handler: ({ principal }) => s.unread(principal) }),
    route({ call: noticeReadCall, handler: ({ principal, body }) => s.read(principal, body) }),
    route({ call: alertListCall, handler: ({ principal }) => s.alerts(principal) }),
    route({ call: alertCreateCall, handler: ({ principal, body }) => s.createAlert(principal, body) }),
    route({ call: alertDeleteCall, handler: ({ principal, body }) => s.deleteAlert(principal, body) }),
  ];
}
