import type { ResponseOf } from '@kabuto/contracts/call';
import type { indexConstituentsCall, indexListCall } from '@kabuto/contracts/gdindex/indices';
import { api } from '../../../shared/api/api.ts';
import { callRef } from '../../../shared/api/call-ref.ts';

// Paths only at run time (types through `import type`), so the web app never downloads zod.
const indexListRef = callRef<typeof indexListCall>('gdindex/gdindex');
const indexConstituentsRef = callRef<typeof indexConstituentsCall>('gdindex/gdList');

export type IndexValues = ResponseOf<typeof indexListCall>;
export type IndexConstituents = ResponseOf<typeof indexConstituentsCall>;

export const indicesKeys = {
  list: [indexListRef.path] as const,
  constituents: (code: string) => [indexConstituentsRef.path, code] as const,
};

export const fetchIndices = (signal?: AbortSignal) => api.call(indexListRef, {}, signal ? { signal } : {});
export const fetchConstituents = (code: string, signal?: AbortSignal) => api.call(indexConstituentsRef, { code }, signal ? { signal } : {});
