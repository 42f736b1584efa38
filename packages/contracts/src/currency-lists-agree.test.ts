import { describe, expect, it } from 'vitest';
import { currencies } from '@kabuto/domain/currency';
import { currencyCodes } from './fields.ts';

describe('currencies', () => {
  it('the domain and contract currency lists agree', () => {
    expect([...currencyCodes].sort()).toEqual([...currencies].sort());
  });
});
