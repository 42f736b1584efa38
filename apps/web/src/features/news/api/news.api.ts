import type { RequestOf, ResponseOf } from '@kabuto/contracts/call';
import type { newsDetailCall, newsListCall } from '@kabuto/contracts/news/articles';
import { api } from '../../../shared/api/api.ts';
import { callRef } from '../../../shared/api/call-ref.ts';

// Paths only at run time (types through `import type`), so the web app never downloads zod.
const newsListRef = callRef<typeof newsListCall>('news/list');
const newsDetailRef = callRef<typeof newsDetailCall>('news/detail');

export type NewsPage = ResponseOf<typeof newsListCall>;
export type NewsArticle = ResponseOf<typeof newsDetailCall>;

export const newsKeys = {
  list: (lang: string) => [newsListRef.path, lang] as const,
  detail: (id: string) => [newsDetailRef.path, id] as const,
};

export const fetchNewsPage = (request: RequestOf<typeof newsListCall>, signal?: AbortSignal) =>
  api.call(newsListRef, request, signal ? { signal } : {});
export const fetchNewsArticle = (id: string, signal?: AbortSignal) =>
  api.call(newsDetailRef, { id }, signal ? { signal } : {});
