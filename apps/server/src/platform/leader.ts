import { EventEmitter } from 'node:events';
import pg from 'pg';

/** DESIGN "Runtime modes": one leader runs the market feed, triggers and jobs. */
export interface Leader {
  isLeader(): boolean;
  /** Called with true when this process becomes leader, false the moment it stops being one. */
  onChange(listener: (leading: boolean) => void): () => void;
  start(): Promise<void>;
  stop(): Promise<void>;
}

/** The embedded mode has one process: it is always the leader. */
export function soleLeader(): Leader {
  return {
    isLeader: () => true,
    onChange(listener) {
      queueMicrotask(() => listener(true));
      return () => {};
    },
    async start() {},
    async stop() {},
  };
}

// One constant key for the whole deployment: "kabuto leader" as a 63-bit number.
export const leaderLockKey = '7205759403792793';

/**
 * The scaled mode: a PostgreSQL session advisory lock held on a dedicated connection. The lock
 * lives exactly as long as that connection, so a dead or cut-off leader frees it for another
 * process; a lost connection ends leadership at once.
 */
export function advisoryLockLeader(opts: {
  connectionString: string;
  pollMs?: number;
  log?: (msg: string) => void;
}): Leader {
  const pollMs = opts.pollMs ?? 1000;
  const events = new EventEmitter();
  let leading = false;
  let client: pg.Client | null = null;
  let timer: NodeJS.Timeout | null = null;
  let stopped = false;

  const setLeading = (next: boolean) => {
    if (next === leading) return;
    leading = next;
    opts.log?.(next ? 'leader: acquired' : 'leader: lost');
    events.emit('change', next);
  };

  const dropClient = () => {
    const c = client;
    client = null;
    setLeading(false);
    c?.end().catch(() => {});
  };

  async function tick(): Promise<void> {
    try {
      if (!client) {
        const c = new pg.Client({ connectionString: opts.connectionString, connectionTimeoutMillis: 2000 });
        c.on('error', () => dropClient());
        c.on('end', () => {
          if (client === c) dropClient();
        });
        await c.connect();
        client = c;
      }
      if (leading) {
        // A cheap round trip proves the connection (and so the lock) is still there.
        await client.query('SELECT 1');
      } else {
        const [row] = (
          await client.query<{ ok: boolean }>('SELECT pg_try_advisory_lock($1::bigint) AS ok', [leaderLockKey])
        ).rows;
        setLeading(Boolean(row?.ok));
      }
    } catch {
      dropClient();
    }
  }

  const loop = async () => {
    if (stopped) return;
    await tick();
    if (!stopped) timer = setTimeout(() => void loop(), pollMs);
  };

  return {
    isLeader: () => leading,
    onChange(listener) {
      events.on('change', listener);
      return () => events.off('change', listener);
    },
    async start() {
      stopped = false;
      await loop();
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      const c = client;
      client = null;
      setLeading(false);
      await c?.end().catch(() => {});
    },
  };
}
