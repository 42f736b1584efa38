import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError } from '../../../shared/api/http-client.ts';
import { useSession } from '../../../shared/session/session.store.ts';
import { fetchLoanSummary, fetchLoans, fetchRepayments, loanKeys } from './loans.api.ts';

export const RECORDS_PAGE_SIZE = 20;

/** A refusal is an answer (the server said no): asking again at once would only repeat it. */
const retryUnlessRefused = (count: number, error: Error) =>
  !(error instanceof ApiError && (error.kind === 'refusal' || error.kind === 'unauthorized')) && count < 2;

export function useLoanSummary() {
  const { token } = useSession();
  return useQuery({
    queryKey: loanKeys.summary(token),
    queryFn: ({ signal }) => fetchLoanSummary({ signal }),
    enabled: token !== '',
    retry: retryUnlessRefused,
  });
}

const nextPage = <P extends { items: readonly unknown[]; total: number }>(last: P, all: readonly P[]) =>
  all.reduce((n, p) => n + p.items.length, 0) < last.total ? all.length + 1 : undefined;

export function useLoanRecords() {
  const { token } = useSession();
  return useInfiniteQuery({
    queryKey: loanKeys.list(token),
    queryFn: ({ pageParam, signal }) => fetchLoans(pageParam, RECORDS_PAGE_SIZE, { signal }),
    initialPageParam: 1,
    getNextPageParam: nextPage,
    enabled: token !== '',
    retry: retryUnlessRefused,
  });
}

export function useRepaymentRecords() {
  const { token } = useSession();
  return useInfiniteQuery({
    queryKey: loanKeys.repayments(token),
    queryFn: ({ pageParam, signal }) => fetchRepayments(pageParam, RECORDS_PAGE_SIZE, { signal }),
    initialPageParam: 1,
    getNextPageParam: nextPage,
    enabled: token !== '',
    retry: retryUnlessRefused,
  });
}

/** After an application or a repayment: every member query (`user/…`: the loans and the money) refetches. */
export function useRefreshLoans(): () => Promise<void> {
  const client = useQueryClient();
  return () =>
    client.invalidateQueries({
      predicate: (q) => typeof q.queryKey[0] === 'string' && q.queryKey[0].startsWith('user/'),
    });
}
