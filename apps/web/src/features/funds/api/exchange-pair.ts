import { errorKeys } from '@kabuto/contracts/errors';
import type { Currency } from '@kabuto/domain/currency';

/** SPEC §3, §5: a currency never into itself; INR only to or from USD. The server checks the same. */
export function pairError(from: Currency, to: Currency): string | null {
  if (from === to) return errorKeys.exchange.sameCurrency;
  if ((from === 'INR' && to !== 'USD') || (to === 'INR' && from !== 'USD')) return errorKeys.exchange.unsupportedPair;
  return null;
}
