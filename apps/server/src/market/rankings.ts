import { decimalSortKey, type ListOrder, type Rankable } from '@kabuto/domain/market/ranking';

const compareText = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/**
 * A list kept in order while its items change (issue 17 §13): an item whose figures changed is only marked; the next
 * read takes the marked items out, sorts just them and merges them back into the rest, which is still in order. So a
 * read after a step costs the step's changed items, not a sort of the whole market, and no read costs nothing.
 */
function orderedList<T>(items: readonly T[], compare: (a: T, b: T) => number, keep: (item: T) => boolean) {
  let order = items.filter(keep).sort(compare);
  const changed = new Set<T>();
  return {
    touch(item: T): void {
      changed.add(item);
    },
    items(): readonly T[] {
      if (changed.size === 0) return order;
      const moved = [...changed].filter(keep).sort(compare);
      const rest = order.filter((item) => !changed.has(item));
      changed.clear();
      const merged: T[] = [];
      let i = 0;
      let j = 0;
      while (i < rest.length || j < moved.length) {
        const a = rest[i];
        const b = moved[j];
        if (b === undefined || (a !== undefined && compare(a, b) <= 0)) {
          merged.push(a as T);
          i += 1;
        } else {
          merged.push(b);
          j += 1;
        }
      }
      order = merged;
      return order;
    },
  };
}

/**
 * Every list order of `@kabuto/domain/market/ranking` over a market whose figures change: the same lists `rankQuotes`
 * gives (ties by code, gainers and losers cut at zero), kept in order as ticks arrive instead of sorted per request.
 * Figures are read (`figures`) only for items touched since the last read, and compared as `decimalSortKey` strings.
 */
export function rankings<T>(items: readonly T[], figures: (item: T) => Rankable, listed: (item: T) => boolean) {
  const keys = new Map<T, { symbol: string; change: string; turnover: string }>();
  const keyOf = (item: T) => {
    let k = keys.get(item);
    if (k === undefined) {
      const f = figures(item);
      k = { symbol: f.symbol, change: decimalSortKey(f.changePercent), turnover: decimalSortKey(f.turnover) };
      keys.set(item, k);
    }
    return k;
  };
  const by =
    (field: 'change' | 'turnover', direction: 1 | -1) =>
    (a: T, b: T): number => {
      const x = keyOf(a);
      const y = keyOf(b);
      return direction * compareText(x[field], y[field]) || compareText(x.symbol, y.symbol);
    };
  const lists = {
    code: orderedList(items, (a, b) => compareText(keyOf(a).symbol, keyOf(b).symbol), listed),
    changeDesc: orderedList(items, by('change', -1), listed),
    changeAsc: orderedList(items, by('change', 1), listed),
    turnover: orderedList(items, by('turnover', -1), listed),
  };
  // The sign is the key's first character: 0 below zero, 1 zero, 2 above.
  const prefix = (list: readonly T[], sign: string): readonly T[] => {
    let end = 0;
    while (end < list.length && keyOf(list[end] as T).change[0] === sign) end += 1;
    return list.slice(0, end);
  };
  return {
    /** The item's figures or listing changed. */
    touch(item: T): void {
      keys.delete(item);
      for (const list of Object.values(lists)) list.touch(item);
    },
    /** The listed items in `order`. */
    ranked(order: ListOrder): readonly T[] {
      if (order === 'gainers') return prefix(lists.changeDesc.items(), '2');
      if (order === 'losers') return prefix(lists.changeAsc.items(), '0');
      return lists[order].items();
    },
  };
}
