import { describe, expect, it } from 'vitest';
import { errorKeys } from '@kabuto/contracts/errors';
import { pairError } from './exchange-pair.ts';

describe('exchange pairs refused before any call (SPEC §3, §5)', () => {
  it('refuses the same currency on both sides', () => {
    expect(pairError('JPY', 'JPY')).toBe(errorKeys.exchange.sameCurrency);
  });

  it('allows INR only with USD', () => {
    expect(pairError('INR', 'USD')).toBeNull();
    expect(pairError('USD', 'INR')).toBeNull();
    expect(pairError('INR', 'JPY')).toBe(errorKeys.exchange.unsupportedPair);
    expect(pairError('JPY', 'INR')).toBe(errorKeys.exchange.unsupportedPair);
    expect(pairError('JPY', 'USD')).toBeNull();
  });
});
