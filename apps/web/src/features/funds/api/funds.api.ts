import type { RequestOf, ResponseOf } from '@kabuto/contracts/call';
import { assetsCall } from '@kabuto/contracts/funds/assets';
import { bankCardAddCall, bankCardRemoveCall, bankCardsListCall } from '@kabuto/contracts/funds/bank-cards';
import { depositChannelsCall, depositCreateCall } from '@kabuto/contracts/funds/deposits';
import { exchangeCreateCall, exchangeQuoteCall } from '@kabuto/contracts/funds/exchange';
import { realNameStatusCall, realNameSubmitCall } from '@kabuto/contracts/funds/real-name';
import { fundRecordsCall, timelineCall } from '@kabuto/contracts/funds/records';
import { creditScoreCall, withdrawCreateCall, withdrawInfoCall } from '@kabuto/contracts/funds/withdrawals';
import { api } from '../../../shared/api/api.ts';

export type Assets = ResponseOf<typeof assetsCall>;
export type RealNameStatus = ResponseOf<typeof realNameStatusCall>;
export type DepositChannels = ResponseOf<typeof depositChannelsCall>;
export type DepositChannel = DepositChannels['channels'][number];
export type DepositResult = ResponseOf<typeof depositCreateCall>;
export type WithdrawInfo = ResponseOf<typeof withdrawInfoCall>;
export type WithdrawResult = ResponseOf<typeof withdrawCreateCall>;
export type CreditScore = ResponseOf<typeof creditScoreCall>;
export type ExchangeQuote = ResponseOf<typeof exchangeQuoteCall>;
export type ExchangeResult = ResponseOf<typeof exchangeCreateCall>;
export type FundRecordsPage = ResponseOf<typeof fundRecordsCall>;
export type TimelinePage = ResponseOf<typeof timelineCall>;
export type FundRecordType = NonNullable<RequestOf<typeof fundRecordsCall>['type']>;

type Signal = { signal?: AbortSignal };
const opts = ({ signal }: Signal) => (signal ? { signal } : {});

// Query keys: one per call, so a money movement can invalidate exactly what it changed.
export const fundsKeys = {
  assets: [assetsCall.path],
  realName: [realNameStatusCall.path],
  bankCards: [bankCardsListCall.path],
  depositChannels: [depositChannelsCall.path],
  withdrawInfo: [withdrawInfoCall.path],
  creditScore: [creditScoreCall.path],
  fundRecords: [fundRecordsCall.path],
  timeline: [timelineCall.path],
} as const;

export const fetchAssets = (s: Signal) => api.call(assetsCall, {}, opts(s));
export const fetchRealNameStatus = (s: Signal) => api.call(realNameStatusCall, {}, opts(s));
export const submitRealName = (body: RequestOf<typeof realNameSubmitCall>) => api.call(realNameSubmitCall, body);

export const fetchBankCards = (s: Signal) => api.call(bankCardsListCall, {}, opts(s));
export const addBankCard = (body: RequestOf<typeof bankCardAddCall>) => api.call(bankCardAddCall, body);
export const removeBankCard = (id: string) => api.call(bankCardRemoveCall, { id });

export const fetchDepositChannels = (s: Signal) => api.call(depositChannelsCall, {}, opts(s));
export const createDeposit = (body: RequestOf<typeof depositCreateCall>, headers: Record<string, string>) => api.call(depositCreateCall, body, { headers });

export const fetchWithdrawInfo = (s: Signal) => api.call(withdrawInfoCall, {}, opts(s));
export const fetchCreditScore = (s: Signal) => api.call(creditScoreCall, {}, opts(s));
export const createWithdrawal = (body: RequestOf<typeof withdrawCreateCall>, headers: Record<string, string>) => api.call(withdrawCreateCall, body, { headers });

export const fetchExchangeQuote = (body: RequestOf<typeof exchangeQuoteCall>) => api.call(exchangeQuoteCall, body);
export const createExchange = (body: RequestOf<typeof exchangeCreateCall>, headers: Record<string, string>) => api.call(exchangeCreateCall, body, { headers });

export const fetchFundRecords = (body: RequestOf<typeof fundRecordsCall>, s: Signal) => api.call(fundRecordsCall, body, opts(s));
export const fetchTimeline = (body: RequestOf<typeof timelineCall>, s: Signal) => api.call(timelineCall, body, opts(s));
