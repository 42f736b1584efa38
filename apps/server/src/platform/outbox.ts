import type { Database, Sql } from '@kabuto/db/database';
import type { Clock } from '../clock.ts';
import { busChannels, type Bus } from './bus.ts';
import type { Leader } from './leader.ts';

export interface OutboxEvent {
  readonly topic: 'member';
  readonly memberId: string;
  readonly type: string;
  readonly payload: Readonly<Record<string, string | number | boolean | null>>;
}

/** An event as it travels on the bus: its outbox id is its sequence number. */
export interface RelayedEvent extends OutboxEvent {
  readonly seq: string;
  /** The same member's previous event, so a client can tell it missed one. */
  readonly prevSeq: string | null;
}

/**
 * Writes an event inside the business transaction: it leaves only if the business change commits. Issue 17 §5: the
 * member's row in `member_event_seq` is locked first, so concurrent transactions write a member's events one after
 * another; each names the event committed before it, and ids rise in commit order.
 */
export async function writeOutbox(tx: Sql, e: OutboxEvent, at: Date): Promise<void> {
  // One round trip: migration 013's function locks the member's sequence row, writes the event and moves it on.
  await tx.query(`SELECT outbox_member_event($1, $2, $3, $4::jsonb, $5)`, [
    e.topic,
    e.memberId,
    e.type,
    JSON.stringify(e.payload),
    at,
  ]);
}

/** Many member events in one statement (a batch of orders): the same function, called once per event, in order. */
export async function writeOutboxMany(tx: Sql, events: readonly { event: OutboxEvent; at: Date }[]): Promise<void> {
  if (events.length === 0) return;
  await tx.query(
    `SELECT outbox_member_event(e.topic, e.member, e.type, e.payload, e.at)
     FROM unnest($1::text[], $2::uuid[], $3::text[], $4::jsonb[], $5::timestamptz[]) WITH ORDINALITY AS e(topic, member, type, payload, at, n)
     ORDER BY e.n`,
    [
      events.map((e) => e.event.topic),
      events.map((e) => e.event.memberId),
      events.map((e) => e.event.type),
      events.map((e) => JSON.stringify(e.event.payload)),
      events.map((e) => e.at.toISOString()),
    ],
  );
}

/**
 * One event for each of many members (a draw's results for every entry): the same chain as `writeOutbox`, written as
 * a set — the members' sequence rows locked in member order (one statement), the events inserted naming each
 * member's previous one, then the rows moved on — three statements for any number of members, not one call an event.
 * Each member may appear once (two events of one member in a set could not name each other).
 */
export async function writeOutboxOncePerMember(tx: Sql, events: readonly OutboxEvent[], at: Date): Promise<void> {
  if (events.length === 0) return;
  const members = events.map((e) => e.memberId);
  if (new Set(members).size !== members.length) throw new Error('writeOutboxOncePerMember: a member appears twice');
  await tx.query(
    `INSERT INTO member_event_seq (member_id, last_seq) SELECT m, NULL FROM unnest($1::uuid[]) AS m ORDER BY m
     ON CONFLICT (member_id) DO NOTHING`,
    [members],
  );
  await tx.query(
    `WITH locked AS MATERIALIZED (
       SELECT member_id, last_seq FROM member_event_seq WHERE member_id = ANY($2::uuid[]) ORDER BY member_id FOR UPDATE
     ), ins AS (
       INSERT INTO outbox (topic, member_id, prev_seq, type, payload, created_at)
       SELECT e.topic, e.member, l.last_seq, e.type, e.payload, $5
         FROM unnest($1::text[], $2::uuid[], $3::text[], $4::jsonb[]) WITH ORDINALITY AS e(topic, member, type, payload, n)
         JOIN locked l ON l.member_id = e.member
        ORDER BY e.n
       RETURNING id, member_id
     )
     UPDATE member_event_seq s SET last_seq = ins.id FROM ins WHERE s.member_id = ins.member_id`,
    [events.map((e) => e.topic), members, events.map((e) => e.type), events.map((e) => JSON.stringify(e.payload)), at],
  );
}

/** Broadcasts are for every process, not a member: each topic's rows go out on its bus channel, the payload as is. */
const broadcastChannels = new Map<string, string>([
  ['market', busChannels.market],
  ['cache', busChannels.cache],
  ['support', busChannels.support],
]);

export interface BroadcastEvent {
  readonly topic: 'market' | 'cache' | 'support';
  readonly type: string;
  readonly payload: Readonly<Record<string, string | number | boolean | null>>;
}

/** Writes a broadcast inside the business transaction (no member, no sequence of its own): it leaves only on commit. */
export async function writeBroadcast(tx: Sql, e: BroadcastEvent, at: Date): Promise<void> {
  await tx.query(
    `INSERT INTO outbox (topic, member_id, prev_seq, type, payload, created_at) VALUES ($1, NULL, NULL, $2, $3::jsonb, $4)`,
    [e.topic, e.type, JSON.stringify(e.payload), at],
  );
}

/** "An event was committed": the leader's relay (wherever it runs) relays at once instead of at its next interval. */
export async function nudgeOutbox(bus: Bus): Promise<void> {
  await bus.publish(busChannels.outboxNudge, '1');
}

/** The last sequence number of a member's events (what a client starts counting from; the next event's prevSeq). */
export async function lastMemberSeq(sql: Sql, memberId: string): Promise<string | null> {
  const [row] = await sql.query<{ seq: string | null }>(
    `SELECT last_seq::text AS seq FROM member_event_seq WHERE member_id = $1`,
    [memberId],
  );
  return row?.seq ?? null;
}

/**
 * The leader relays committed events to the bus in id order and marks them relayed. A nudge on
 * the bus (sent by whichever process committed) starts a relay at once; an interval is the safety net.
 */
export function outboxRelay(deps: {
  db: Database;
  bus: Bus;
  leader: Leader;
  clock: Clock;
  intervalMs?: number;
  log?: (msg: string, err?: unknown) => void;
  /**
   * Issue 27: called in the transaction that claims a batch of member events for relaying (each committed event is
   * claimed by exactly one committed relay), so what it writes from them is written once per event. Answers how many
   * events it wrote to the outbox itself (relayed in the next round).
   */
  onClaimed?: (tx: Sql, events: readonly RelayedEvent[]) => Promise<number>;
}) {
  let timer: NodeJS.Timeout | null = null;
  let busy: Promise<number> | null = null;
  let again = false;
  let unsubscribe: (() => Promise<void>) | null = null;

  async function relayOnce(): Promise<number> {
    if (!deps.leader.isLeader()) return 0;
    let total = 0;
    for (;;) {
      let wrote = 0;
      const batch = await deps.db.transaction(async (tx) => {
        // Marked relayed and read in one statement; published before the commit, so a failed publish rolls the mark
        // back and the events go out on the next relay (at least once, in id order).
        const rows = (
          await tx.query<{
            id: string;
            topic: 'member';
            member_id: string | null;
            prev_seq: string | null;
            type: string;
            payload: unknown;
          }>(
            `UPDATE outbox SET relayed_at = $1
              WHERE id IN (SELECT id FROM outbox WHERE relayed_at IS NULL ORDER BY id LIMIT 200 FOR UPDATE SKIP LOCKED)
              RETURNING id::text AS id, topic, member_id::text AS member_id, prev_seq::text AS prev_seq, type, payload`,
            [deps.clock.now()],
          )
        ).sort((a, b) => (BigInt(a.id) < BigInt(b.id) ? -1 : 1));
        const claimed: RelayedEvent[] = [];
        for (const r of rows) {
          const payload = typeof r.payload === 'string' ? JSON.parse(r.payload) : r.payload;
          if (r.member_id === null) {
            const channel = broadcastChannels.get(r.topic);
            if (channel !== undefined) await deps.bus.publish(channel, JSON.stringify(payload));
            continue;
          }
          const event: RelayedEvent = {
            seq: r.id,
            prevSeq: r.prev_seq,
            topic: r.topic,
            memberId: r.member_id,
            type: r.type,
            payload,
          };
          await deps.bus.publish(busChannels.events, JSON.stringify(event));
          claimed.push(event);
        }
        if (deps.onClaimed && claimed.length > 0) {
          // What the hook writes must never hold the events back: a failure is logged and undone on its own.
          await tx.query('SAVEPOINT relay_claimed');
          try {
            wrote = await deps.onClaimed(tx, claimed);
            await tx.query('RELEASE SAVEPOINT relay_claimed');
          } catch (err) {
            await tx.query('ROLLBACK TO SAVEPOINT relay_claimed');
            deps.log?.('outbox relay: writing from the claimed events failed', err);
          }
        }
        return rows.length;
      });
      total += batch;
      if (batch < 200 && wrote === 0) return total;
    }
  }

  /** Coalesces overlapping triggers into one running relay plus at most one more. */
  function trigger(): void {
    if (busy) {
      again = true;
      return;
    }
    busy = relayOnce()
      .catch((err: unknown) => {
        deps.log?.('outbox relay failed', err);
        return 0;
      })
      .finally(() => {
        busy = null;
        if (again) {
          again = false;
          trigger();
        }
      });
  }

  return {
    relayOnce,
    /** Tell the leader (wherever it runs) that an event was committed. */
    async nudge(): Promise<void> {
      await nudgeOutbox(deps.bus);
    },
    async start(): Promise<void> {
      unsubscribe = await deps.bus.subscribe(busChannels.outboxNudge, () => trigger());
      const loop = () => {
        trigger();
        timer = setTimeout(loop, deps.intervalMs ?? 1000);
      };
      loop();
    },
    async stop(): Promise<void> {
      if (timer) clearTimeout(timer);
      timer = null;
      await unsubscribe?.();
      await busy;
    },
  };
}
export type OutboxRelay = ReturnType<typeof outboxRelay>;
