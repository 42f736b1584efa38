// SPEC §3 "Exchange": the currencies a member can hold and exchange.
export const currencies = ['JPY', 'USD', 'CNY', 'TWD', 'HKD', 'MYR', 'THB', 'VND', 'KRW', 'INR'] as const;
export type Currency = (typeof currencies)[number];

export const isCurrency = (value: string): value is Currency => (currencies as readonly string[]).includes(value);

/** Minor-unit decimals used when an amount in the currency is rounded (ISO 4217 practice). */
export const currencyDecimals: Record<Currency, number> = {
  JPY: 0,
  USD: 2,
  CNY: 2,
  TWD: 2,
  HKD: 2,
  MYR: 2,
  THB: 2,
  VND: 0,
  KRW: 0,
  INR: 2,
};
