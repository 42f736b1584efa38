import type { RequestOf, ResponseOf } from '@kabuto/contracts/call';
import type { assetsCall } from '@kabuto/contracts/funds/assets';
import type { bankCardAddCall, bankCardRemoveCall, bankCardsListCall } from '@kabuto/contracts/funds/bank-cards';
import type { depositChannelsCall, depositCreateCall } from '@kabuto/contracts/funds/deposits';
import type { exchangeCreateCall, exchangeQuoteCall } from '@kabuto/contracts/funds/exchange';
import type { realNameStatusCall, realNameSubmitCall } from '@kabuto/contracts/funds/real-name';
import type { fundRecordsCall, timelineCall } from '@kabuto/contracts/funds/records';
import type { creditScoreCall, withdrawCreateCall, withdrawInfoCall } from '@kabuto/contracts/funds/withdrawals';
import type { seatApplyCall, seatStatusCall } from '@kabuto/contracts/seats/seat-accounts';
import { api } from '../../../shared/api/api.ts';
import { callRef } from '../../../shared/api/call-ref.ts';

// Paths only at run time (types through `import type`), so the web app never downloads zod.
const assetsRef = callRef<typeof assetsCall>('user/assets');
const bankCardAddRef = callRef<typeof bankCardAddCall>('user/bankCards/add');
const bankCardRemoveRef = callRef<typeof bankCardRemoveCall>('user/bankCards/remove');
const bankCardsListRef = callRef<typeof bankCardsListCall>('user/bankCards/list');
const depositChannelsRef = callRef<typeof depositChannelsCall>('user/deposit/channels');
const depositCreateRef = callRef<typeof depositCreateCall>('user/deposit/create');
const exchangeCreateRef = callRef<typeof exchangeCreateCall>('user/exchange/create');
const exchangeQuoteRef = callRef<typeof exchangeQuoteCall>('user/exchange/quote');
const realNameStatusRef = callRef<typeof realNameStatusCall>('user/realName/status');
const realNameSubmitRef = callRef<typeof realNameSubmitCall>('user/realName/submit');
const fundRecordsRef = callRef<typeof fundRecordsCall>('user/fundRecords');
const timelineRef = callRef<typeof timelineCall>('user/timeline');
const creditScoreRef = callRef<typeof creditScoreCall>('user/creditScore');
const withdrawCreateRef = callRef<typeof withdrawCreateCall>('user/withdraw/create');
const withdrawInfoRef = callRef<typeof withdrawInfoCall>('user/withdraw/info');
const seatStatusRef = callRef<typeof seatStatusCall>('user/seat/status');
const seatApplyRef = callRef<typeof seatApplyCall>('user/seat/apply');

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
export type SeatState = ResponseOf<typeof seatStatusCall>;
export type FundRecordType = NonNullable<RequestOf<typeof fundRecordsCall>['type']>;

type Signal = { signal?: AbortSignal };
const opts = ({ signal }: Signal) => (signal ? { signal } : {});

// Query keys: one per call, so a money movement can invalidate exactly what it changed.
export const fundsKeys = {
  assets: [assetsRef.path],
  realName: [realNameStatusRef.path],
  bankCards: [bankCardsListRef.path],
  depositChannels: [depositChannelsRef.path],
  withdrawInfo: [withdrawInfoRef.path],
  creditScore: [creditScoreRef.path],
  fundRecords: [fundRecordsRef.path],
  timeline: [timelineRef.path],
  seat: [seatStatusRef.path],
} as const;

export const fetchAssets = (s: Signal) => api.call(assetsRef, {}, opts(s));
export const fetchRealNameStatus = (s: Signal) => api.call(realNameStatusRef, {}, opts(s));
export const submitRealName = (body: RequestOf<typeof realNameSubmitCall>) => api.call(realNameSubmitRef, body);

export const fetchBankCards = (s: Signal) => api.call(bankCardsListRef, {}, opts(s));
export const addBankCard = (body: RequestOf<typeof bankCardAddCall>) => api.call(bankCardAddRef, body);
/** Issue 27: with two-step sign-in on, removing a card carries a code from the app. */
export const removeBankCard = (id: string, twoFactorCode?: string) =>
  api.call(bankCardRemoveRef, twoFactorCode ? { id, twoFactorCode } : { id });

export const fetchDepositChannels = (s: Signal) => api.call(depositChannelsRef, {}, opts(s));
export const createDeposit = (body: RequestOf<typeof depositCreateCall>, headers: Record<string, string>) =>
  api.call(depositCreateRef, body, { headers });

export const fetchWithdrawInfo = (s: Signal) => api.call(withdrawInfoRef, {}, opts(s));
export const fetchCreditScore = (s: Signal) => api.call(creditScoreRef, {}, opts(s));
export const createWithdrawal = (body: RequestOf<typeof withdrawCreateCall>, headers: Record<string, string>) =>
  api.call(withdrawCreateRef, body, { headers });

export const fetchExchangeQuote = (body: RequestOf<typeof exchangeQuoteCall>) => api.call(exchangeQuoteRef, body);
export const createExchange = (body: RequestOf<typeof exchangeCreateCall>, headers: Record<string, string>) =>
  api.call(exchangeCreateRef, body, { headers });

export const fetchFundRecords = (body: RequestOf<typeof fundRecordsCall>, s: Signal) =>
  api.call(fundRecordsRef, body, opts(s));
export const fetchTimeline = (body: RequestOf<typeof timelineCall>, s: Signal) => api.call(timelineRef, body, opts(s));

/** Issue 25, SPEC §6: the member's seat account, and the application for one (reviewed by staff). */
export const fetchSeatStatus = (s: Signal) => api.call(seatStatusRef, {}, opts(s));
export const applyForSeat = (headers: Record<string, string>) => api.call(seatApplyRef, {}, { headers });
