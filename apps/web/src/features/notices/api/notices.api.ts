import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { ResponseOf } from '@kabuto/contracts/call';
import type {
  AlertWire,
  NoticeWire,
  alertDeleteCall,
  alertListCall,
  noticeListCall,
  noticeReadCall,
} from '@kabuto/contracts/notices/notices';
import { api } from '../../../shared/api/api.ts';
import { callRef } from '../../../shared/api/call-ref.ts';
import { ApiError } from '../../../shared/api/http-client.ts';
import { useSession } from '../../../shared/session/session.store.ts';

// Paths only at run time (types through `import type`), so the web app never downloads zod.
const listRef = callRef<typeof noticeListCall>('user/notices/list');
const readRef = callRef<typeof noticeReadCall>('user/notices/read');
const alertsRef = callRef<typeof alertListCall>('user/alerts/list');
const deleteRef = callRef<typeof alertDeleteCall>('user/alerts/delete');

export type { AlertWire, NoticeWire };
export type NoticePage = ResponseOf<typeof noticeListCall>;

export const NOTICES_PAGE_SIZE = 20;

/**
 * Query keys start with the call's path (`user/…`) and carry the session token: every member event — a new notice is
 * `notice.created` — refetches them, so the list and the bell follow live.
 */
export const noticeKeys = {
  list: (token: string) => [listRef.path, token] as const,
  alerts: (token: string) => [alertsRef.path, token] as const,
};

const retryUnlessRefused = (count: number, error: Error) =>
  !(error instanceof ApiError && (error.kind === 'refusal' || error.kind === 'unauthorized')) && count < 2;

export function useNotices() {
  const { token } = useSession();
  return useInfiniteQuery({
    queryKey: noticeKeys.list(token),
    queryFn: ({ pageParam, signal }) => api.call(listRef, { page: pageParam, pageSize: NOTICES_PAGE_SIZE }, { signal }),
    initialPageParam: 1,
    getNextPageParam: (last: NoticePage, all: NoticePage[]) =>
      all.reduce((n, p) => n + p.items.length, 0) < last.total ? all.length + 1 : undefined,
    enabled: token !== '',
    retry: retryUnlessRefused,
  });
}

export function useAlerts() {
  const { token } = useSession();
  return useQuery({
    queryKey: noticeKeys.alerts(token),
    queryFn: ({ signal }) => api.call(alertsRef, {}, { signal }),
    enabled: token !== '',
    retry: retryUnlessRefused,
  });
}

export const markRead = (id: string) => api.call(readRef, { id });
export const markAllRead = () => api.call(readRef, { all: true });
export const deleteAlert = (id: string) => api.call(deleteRef, { id });
