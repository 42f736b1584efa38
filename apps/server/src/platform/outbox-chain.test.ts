import { expect, it } from 'vitest';
import { describeEachDatabase, type Harness } from '../test/harness.ts';
import { lastMemberSeq, writeOutbox } from './outbox.ts';

// Issue 17 §5: each of a member's events names the one committed before it, exactly, however many transactions
// write events for that member at once.

async function memberId(h: Harness): Promise<string> {
  const m = await h.member();
  const [row] = await h.db.query<{ id: string }>(`SELECT id FROM members WHERE account = $1`, [m.account]);
  return row?.id ?? '';
}

const event = (id: string, n: number) => ({
  topic: 'member' as const,
  memberId: id,
  type: 'funds.depositDecided',
  payload: { n },
});

async function chain(h: Harness, id: string): Promise<{ id: string; prev_seq: string | null }[]> {
  return h.db.query(
    `SELECT id::text AS id, prev_seq::text AS prev_seq FROM outbox WHERE member_id = $1 ORDER BY outbox.id`,
    [id],
  );
}

describeEachDatabase('the outbox: one exact chain of events per member', (h) => {
  it('sixteen concurrent transactions writing for one member yield one chain, each naming the event before it', async () => {
    const id = await memberId(h());
    const n = 16;
    // On PostgreSQL every transaction has begun on its own connection before any of them writes, so they overlap;
    // PGlite runs one transaction at a time (waiting there would never end).
    const overlap = h().kind === 'postgres';
    let arrived = 0;
    let allArrived = () => {};
    const everyoneIn = new Promise<void>((resolve) => (allArrived = resolve));
    await Promise.all(
      Array.from({ length: n }, (_, i) =>
        h().db.transaction(async (tx) => {
          await tx.query(`SELECT 1`);
          if (overlap) {
            if (++arrived === n) allArrived();
            await everyoneIn;
          }
          await writeOutbox(tx, event(id, i), h().clock.now());
          // Still open while the others write: their events must wait for this one to commit.
          await tx.query(`SELECT pg_sleep(0.01)`);
        }),
      ),
    );
    const rows = await chain(h(), id);
    expect(rows).toHaveLength(n);
    expect(rows.map((r) => r.prev_seq)).toEqual([null, ...rows.slice(0, -1).map((r) => r.id)]);
    expect(await lastMemberSeq(h().db, id)).toBe(rows.at(-1)?.id);
  });

  it('keeps the chain when the outbox is pruned: the next event still names the last one', async () => {
    const id = await memberId(h());
    for (const n of [1, 2]) await h().db.transaction((tx) => writeOutbox(tx, event(id, n), h().clock.now()));
    const [, last] = await chain(h(), id);
    await h().db.query(`DELETE FROM outbox WHERE member_id = $1`, [id]);
    expect(await lastMemberSeq(h().db, id)).toBe(last?.id);
    await h().db.transaction((tx) => writeOutbox(tx, event(id, 3), h().clock.now()));
    expect((await chain(h(), id)).map((r) => r.prev_seq)).toEqual([last?.id]);
  });
});
