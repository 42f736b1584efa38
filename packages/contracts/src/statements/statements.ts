import { z } from 'zod';
import { memberCall } from '../policy.ts';
import { defineCall } from '../call.ts';
import { errorKeys } from '../errors.ts';
import { currencyField, isoTime, langField, moneyString } from '../fields.ts';

// Issue 27 "Statements": the monthly statement and the annual trading report (年間取引報告書), built from the ledger.
// Rules: packages/domain/src/statements (the lists below agree with the domain's, tested).

/** How each category moved the member's money, signed (a fee negative, a deposit positive). */
export const statementCategoryNames = [
  'deposits',
  'withdrawals',
  'exchangesIn',
  'exchangesOut',
  'realisedPnl',
  'fees',
  'stampDuty',
  'financing',
  'loanInterest',
  'referral',
  'other',
] as const;
/** Moves between the member's own books, for information. */
export const statementTransferNames = ['loansDisbursed', 'loansRepaid'] as const;
export const statementFormats = ['csv', 'pdf'] as const;
export type StatementFormat = (typeof statementFormats)[number];

const periodError = { error: errorKeys.statements.periodInvalid };

/** A month (`2026-11`) or a year (`2026`) in JST; the domain reads the digits (`statementPeriod`). */
export const statementRequest = z.object({
  kind: z.enum(['month', 'year'], periodError),
  period: z.string(periodError).max(16, periodError),
  /** The language the member reads the document in (their current one). */
  lang: langField,
});
export type StatementRequest = z.infer<typeof statementRequest>;

export const bookFiguresSchema = z.object({
  available: moneyString,
  frozen: moneyString,
  margin: moneyString,
  copy: moneyString,
  /** Minus what is owed on loans. */
  loan: moneyString,
  /** available + frozen + margin + copy (the member centre's figure before unrealised P&L). */
  assets: moneyString,
  /** assets + loan. */
  net: moneyString,
});

export const currencySectionSchema = z.object({
  currency: currencyField,
  opening: bookFiguresSchema,
  closing: bookFiguresSchema,
  totals: z.record(z.enum(statementCategoryNames), moneyString),
  transfers: z.record(z.enum(statementTransferNames), moneyString),
  /** The sum of the totals: closing.net − opening.net. */
  change: moneyString,
});
export type CurrencySectionWire = z.infer<typeof currencySectionSchema>;

export const tradeRowSchema = z.object({
  at: isoTime,
  orderNo: z.string(),
  symbol: z.string(),
  side: z.enum(['long', 'short']),
  action: z.enum(['open', 'close']),
  quantity: z.string(),
  price: moneyString.nullable(),
  currency: currencyField,
  fee: moneyString,
  stampDuty: moneyString,
  realisedPnl: moneyString.nullable(),
});
export type TradeRowWire = z.infer<typeof tradeRowSchema>;

export const movementRowSchema = z.object({
  at: isoTime,
  reason: z.string(),
  refType: z.string(),
  refId: z.string(),
  currency: currencyField,
  category: z.enum([...statementCategoryNames, ...statementTransferNames]),
  amount: moneyString,
});
export type MovementRowWire = z.infer<typeof movementRowSchema>;

export const statementSchema = z.object({
  account: z.string(),
  period: z.object({
    kind: z.enum(['month', 'year']),
    label: z.string(),
    from: isoTime,
    /** The first instant after the period. */
    to: isoTime,
    /** Where the closing balances are taken: the period's end, or now while it runs. */
    asOf: isoTime,
    running: z.boolean(),
  }),
  generatedAt: isoTime,
  currencies: z.array(currencySectionSchema),
  trades: z.array(tradeRowSchema),
  movements: z.array(movementRowSchema),
});
export type StatementWire = z.infer<typeof statementSchema>;

export const statementShowCall = defineCall({
  policy: memberCall,
  path: 'user/statement/show',
  summary:
    'The member’s statement of a month or a year (JST): balances per currency, totals by category, trades, movements',
  request: statementRequest,
  response: statementSchema,
});

export const statementDownloadCall = defineCall({
  policy: memberCall,
  path: 'user/statement/download',
  summary: 'The same statement as a file: CSV (UTF-8 with BOM) or PDF, in the language asked',
  request: statementRequest.extend({
    format: z.enum(statementFormats, { error: errorKeys.statements.formatInvalid }),
  }),
  response: z.unknown(),
});
