import { z } from 'zod';
import { errorKeys } from '../errors.ts';

// Four-character TSE securities code (digits, or the newer alphanumeric codes).
export const symbolField = z
  .string({ error: errorKeys.market.unknownSymbol })
  .trim()
  .toUpperCase()
  .regex(/^[0-9A-Z]{4}$/, { error: errorKeys.market.unknownSymbol });

// SPEC §9: chart periods 1, 5, 10 and 30 minutes, day, week, month.
export const candlePeriods = ['1m', '5m', '10m', '30m', '1d', '1w', '1M'] as const;
export type CandlePeriodName = (typeof candlePeriods)[number];
export const candlePeriodField = z.enum(candlePeriods, { error: errorKeys.market.unknownPeriod });

// DESIGN "Integrity is a feature": every price says where it came from.
export const priceSources = ['simulated', 'replay'] as const;
export const priceSourceSchema = z.enum(priceSources);
export type PriceSource = z.infer<typeof priceSourceSchema>;

export const symbolStatuses = ['listed', 'halted', 'delisted'] as const;
export const symbolStatusSchema = z.enum(symbolStatuses);
export type SymbolStatus = z.infer<typeof symbolStatusSchema>;

export const namesSchema = z.object({ jp: z.string(), en: z.string(), tw: z.string() });

/** One stock's figures as every list and screen shows them; prices are decimal strings. */
export const quoteSchema = z.object({
  symbol: z.string(),
  names: namesSchema,
  sectorCode: z.string(),
  sector: z.string(),
  topix500: z.boolean(),
  status: symbolStatusSchema,
  /** Why staff halted or delisted it (null while listed). */
  statusReason: z.string().nullable(),
  last: z.string(),
  prevClose: z.string(),
  change: z.string(),
  /** Percent of the previous close, two decimals. */
  changePercent: z.string(),
  open: z.string().nullable(),
  high: z.string().nullable(),
  low: z.string().nullable(),
  /** Shares traded today. */
  volume: z.number().int(),
  turnover: z.string(),
  /** The day's price limits from the previous close (TSE 制限値幅), on the tick grid. */
  limitUp: z.string(),
  limitDown: z.string(),
  /** The tick size at the last price (TOPIX 500 or standard table). */
  tickSize: z.string(),
  /** JST trading day the figures belong to. */
  day: z.string(),
  /** The symbol's stream sequence number: the leader's epoch, then twelve digits of its trades since the feed began. */
  seq: z.string(),
  source: priceSourceSchema,
});
export type QuoteWire = z.infer<typeof quoteSchema>;

export const depthLevelSchema = z.object({ price: z.string(), quantity: z.number().int() });
export const depthSchema = z.object({ bids: z.array(depthLevelSchema), asks: z.array(depthLevelSchema) });

export const candleSchema = z.object({
  /** The bucket's first instant (ISO). */
  start: z.string(),
  open: z.string(),
  high: z.string(),
  low: z.string(),
  close: z.string(),
  volume: z.number().int(),
  turnover: z.string(),
});
export type CandleWire = z.infer<typeof candleSchema>;

export const indexValueSchema = z.object({
  code: z.string(),
  names: namesSchema,
  method: z.enum(['price-weighted', 'cap-weighted']),
  value: z.string(),
  prevClose: z.string(),
  change: z.string(),
  changePercent: z.string(),
  constituents: z.number().int(),
  seq: z.string(),
  /** Always true here: computed from simulated prices (and, cap-weighted, simulated share counts). */
  simulated: z.boolean(),
  source: priceSourceSchema,
});
export type IndexValueWire = z.infer<typeof indexValueSchema>;
