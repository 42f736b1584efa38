import type { ResponseOf } from '@kabuto/contracts/call';
import type { indexConstituentsCall, indexListCall } from '@kabuto/contracts/gdindex/indices';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api/api.ts';
import { useStreamTopic } from '../../../shared/stream/stream-context.tsx';
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
export const fetchConstituents = (code: string, signal?: AbortSignal) =>
  api.call(indexConstituentsRef, { code }, signal ? { signal } : {});

/**
 * The indices, kept live: values arrive on the `indices` topic while the caller is on screen (visitors too), and
 * after a gap the list is fetched again. The index screen and home's index strip both show them this way.
 */
export function useLiveIndices() {
  const queryClient = useQueryClient();
  const indices = useQuery({ queryKey: indicesKeys.list, queryFn: ({ signal }) => fetchIndices(signal) });
  useStreamTopic(
    'indices',
    (m) => {
      if (m.type === 'indices') queryClient.setQueryData(indicesKeys.list, m.data);
    },
    () => void queryClient.invalidateQueries({ queryKey: indicesKeys.list }),
  );
  return indices;
}
