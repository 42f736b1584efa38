import type { Database, Sql } from '@kabuto/db/database';
import type { EntryInput } from '@kabuto/db/ledger';
import { draw } from '@kabuto/domain/ipo/lottery';
import { drawn, lapse, type EntryDecision, type EntryState } from '@kabuto/domain/ipo/offering';
import { errorKeys } from '@kabuto/contracts/errors';
import { ledgerReasons, postMany } from '../ledger/public.ts';
import { listUpcomingSymbol } from '../market/public.ts';
import { writeOutboxOncePerMember, type JobDefinition } from '../platform/public.ts';
import { entryChanged, stateOfEntry } from './ipo.service.ts';

interface EntryFacts {
  id: string;
  member_id: string;
  shares: string;
  status: EntryState['status'];
  held: string;
  won: string;
}

/** Writes many entries' decisions in one statement each for rows, money and events (not one transaction per entry). */
async function applyDecisions(
  tx: Sql,
  decided: readonly { e: EntryFacts; d: EntryDecision }[],
  step: { at: Date; kind: string; reason: string; stamp: 'drawn_at' | 'ended_at' },
): Promise<void> {
  if (decided.length === 0) return;
  const updated = await tx.query(
    `UPDATE ipo_entries e SET status = u.status, held = u.held, won = u.won, ${step.stamp} = $5
       FROM unnest($1::bigint[], $2::text[], $3::numeric[], $4::numeric[], $6::text[]) AS u(id, status, held, won, was)
      WHERE e.id = u.id AND e.status = u.was RETURNING e.id`,
    [
      decided.map(({ e }) => e.id),
      decided.map(({ d }) => d.status),
      decided.map(({ d }) => d.held.toFixed()),
      decided.map(({ e, d }) => d.won ?? e.won),
      step.at,
      decided.map(({ e }) => e.status),
    ],
  );
  // The rows were locked as read, so none can have moved; if one did, nothing of this step is written.
  if (updated.length !== decided.length) throw new Error('ipo: an entry changed under its step');
  const entries: EntryInput[] = decided
    .filter(({ d }) => d.lines.length > 0)
    .map(({ e, d }) => ({
      kind: step.kind,
      reason: step.reason,
      refType: 'ipo',
      refId: e.id,
      at: step.at,
      lines: d.lines,
    }));
  await postMany(tx, entries, errorKeys.process.busy);
  // One entry per member and offering: one event each, written as a set.
  await writeOutboxOncePerMember(
    tx,
    decided.map(({ e, d }) => ({
      topic: 'member',
      memberId: e.member_id,
      type: entryChanged,
      payload: { entryId: e.id, status: d.status },
    })),
    step.at,
  );
}

/**
 * The entries a step decides, locked (FOR UPDATE, in id order) as they are read: a member's payment at the deadline
 * holds its entry, so the lapse waits for it and then finds it paid, never lapsing (and releasing) a paid entry.
 */
const entriesIn = (tx: Sql, offeringId: string, status: EntryState['status']) =>
  tx.query<EntryFacts>(
    `SELECT id::text AS id, member_id::text AS member_id, shares::text AS shares, status, held::text AS held,
            won::text AS won
       FROM ipo_entries WHERE offering_id = $1 AND status = $2 ORDER BY id FOR UPDATE`,
    [offeringId, status],
  );

/**
 * The draw of one offering, in one transaction: the secret published as a commitment decides every entry
 * (docs/ipo-lottery.md), each result, release and event is written in one statement per kind, and the offering says
 * it is drawn. Run again (a crash, a takeover) it finds the offering drawn and does nothing: every result once.
 */
export async function drawOffering(tx: Sql, offeringId: string, now: Date): Promise<number | null> {
  const [o] = await tx.query<{ secret: string; shares_on_offer: string; price: string }>(
    `SELECT secret, shares_on_offer::text AS shares_on_offer, price::text AS price FROM ipo_offerings
      WHERE id = $1 AND drawn_at IS NULL AND cancelled_at IS NULL AND draw_at <= $2 FOR UPDATE`,
    [offeringId, now],
  );
  if (!o) return null;
  const entries = await entriesIn(tx, offeringId, 'awaitingDraw');
  const result = await draw(
    o.secret,
    entries.map((e) => ({ id: e.id, shares: e.shares })),
    o.shares_on_offer,
  );
  const won = new Map(result.order.map((r) => [r.id, r.won]));
  const decided = entries.map((e) => {
    const d = drawn(stateOfEntry(e), { won: won.get(e.id) ?? '0', price: o.price });
    if ('refused' in d) throw new Error(`ipo draw: entry ${e.id} is not awaiting the draw`);
    return { e, d };
  });
  await applyDecisions(tx, decided, {
    at: now,
    kind: 'ipo_release',
    reason: ledgerReasons.ipoRelease,
    stamp: 'drawn_at',
  });
  await tx.query(`UPDATE ipo_offerings SET drawn_at = $2, winners = $3, allocated = $4 WHERE id = $1`, [
    offeringId,
    now,
    result.winners,
    result.allocated,
  ]);
  return entries.length;
}

/** At the purchase deadline, every win not confirmed lapses and its hold is released; once per offering. */
export async function lapseOffering(tx: Sql, offeringId: string, now: Date): Promise<number | null> {
  const [o] = await tx.query(
    `SELECT 1 FROM ipo_offerings WHERE id = $1 AND drawn_at IS NOT NULL AND lapsed_at IS NULL AND pay_by <= $2 FOR UPDATE`,
    [offeringId, now],
  );
  if (!o) return null;
  const entries = await entriesIn(tx, offeringId, 'won');
  const decided = entries.flatMap((e) => {
    const d = lapse(stateOfEntry(e));
    return d ? [{ e, d }] : [];
  });
  await applyDecisions(tx, decided, { at: now, kind: 'ipo_lapse', reason: ledgerReasons.ipoLapse, stamp: 'ended_at' });
  await tx.query(`UPDATE ipo_offerings SET lapsed_at = $2 WHERE id = $1`, [offeringId, now]);
  return decided.length;
}

/**
 * On the listing date a drawn offering's stock joins the market, in one transaction: the market lists it (status
 * `listed`, its base price the offering price, a status change through the outbox so every snapshot and the leader's
 * feed take it up) and the offering says it is listed. The offering row is locked and re-checked, so a rerun after a
 * crash or takeover lists nothing twice. An offering nobody won (or entered) lists too: the stock lists whatever the
 * demand was; a cancelled one never does (its stock was withdrawn).
 */
export async function listOffering(tx: Sql, offeringId: string, now: Date): Promise<string | null> {
  const [o] = await tx.query<{ code: string }>(
    `SELECT code FROM ipo_offerings
      WHERE id = $1 AND cancelled_at IS NULL AND drawn_at IS NOT NULL AND listed_at IS NULL AND lists_at <= $2 FOR UPDATE`,
    [offeringId, now],
  );
  if (!o) return null;
  // Only this step lists an offered stock, under the offering's lock: a stock not upcoming here is a broken invariant,
  // and the period fails (and is retried) rather than marking the offering listed without its stock.
  if (!(await listUpcomingSymbol(tx, { code: o.code, at: now })))
    throw new Error(`ipo: the stock ${o.code} of offering ${offeringId} is not upcoming`);
  await tx.query(`UPDATE ipo_offerings SET listed_at = $2 WHERE id = $1`, [offeringId, now]);
  return o.code;
}

/**
 * Issue 25: the IPO's timed steps as one leader job, fenced by the leader epoch — each due draw, then each due lapse
 * of unconfirmed wins, then each due listing, each in its own transaction that a lost term cannot commit. A period's
 * run that failed or was cut off is claimed again; each step checks in its locked row that it is still due, so nothing
 * is done twice.
 */
export function ipoJob(db: Database, afterCommit?: () => void): JobDefinition {
  return {
    name: 'ipo.steps',
    schedule: { everyMs: 5_000 },
    run: async (now, fenced) => {
      const dueDraws = await db.query<{ id: string }>(
        `SELECT id::text AS id FROM ipo_offerings
          WHERE cancelled_at IS NULL AND drawn_at IS NULL AND draw_at <= $1 ORDER BY draw_at, id`,
        [now],
      );
      const dueLapses = await db.query<{ id: string }>(
        `SELECT id::text AS id FROM ipo_offerings
          WHERE cancelled_at IS NULL AND drawn_at IS NOT NULL AND lapsed_at IS NULL AND pay_by <= $1 ORDER BY pay_by, id`,
        [now],
      );
      const dueListings = await db.query<{ id: string }>(
        `SELECT id::text AS id FROM ipo_offerings
          WHERE cancelled_at IS NULL AND listed_at IS NULL AND drawn_at IS NOT NULL AND lists_at <= $1 ORDER BY lists_at, id`,
        [now],
      );
      const done: string[] = [];
      for (const { id } of dueDraws) {
        const n = await fenced((tx) => drawOffering(tx, id, now));
        if (n !== null) done.push(`drew ${id} (${n} entries)`);
      }
      for (const { id } of dueLapses) {
        const n = await fenced((tx) => lapseOffering(tx, id, now));
        if (n !== null) done.push(`lapsed ${n} wins of ${id}`);
      }
      for (const { id } of dueListings) {
        const code = await fenced((tx) => listOffering(tx, id, now));
        if (code !== null) done.push(`listed ${code} (${id})`);
      }
      if (done.length > 0) afterCommit?.();
      return done.length > 0 ? done.join('; ') : 'nothing due';
    },
  };
}
