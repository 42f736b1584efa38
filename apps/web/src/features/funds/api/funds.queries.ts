import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  fetchAssets,
  fetchBankCards,
  fetchCreditScore,
  fetchDepositChannels,
  fetchRealNameStatus,
  fetchSeatStatus,
  fetchWithdrawInfo,
  fundsKeys,
} from './funds.api.ts';
import { useSession } from '../../../shared/session/session.store.ts';
import { userInfoKey } from '../../../shared/session/use-user-info.ts';

// Member data is per session: the token is part of every key so a new sign-in never sees the last one's figures.

export function useAssets() {
  const { token } = useSession();
  return useQuery({
    queryKey: [...fundsKeys.assets, token],
    queryFn: ({ signal }) => fetchAssets({ signal }),
    enabled: token !== '',
    staleTime: 5_000,
  });
}

export function useRealNameStatus() {
  const { token } = useSession();
  return useQuery({
    queryKey: [...fundsKeys.realName, token],
    queryFn: ({ signal }) => fetchRealNameStatus({ signal }),
    enabled: token !== '',
    staleTime: 5_000,
  });
}

/** The member's seat account (none, applied, approved, rejected with the reason). */
export function useSeatStatus() {
  const { token } = useSession();
  return useQuery({
    queryKey: [...fundsKeys.seat, token],
    queryFn: ({ signal }) => fetchSeatStatus({ signal }),
    enabled: token !== '',
    staleTime: 5_000,
  });
}

export function useBankCards(enabled = true) {
  const { token } = useSession();
  return useQuery({
    queryKey: [...fundsKeys.bankCards, token],
    queryFn: ({ signal }) => fetchBankCards({ signal }),
    enabled: enabled && token !== '',
  });
}

/** After money moved (or a review state changed), refetch everything that shows it. */
export function useRefreshFunds(): () => Promise<void> {
  const queryClient = useQueryClient();
  const { token } = useSession();
  return async () => {
    await Promise.all(
      [
        fundsKeys.assets,
        fundsKeys.realName,
        fundsKeys.bankCards,
        fundsKeys.withdrawInfo,
        fundsKeys.creditScore,
        fundsKeys.fundRecords,
        fundsKeys.timeline,
        fundsKeys.depositChannels,
        fundsKeys.seat,
        userInfoKey(token),
      ].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
    );
  };
}

export function useDepositChannels() {
  const { token } = useSession();
  return useQuery({
    queryKey: [...fundsKeys.depositChannels, token],
    queryFn: ({ signal }) => fetchDepositChannels({ signal }),
    enabled: token !== '',
  });
}

export function useWithdrawInfo() {
  const { token } = useSession();
  return useQuery({
    queryKey: [...fundsKeys.withdrawInfo, token],
    queryFn: ({ signal }) => fetchWithdrawInfo({ signal }),
    enabled: token !== '',
  });
}

export function useCreditScore(enabled = true) {
  const { token } = useSession();
  return useQuery({
    queryKey: [...fundsKeys.creditScore, token],
    queryFn: ({ signal }) => fetchCreditScore({ signal }),
    enabled: enabled && token !== '',
  });
}
