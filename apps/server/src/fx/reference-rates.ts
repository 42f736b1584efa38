import type { Currency } from '@kabuto/domain/currency';

/**
 * Reference rates shipped with Kabuto for the embedded mode: units of each currency per 1 USD.
 * Origin: approximate mid-market levels written down by the Kabuto team from public central-bank
 * reference levels as of 2026-11-20, rounded; for simulation only, never for real settlement.
 */
export const referenceRates = {
  asOf: '2026-11-20T00:00:00Z',
  origin: 'Kabuto reference table (approximate mid-market levels, 2026-11-20)',
  perUsd: {
    USD: '1',
    JPY: '151.20',
    CNY: '7.185',
    TWD: '31.95',
    HKD: '7.782',
    MYR: '4.395',
    THB: '34.60',
    VND: '25380',
    KRW: '1392.5',
    INR: '84.45',
  } satisfies Record<Currency, string>,
} as const;
