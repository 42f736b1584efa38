import { EventEmitter } from 'node:events';
import pg from 'pg';
import type { Sql } from '@kabuto/db/database';

/** DESIGN "Runtime modes": one leader runs the market feed, triggers and jobs. */
export interface Leader {
  isLeader(): boolean;
  /**
   * The epoch (term) this process leads in, taken from `leader_epoch` when it became leader; null while it does
   * not lead. Writes made as leader commit only while it is still current (`holdEpoch`).
   */
  epoch(): number | null;
  /** Called with true when this process becomes leader, false the moment it stops being one. */
  onChange(listener: (leading: boolean) => void): () => void;
  start(): Promise<void>;
  stop(): Promise<void>;
}

// One statement, so its own transaction; it waits for a flush that holds the current epoch to commit.
const takeEpochSql = `UPDATE leader_epoch SET epoch = epoch + 1, changed_at = now() WHERE id = 1 RETURNING epoch`;

/** The next epoch, for a process that has just become leader. */
export async function takeEpoch(db: Sql): Promise<number> {
  const [row] = await db.query<{ epoch: string }>(takeEpochSql);
  if (!row) throw new Error('leader_epoch has no row');
  return Number(row.epoch);
}

/**
 * Fencing (issue 17 §7), inside the transaction of a leader's write: true while `epoch` is still current, and the
 * row stays share-locked until the transaction ends, so no other process can take the next epoch (and start from
 * the stored state) before this write has committed. False: another leader has taken over; write nothing.
 */
export async function holdEpoch(tx: Sql, epoch: number): Promise<boolean> {
  const rows = await tx.query(`SELECT epoch FROM leader_epoch WHERE id = 1 AND epoch = $1 FOR SHARE`, [epoch]);
  return rows.length > 0;
}

/**
 * The embedded mode has one process: it leads from `start` on. It still takes an epoch, so after a restart (a
 * crash loses up to a second of trades) its sequence numbers never repeat the last run's with other prices.
 */
export function soleLeader(db: Sql): Leader {
  const events = new EventEmitter();
  let epoch: number | null = null;
  return {
    isLeader: () => epoch !== null,
    epoch: () => epoch,
    onChange(listener) {
      events.on('change', listener);
      if (epoch !== null) queueMicrotask(() => listener(true));
      return () => events.off('change', listener);
    },
    async start() {
      if (epoch !== null) return;
      epoch = await takeEpoch(db);
      events.emit('change', true);
    },
    async stop() {
      if (epoch === null) return;
      epoch = null;
      events.emit('change', false);
    },
  };
}

// One constant key for the whole deployment: "kabuto leader" as a 63-bit number.
export const leaderLockKey = '7205759403792793';

/**
 * The scaled mode: a PostgreSQL session advisory lock held on a dedicated connection. The lock
 * lives exactly as long as that connection, so a dead or cut-off leader frees it for another
 * process; a lost connection ends leadership at once. Whoever gets the lock takes the next epoch,
 * and each poll checks it is still current. TCP keep-alive and a query timeout on that connection
 * end leadership when the network goes silent, instead of a poll that never returns.
 */
export function advisoryLockLeader(opts: {
  connectionString: string;
  pollMs?: number;
  /** A poll (or taking the epoch) that has not answered after this long ends leadership. */
  queryTimeoutMs?: number;
  log?: (msg: string) => void;
}): Leader {
  const pollMs = opts.pollMs ?? 1000;
  const queryTimeoutMs = opts.queryTimeoutMs ?? 5000;
  const events = new EventEmitter();
  let leading = false;
  let epoch: number | null = null;
  let client: pg.Client | null = null;
  let timer: NodeJS.Timeout | null = null;
  let stopped = false;

  const setLeading = (next: boolean) => {
    if (next === leading) return;
    leading = next;
    if (!next) epoch = null;
    opts.log?.(next ? `leader: acquired (epoch ${String(epoch)})` : 'leader: lost');
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
        const c = new pg.Client({
          connectionString: opts.connectionString,
          connectionTimeoutMillis: 2000,
          keepAlive: true,
          keepAliveInitialDelayMillis: 10_000,
          query_timeout: queryTimeoutMs,
          statement_timeout: queryTimeoutMs,
        });
        c.on('error', () => dropClient());
        c.on('end', () => {
          if (client === c) dropClient();
        });
        await c.connect();
        client = c;
      }
      if (leading) {
        // A cheap round trip proves the connection (and so the lock) is still there, and the epoch still ours.
        const [row] = (await client.query<{ epoch: string }>(`SELECT epoch FROM leader_epoch WHERE id = 1`)).rows;
        if (Number(row?.epoch) !== epoch) dropClient();
      } else {
        const [row] = (
          await client.query<{ ok: boolean }>('SELECT pg_try_advisory_lock($1::bigint) AS ok', [leaderLockKey])
        ).rows;
        if (!row?.ok) return;
        const [taken] = (await client.query<{ epoch: string }>(takeEpochSql)).rows;
        epoch = Number(taken?.epoch);
        setLeading(true);
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
    epoch: () => epoch,
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
