import { newsDetailCall, newsListCall } from '@kabuto/contracts/news/articles';
import { adminNewsListCall, adminNewsPublishCall, adminNewsUnpublishCall } from '@kabuto/contracts/admin/news';
import { successKeys } from '@kabuto/contracts/errors';
import { asStaff, route, type Route } from '../http/public.ts';
import type { NewsService } from './news.service.ts';

export function newsRoutes(s: NewsService): Route[] {
  return [
    route({ call: newsListCall, handler: ({ body }) => s.list(body) }),
    route({ call: newsDetailCall, handler: ({ body }) => s.detail(body.id) }),
    route({ call: adminNewsListCall, handler: ({ body }) => s.adminList(body) }),
    route({
      call: adminNewsPublishCall,
      success: successKeys.saved,
      handler: ({ principal, body, requestId }) => s.publish(asStaff(principal), body, requestId),
    }),
    route({
      call: adminNewsUnpublishCall,
      success: successKeys.saved,
      handler: ({ principal, body, requestId }) => s.unpublish(asStaff(principal), body, requestId),
    }),
  ];
}
