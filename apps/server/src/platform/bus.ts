import { EventEmitter } from 'node:events';
import { Redis } from 'ioredis';

/** DESIGN "Runtime modes": quotes, chat and events cross processes on the bus. */
export interface Bus {
  readonly kind: 'memory' | 'redis';
  publish(channel: string, message: string): Promise<void>;
  /** Resolves once the subscription is live; the returned function ends it. */
  subscribe(channel: string, handler: (message: string) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

/** The embedded mode: one process, so the bus is an in-process emitter. */
export function memoryBus(): Bus {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return {
    kind: 'memory',
    async publish(channel, message) {
      // Asynchronous like Redis: a publisher never runs subscribers inside its own call stack.
      queueMicrotask(() => emitter.emit(channel, message));
    },
    async subscribe(channel, handler) {
      emitter.on(channel, handler);
      return async () => {
        emitter.off(channel, handler);
      };
    },
    async close() {
      emitter.removeAllListeners();
    },
  };
}

/**
 * The scaled mode: Redis pub/sub, with the subscriber on its own connection (Redis requires it). Channels are
 * prefixed with the deployment's namespace, so two deployments on one Redis never hear each other.
 */
export function redisBus(url: string, namespace = 'kabuto'): Bus {
  const prefix = `${namespace}/`;
  const pub = new Redis(url, { maxRetriesPerRequest: 2, lazyConnect: false });
  const sub = new Redis(url, { maxRetriesPerRequest: 2, lazyConnect: false });
  const handlers = new Map<string, Set<(message: string) => void>>();
  sub.on('message', (channel: string, message: string) => {
    if (!channel.startsWith(prefix)) return;
    for (const h of handlers.get(channel.slice(prefix.length)) ?? []) h(message);
  });
  return {
    kind: 'redis',
    async publish(channel, message) {
      await pub.publish(prefix + channel, message);
    },
    async subscribe(channel, handler) {
      let set = handlers.get(channel);
      if (!set) {
        set = new Set();
        handlers.set(channel, set);
        // A SUBSCRIBE sent before the connection's ready check (INFO) makes ioredis fail that check.
        if (sub.status !== 'ready') await new Promise((resolve) => sub.once('ready', resolve));
        await sub.subscribe(prefix + channel);
      }
      set.add(handler);
      return async () => {
        const current = handlers.get(channel);
        current?.delete(handler);
        if (current && current.size === 0) {
          handlers.delete(channel);
          await sub.unsubscribe(prefix + channel);
        }
      };
    },
    async close() {
      handlers.clear();
      pub.disconnect();
      sub.disconnect();
    },
  };
}

export const busChannels = {
  /** Outbox events relayed by the leader; every API process fans them out to its sockets. */
  events: 'kabuto:events',
  /** "An event was committed": wakes the leader's relay at once instead of at its next interval. */
  outboxNudge: 'kabuto:outbox-nudge',
  /** The market: the leader's ticks, and symbol status changes relayed from the outbox; every snapshot follows it. */
  market: 'kabuto:market',
  /** "This source changed": every process forgets what it cached of it (read-cache.ts). */
  cache: 'kabuto:cache',
  /** Issue 27: support's replies to visitors (relayed broadcasts); each process sends them to that visitor's sockets. */
  support: 'kabuto:support',
} as const;
