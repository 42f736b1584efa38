import { expect, it } from 'vitest';
import { describeEachDatabase } from '../test/harness.ts';
import { orderNumberSql, orderNumberStem } from './order-number.ts';

// Order numbers ended in six random digits: at a few hundred orders a second two in one second shared a number about
// once a minute, and the second order failed on the unique key with a 500 (seen in the order placement bench). They
// now end in six digits from a cycling sequence, permuted: 20,000 numbers in the same second are all different (with
// random digits, 20,000 would share a number with near certainty: the birthday bound is ~1,200).
describeEachDatabase('order numbers', (h) => {
  it('20,000 order numbers within one second are all different, and read like D + JST date and time + 6 digits', async () => {
    const stem = orderNumberStem('D', new Date('2026-11-20T00:30:12Z'));
    expect(stem).toBe('D20261120093012');
    const rows = await h().db.query<{ n: string }>(`SELECT ${orderNumberSql(1)} AS n FROM generate_series(1, 20000)`, [
      stem,
    ]);
    const numbers = rows.map((r) => r.n);
    expect(new Set(numbers).size).toBe(20_000);
    for (const n of numbers.slice(0, 50)) expect(n).toMatch(/^D20261120093012\d{6}$/);
  });
});
