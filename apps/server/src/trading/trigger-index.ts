/**
 * Issue 18 / DESIGN "Order triggers": resting limit orders, stop-loss and take-profit levels and margin-call prices,
 * indexed by price per symbol, so a tick finds what it triggers in O(log n + k) instead of scanning every order.
 *
 * A level fires against one side of the quote in one direction, so each symbol keeps four sorted lists:
 * - bid falls to it: a long's stop-loss and margin call;  bid rises to it: a long's take-profit, a short limit order;
 * - ask rises to it: a short's stop-loss and margin call; ask falls to it: a short's take-profit, a long limit order.
 * Keys are prices in ten-thousandths of a yen, rounded outwards, so the index may offer a candidate a hair early but
 * never misses one; the engine then decides each candidate exactly with the domain's decimal rules.
 */
export type TriggerList = 'bidFalls' | 'bidRises' | 'askRises' | 'askFalls';

interface Item {
  key: number;
  id: string;
}

class SortedItems {
  items: Item[] = [];

  insert(item: Item): void {
    const at = this.lowerBound(item.key);
    this.items.splice(at, 0, item);
  }

  remove(item: Item): void {
    let i = this.lowerBound(item.key);
    while (i < this.items.length && this.items[i]?.key === item.key) {
      if (this.items[i]?.id === item.id) {
        this.items.splice(i, 1);
        return;
      }
      i++;
    }
  }

  /** First index whose key is ≥ `key`. */
  lowerBound(key: number): number {
    let lo = 0;
    let hi = this.items.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if ((this.items[mid] as Item).key < key) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** First index whose key is > `key`. */
  upperBound(key: number): number {
    let lo = 0;
    let hi = this.items.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if ((this.items[mid] as Item).key <= key) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }
}

const SCALE = 4;

/** A decimal price string as ten-thousandths of a yen (`up` rounds any finer digits up, else down). */
export function priceKey(price: string, up: boolean): number {
  const negative = price.startsWith('-');
  const [whole = '0', fraction = ''] = (negative ? price.slice(1) : price).split('.');
  const kept = fraction.slice(0, SCALE).padEnd(SCALE, '0');
  let key = Number(whole) * 10 ** SCALE + Number(kept);
  const rest = fraction.slice(SCALE);
  if (/[1-9]/.test(rest) && up !== negative) key += 1;
  return negative ? -key : key;
}

/** Which direction a list fires in: "falls" lists fire for keys at or above the price, "rises" at or below. */
const firesAbove = (list: TriggerList): boolean => list === 'bidFalls' || list === 'askFalls';

export interface TriggerLevel {
  list: TriggerList;
  price: string;
}

export class TriggerIndex {
  private readonly symbols = new Map<string, Record<TriggerList, SortedItems>>();
  private readonly placed = new Map<string, { symbol: string; list: TriggerList; item: Item }[]>();

  get size(): number {
    return this.placed.size;
  }

  has(id: string): boolean {
    return this.placed.has(id);
  }

  /** Whether anything waits on this symbol (a tick of any other needs no quote worked out). */
  watches(symbol: string): boolean {
    const l = this.symbols.get(symbol);
    return (
      l !== undefined &&
      (l.bidFalls.items.length > 0 ||
        l.bidRises.items.length > 0 ||
        l.askRises.items.length > 0 ||
        l.askFalls.items.length > 0)
    );
  }

  private lists(symbol: string): Record<TriggerList, SortedItems> {
    let l = this.symbols.get(symbol);
    if (!l) {
      l = {
        bidFalls: new SortedItems(),
        bidRises: new SortedItems(),
        askRises: new SortedItems(),
        askFalls: new SortedItems(),
      };
      this.symbols.set(symbol, l);
    }
    return l;
  }

  /** Indexes an order or position under its levels (replacing any it had). */
  put(id: string, symbol: string, levels: readonly TriggerLevel[]): void {
    this.remove(id);
    if (levels.length === 0) return;
    const lists = this.lists(symbol);
    const placed = levels.map((lv) => {
      // Rounded outwards: a "falls" level (fires when the price is at or below it) rounds up, a "rises" one down.
      const item = { key: priceKey(lv.price, firesAbove(lv.list)), id };
      lists[lv.list].insert(item);
      return { symbol, list: lv.list, item };
    });
    this.placed.set(id, placed);
  }

  /**
   * Loads many at once (start-up): each list is sorted once instead of an insertion per level. Ids already indexed
   * are replaced.
   */
  load(entries: Iterable<{ id: string; symbol: string; levels: readonly TriggerLevel[] }>): void {
    const touched = new Set<SortedItems>();
    for (const e of entries) {
      this.remove(e.id);
      if (e.levels.length === 0) continue;
      const lists = this.lists(e.symbol);
      const placed = e.levels.map((lv) => {
        const item = { key: priceKey(lv.price, firesAbove(lv.list)), id: e.id };
        lists[lv.list].items.push(item);
        touched.add(lists[lv.list]);
        return { symbol: e.symbol, list: lv.list, item };
      });
      this.placed.set(e.id, placed);
    }
    for (const s of touched) s.items.sort((a, b) => a.key - b.key);
  }

  remove(id: string): void {
    const placed = this.placed.get(id);
    if (!placed) return;
    for (const p of placed) this.symbols.get(p.symbol)?.[p.list].remove(p.item);
    this.placed.delete(id);
  }

  /** The ids a quote may trigger on `symbol` (each once), found by binary search: O(log n + k). */
  candidates(symbol: string, bid: string, ask: string): Set<string> {
    const out = new Set<string>();
    const l = this.symbols.get(symbol);
    if (!l) return out;
    const bidKey = priceKey(bid, false);
    const askKey = priceKey(ask, false);
    const take = (s: SortedItems, from: number, to: number) => {
      for (let i = from; i < to; i++) out.add((s.items[i] as Item).id);
    };
    take(l.bidFalls, l.bidFalls.lowerBound(bidKey), l.bidFalls.items.length);
    take(l.askFalls, l.askFalls.lowerBound(askKey), l.askFalls.items.length);
    take(l.bidRises, 0, l.bidRises.upperBound(bidKey));
    take(l.askRises, 0, l.askRises.upperBound(askKey));
    return out;
  }

  clear(): void {
    this.symbols.clear();
    this.placed.clear();
  }
}
