import { describe, expect, it } from 'vitest';
import { statementCategories, statementTransfers } from '@kabuto/domain/statements/statement';
import { statementCategoryNames, statementTransferNames } from './statements.ts';

describe('the statement contract names the domain’s categories (issue 27)', () => {
  it('lists the same categories and transfers in the same order', () => {
    expect([...statementCategoryNames]).toEqual([...statementCategories]);
    expect([...statementTransferNames]).toEqual([...statementTransfers]);
  });
});
