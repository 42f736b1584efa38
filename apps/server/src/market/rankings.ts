import { decimalSortKey, type ListOrder, type Rankable } from '@kabuto/domain/market/ranking';

const compareText = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** An item with what it is ordered by: `primary` (a sort key, or '' for the code order), then its code. */
interface Ranked<T> {
  item: T;
  primary: string;
  symbol: string;
}

/**
 * A list kept in order while its items change (issue 17 §13): an item whose figures changed is only marked; the next
 * read takes the marked items out, sorts just them and merges them back into the rest, which is still in order. So a
 * read after a step costs the step's changed items, not a sort of the whole market, and no read costs nothing. Each
 * item's keys are held beside it, so merging compares strings and looks nothing up.
 */
function orderedList<T>(
  items: readonly T[],
  rankedOf: (item: T) => Ranked<T>,
  direction: 1 | -1,
  keep: (item: T) => boolean,
) {
  const compare = (a: Ranked<T>, b: Ranked<T>): number =>
    direction * compareText(a.primary, b.primary) || compareText(a.symbol, b.symbol);
  let order = items.filter(keep).map(rankedOf).sort(compare);
  let view: readonly T[] = order.map((r) => r.item);
  // The leading runs asked for since the last change, by first character.
  const runs = new Map<string, readonly T[]>();
  const changed = new Set<T>();
  const refresh = (): void => {
    if (changed.size === 0) return;
    runs.clear();
    const moved = [...changed].filter(keep).map(rankedOf).sort(compare);
    const rest = order.filter((r) => !changed.has(r.item));
    changed.clear();
    const merged: Ranked<T>[] = [];
    let i = 0;
    let j = 0;
    while (i < rest.length || j < moved.length) {
      const a = rest[i];
      const b = moved[j];
      if (b === undefined || (a !== undefined && compare(a, b) <= 0)) {
        merged.push(a as Ranked<T>);
        i += 1;
      } else {
        merged.push(b);
        j += 1;
      }
    }
    order = merged;
    view = order.map((r) => r.item);
  };
  return {
    touch(item: T): void {
      changed.add(item);
    },
    items(): readonly T[] {
      refresh();
      return view;
    },
    /** The items from the start whose primary key begins with `first` (a sign, for the rankings' cut). */
    leading(first: string): readonly T[] {
      refresh();
      let run = runs.get(first);
      if (run === undefined) {
        let end = 0;
        while (end < order.length && (order[end] as Ranked<T>).primary[0] === first) end += 1;
        run = view.slice(0, end);
        runs.set(first, run);
      }
      return run;
    },
  };
}

/**
 * Every list order of `@kabuto/domain/market/ranking` over a market whose figures change: the same lists `rankQuotes`
 * gives (ties by code, gainers and losers cut at zero), kept in order as ticks arrive instead of sorted per request.
 * Figures are read (`figures`) only for items touched since the last read, and compared as `decimalSortKey` strings.
 */
export function rankings<T>(items: readonly T[], figures: (item: T) => Rankable, listed: (item: T) => boolean) {
  const byCode = (item: T): Ranked<T> => ({ item, primary: '', symbol: figures(item).symbol });
  const by = (field: 'changePercent' | 'turnover') => {
    // Kept until the item changes: both change orders read the same key.
    const held = new Map<T, Ranked<T>>();
    const rankedOf = (item: T): Ranked<T> => {
      let r = held.get(item);
      if (r === undefined) {
        const f = figures(item);
        r = { item, primary: decimalSortKey(f[field]), symbol: f.symbol };
        held.set(item, r);
      }
      return r;
    };
    return { rankedOf, forget: (item: T) => held.delete(item) };
  };
  const change = by('changePercent');
  const turnover = by('turnover');
  const lists = {
    code: orderedList(items, byCode, 1, listed),
    changeDesc: orderedList(items, change.rankedOf, -1, listed),
    changeAsc: orderedList(items, change.rankedOf, 1, listed),
    turnover: orderedList(items, turnover.rankedOf, -1, listed),
  };
  return {
    /** The item's figures changed, or (`listing`) whether it is listed: the code order moves only for the latter. */
    touch(item: T, listing = false): void {
      change.forget(item);
      turnover.forget(item);
      if (listing) lists.code.touch(item);
      lists.changeDesc.touch(item);
      lists.changeAsc.touch(item);
      lists.turnover.touch(item);
    },
    /** The listed items in `order`. */
    ranked(order: ListOrder): readonly T[] {
      // The sign is the key's first character: 0 below zero, 1 zero, 2 above.
      if (order === 'gainers') return lists.changeDesc.leading('2');
      if (order === 'losers') return lists.changeAsc.leading('0');
      return lists[order].items();
    },
  };
}
