import { expect, it } from 'vitest';
import { describeEachDatabase } from '../test/harness.ts';
import { busChannels } from './bus.ts';
import { writeOutbox, type RelayedEvent } from './outbox.ts';

const until = async (check: () => boolean, ms = 5000) => {
  const end = Date.now() + ms;
  while (!check() && Date.now() < end) await new Promise((r) => setTimeout(r, 20));
};

describeEachDatabase('the outbox: events leave with their transaction, in order, with sequence numbers', (h) => {
  it("relays only committed events, in id order, each once, with the member's previous sequence number", async () => {
    const { bus, relay } = h().platform;
    const got: RelayedEvent[] = [];
    const m = await h().member();
    const [row] = await h().db.query<{ id: string }>(`SELECT id FROM members WHERE account = $1`, [m.account]);
    const memberId = row?.id ?? '';
    await bus.subscribe(busChannels.events, (raw) => {
      const e = JSON.parse(raw) as RelayedEvent;
      if (e.memberId === memberId) got.push(e);
    });
    const event = (n: number) => ({ topic: 'member' as const, memberId, type: 'funds.depositDecided', payload: { n } });
    const now = h().clock.now();
    await h().db.transaction((tx) => writeOutbox(tx, event(1), now));
    await expect(
      h().db.transaction(async (tx) => {
        await writeOutbox(tx, event(2), now);
        throw new Error('business change failed');
      }),
    ).rejects.toThrow('business change failed');
    await h().db.transaction((tx) => writeOutbox(tx, event(3), now));
    await relay.nudge();

    await until(() => got.length >= 2);
    await new Promise((r) => setTimeout(r, 300));
    expect(got.map((e) => e.payload.n)).toEqual([1, 3]);
    expect(BigInt(got[1]?.seq ?? 0)).toBeGreaterThan(BigInt(got[0]?.seq ?? 0));
    expect(got[1]?.prevSeq).toBe(got[0]?.seq);
    const [left] = await h().db.query<{ n: string }>(
      `SELECT count(*)::text AS n FROM outbox WHERE member_id = $1 AND relayed_at IS NULL`,
      [memberId],
    );
    expect(left?.n).toBe('0');
  });
});
