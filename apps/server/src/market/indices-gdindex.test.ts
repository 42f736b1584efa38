import { expect, it } from 'vitest';
import { errorKeys } from '@kabuto/contracts/errors';
import type { IndexValueWire } from '@kabuto/contracts/market/fields';
import { money } from '@kabuto/domain/money';
import { describeEachDatabase } from '../test/harness.ts';
import { stepFeed } from './market-fixtures.ts';

type Constituents = {
  index: IndexValueWire;
  method: string;
  constituents: { symbol: string; shares: string | null; weightPercent: string }[];
};

describeEachDatabase('indices computed from the simulated constituents (/gdindex)', (h) => {
  it('lists a price-weighted and a cap-weighted index, labelled simulated, moving with the feed', async () => {
    const before = (await h().call<IndexValueWire[]>('gdindex/gdindex')).data;
    expect(before.map((i) => [i.code, i.method, i.simulated, i.source])).toEqual([
      ['KSPW', 'price-weighted', true, 'simulated'],
      ['KSCW', 'cap-weighted', true, 'simulated'],
    ]);
    await stepFeed(h(), 10);
    const after = (await h().call<IndexValueWire[]>('gdindex/gdindex')).data;
    expect(after[0]?.value).not.toBe(before[0]?.value);
    expect(Number(after[0]?.seq)).toBeGreaterThan(Number(before[0]?.seq));
    for (const i of after) expect(money(i.change).eq(money(i.value).minus(money(i.prevClose)))).toBe(true);
  });

  it('lists constituents with weights summing to about 100%, share counts only for the cap-weighted one', async () => {
    const pw = (await h().call<Constituents>('gdindex/gdList', { code: 'KSPW' })).data;
    const cw = (await h().call<Constituents>('gdindex/gdList', { code: 'kscw' })).data;
    expect(pw.constituents.length).toBe(pw.index.constituents);
    expect(cw.constituents.length).toBeGreaterThan(pw.constituents.length);
    expect(pw.constituents.every((c) => c.shares === null)).toBe(true);
    expect(cw.constituents.every((c) => c.shares !== null && /^\d+$/.test(c.shares))).toBe(true);
    expect(cw.method).toMatch(/shares issued/);
    for (const list of [pw, cw]) {
      const total = list.constituents.reduce((s, c) => s.plus(c.weightPercent), money('0'));
      expect(total.minus(100).abs().lte(2)).toBe(true);
      for (let i = 1; i < list.constituents.length; i++)
        expect(money(list.constituents[i - 1]!.weightPercent).gte(money(list.constituents[i]!.weightPercent))).toBe(
          true,
        );
    }
  });

  it('refuses an unknown index code', async () => {
    const res = await h().call('gdindex/gdList', { code: 'N225' });
    expect([res.http, res.msg]).toEqual([404, errorKeys.market.unknownIndex]);
  });
});
