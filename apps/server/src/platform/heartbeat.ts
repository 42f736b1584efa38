import type { Sql } from '@kabuto/db/database';

// Issue 24 §7: each process beats this often; one that missed three beats is taken for dead.
export const heartbeatIntervalMs = 2_000;
export const heartbeatDeadAfterMs = 3 * heartbeatIntervalMs;
// Rows of processes gone this long are deleted by whoever beats next (no row reads as dead, like an old one).
const forgetAfterSeconds = 60;
const sweepEveryBeats = 30;

export interface ProcessHeartbeat {
  /** Beats once (so the process is known alive before it serves), then every interval until `stop`. */
  start(): Promise<void>;
  /** A graceful stop: no more beats, and the row goes, so this process's keys are known free at once. */
  stop(): Promise<void>;
}

/**
 * Liveness of the processes sharing one database, for what a dead process leaves "in progress" (idempotency keys).
 * The beat time is the database's now(), not the app's Clock: the readers compare it with now() on the same server,
 * so processes whose clocks disagree (or a test's TestClock, which only moves when told) judge a beat alike.
 */
export function processHeartbeat(deps: {
  db: Sql;
  instance: string;
  intervalMs?: number;
  log: (msg: string, err?: unknown) => void;
}): ProcessHeartbeat {
  const { db, instance } = deps;
  const intervalMs = deps.intervalMs ?? heartbeatIntervalMs;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  let stopped = true;
  let beats = 0;

  const beat = async (): Promise<void> => {
    await db.query(
      `INSERT INTO process_heartbeats (instance, beat_at) VALUES ($1, now())
       ON CONFLICT (instance) DO UPDATE SET beat_at = now()`,
      [instance],
    );
    beats += 1;
    if (beats % sweepEveryBeats === 0)
      await db.query(`DELETE FROM process_heartbeats WHERE beat_at < now() - make_interval(secs => $1)`, [
        forgetAfterSeconds,
      ]);
  };
  // One beat at a time: the next is scheduled when the last has ended, and a failed one is logged, not fatal.
  const schedule = (): void => {
    timer = setTimeout(() => {
      running = beat()
        .catch((err: unknown) => deps.log('heartbeat failed', err))
        .finally(() => {
          if (!stopped) schedule();
        });
    }, intervalMs);
    timer.unref();
  };

  return {
    async start() {
      if (!stopped) return;
      stopped = false;
      await beat();
      schedule();
    },
    async stop() {
      if (stopped) return;
      stopped = true;
      clearTimeout(timer);
      await running;
      await db.query(`DELETE FROM process_heartbeats WHERE instance = $1`, [instance]);
    },
  };
}
