import { LRUCache } from 'lru-cache';
import type { Sql } from '@kabuto/db/database';
import { busChannels, type Bus } from './bus.ts';
import { writeBroadcast } from './outbox.ts';

/**
 * Issue 24 "twice the orders": what every order reads and staff change rarely (the trading terms, the sale rules, the
 * session behind a token) is kept in the process instead of read from the database on every call.
 *
 * A value is forgotten when it changes: the writer announces the change through the outbox in the transaction that
 * makes it (`announceChange`), the leader relays it to every process on the bus, and each process forgets the value;
 * the writing process also forgets it at once after its commit (`forget`), so it never answers from before its own
 * change. Between a commit and the relay (a nudge: milliseconds) another process may still answer from the value
 * before; should the bus lose the message, the entry's time to live bounds how long. Money checks that must see the
 * committed state (restrictions, a stock's status, a member's balance) are not cached: they are read in the
 * transaction that writes.
 *
 * A load that started before a `forget` is not kept (a generation counter), so a reader cannot put back the value a
 * concurrent change has just replaced.
 */
export interface ReadCache<K extends string, V> {
  get(key: K, load: () => Promise<V>): Promise<V>;
  /** One key, or (none given) everything. */
  forget(key?: K): void;
  /** Every key whose value passes the test (e.g. a member's sessions). */
  forgetWhere(test: (value: V, key: K) => boolean): void;
}

/**
 * `enabled: false` reads through every time (the bench's "before"). `keep` decides which values may be kept (the
 * others are read again on every call).
 */
export function readCache<K extends string, V>(opts: {
  max: number;
  ttlMs: number;
  enabled: boolean;
  keep?: (value: V) => boolean;
}): ReadCache<K, V> {
  // lru-cache refuses undefined values; a box lets `null` ("no such session") be kept like any other answer.
  const entries = new LRUCache<K, { value: V }>({ max: opts.max, ttl: opts.ttlMs, ttlAutopurge: false });
  let generation = 0;
  return {
    async get(key, load) {
      if (!opts.enabled) return load();
      const hit = entries.get(key);
      if (hit) return hit.value;
      const started = generation;
      const value = await load();
      if (generation === started && (opts.keep?.(value) ?? true)) entries.set(key, { value });
      return value;
    },
    forget(key) {
      generation += 1;
      if (key === undefined) entries.clear();
      else entries.delete(key);
    },
    forgetWhere(test) {
      generation += 1;
      const gone = [...entries.entries()].filter(([key, boxed]) => test(boxed.value, key)).map(([key]) => key);
      for (const key of gone) entries.delete(key);
    },
  };
}

/** The caches a process keeps, by the name a change is announced under. */
export type CacheName = 'trade.terms' | 'trade.saleRules';

/** Inside the writing transaction: every process forgets `name` once this commits. */
export async function announceChange(tx: Sql, name: CacheName, at: Date): Promise<void> {
  await writeBroadcast(tx, { topic: 'cache', type: 'changed', payload: { cache: name } }, at);
}

/** Each process: forget a cache when the bus says its source changed. Resolves once listening; returns the stop. */
export async function followChanges(
  bus: Bus,
  caches: Readonly<Partial<Record<CacheName, Pick<ReadCache<string, unknown>, 'forget'>>>>,
): Promise<() => Promise<void>> {
  return bus.subscribe(busChannels.cache, (message) => {
    let name: unknown;
    try {
      name = (JSON.parse(message) as { cache?: unknown }).cache;
    } catch {
      return;
    }
    if (typeof name === 'string' && name in caches) caches[name as CacheName]?.forget();
  });
}
