import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { Decimal } from '@kabuto/domain/money';
import { priceKey, TriggerIndex, type TriggerList } from './trigger-index.ts';

const lists: TriggerList[] = ['bidFalls', 'bidRises', 'askRises', 'askFalls'];

/** What a scan of every level would fire for this quote, with the domain's decimals. */
function scan(levels: { id: string; list: TriggerList; price: string }[], bid: string, ask: string): Set<string> {
  const out = new Set<string>();
  for (const l of levels) {
    const p = new Decimal(l.price);
    const fires =
      l.list === 'bidFalls'
        ? new Decimal(bid).lte(p)
        : l.list === 'bidRises'
          ? new Decimal(bid).gte(p)
          : l.list === 'askRises'
            ? new Decimal(ask).gte(p)
            : new Decimal(ask).lte(p);
    if (fires) out.add(l.id);
  }
  return out;
}

describe('the trigger index (issue 18: a tick costs O(log n + k), not a scan)', () => {
  it('rounds keys outwards at ten-thousandths of a yen', () => {
    expect(priceKey('2874.5', false)).toBe(28_745_000);
    expect(priceKey('2250.00001', true)).toBe(22_500_001);
    expect(priceKey('2250.00001', false)).toBe(22_500_000);
    expect(priceKey('0', false)).toBe(0);
  });

  it('offers every level a scan would fire, and only those up to key rounding', () => {
    const level = fc.record({
      list: fc.constantFrom(...lists),
      price: fc.integer({ min: 1, max: 200_000 }).map((n) => (n / 10).toFixed(1)),
    });
    fc.assert(
      fc.property(
        fc.array(level, { maxLength: 60 }),
        fc.integer({ min: 1, max: 200_000 }),
        fc.integer({ min: 0, max: 50 }),
        (levels, bidTenths, spread) => {
          const withIds = levels.map((l, i) => ({ ...l, id: `o${i}` }));
          const index = new TriggerIndex();
          // Half put one by one, half loaded at once: both keep the lists sorted.
          const half = Math.floor(withIds.length / 2);
          for (const l of withIds.slice(0, half)) index.put(l.id, '7203', [{ list: l.list, price: l.price }]);
          index.load(
            withIds.slice(half).map((l) => ({ id: l.id, symbol: '7203', levels: [{ list: l.list, price: l.price }] })),
          );
          const bid = (bidTenths / 10).toFixed(1);
          const ask = ((bidTenths + spread) / 10).toFixed(1);
          expect(index.candidates('7203', bid, ask)).toEqual(scan(withIds, bid, ask));
          expect(index.candidates('6758', bid, ask).size).toBe(0);
        },
      ),
    );
  });

  it('forgets a removed or replaced order, and says which symbols anything waits on', () => {
    const index = new TriggerIndex();
    index.put('a', '7203', [
      { list: 'bidFalls', price: '2800' },
      { list: 'bidRises', price: '3000' },
    ]);
    expect(index.watches('7203')).toBe(true);
    expect([...index.candidates('7203', '2799', '2800')]).toEqual(['a']);
    index.put('a', '7203', [{ list: 'bidRises', price: '3000' }]);
    expect(index.candidates('7203', '2799', '2800').size).toBe(0);
    index.remove('a');
    expect(index.size).toBe(0);
    expect(index.watches('7203')).toBe(false);
  });
});
