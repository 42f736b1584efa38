import type { RequestOf, ResponseOf } from '@kabuto/contracts/call';
import type { adminNewsListCall, adminNewsPublishCall, adminNewsUnpublishCall } from '@kabuto/contracts/admin/news';
import { api } from '../../../shared/api/api.ts';
import { callRef } from '../../../shared/api/call-ref.ts';

// Paths only at run time (types through `import type`), so the web app never downloads zod.
const adminNewsListRef = callRef<typeof adminNewsListCall>('admin/news/list');
const adminNewsPublishRef = callRef<typeof adminNewsPublishCall>('admin/news/publish');
const adminNewsUnpublishRef = callRef<typeof adminNewsUnpublishCall>('admin/news/unpublish');

export type AdminNewsItem = ResponseOf<typeof adminNewsListCall>['items'][number];
export type PublishRequest = RequestOf<typeof adminNewsPublishCall>;
export type WithdrawRequest = RequestOf<typeof adminNewsUnpublishCall>;

/** The members' news calls start their query keys with these paths: withdrawing refreshes them in this app too. */
export const newsAdminKeys = {
  list: [adminNewsListRef.path] as const,
  memberList: ['news/list'] as const,
  memberDetail: ['news/detail'] as const,
};

export const fetchAdminNews = (signal?: AbortSignal) =>
  api.call(adminNewsListRef, { page: 1, pageSize: 100 }, signal ? { signal } : {});
export const publishNews = (body: PublishRequest) => api.call(adminNewsPublishRef, body);
/** Withdraws a published article; the server requires a reason (audited) and refuses one already withdrawn. */
export const withdrawNews = (body: WithdrawRequest) => api.call(adminNewsUnpublishRef, body);
