import type { Database } from '@kabuto/db/database';
import { alertNotice } from '@kabuto/domain/notices/notice-of-event';
import { alertFires, dayChangePercent, type AlertKind } from '@kabuto/domain/notices/price-alert';
import { round2, toWire } from '@kabuto/domain/money';
import { holdEpoch, type RelayedEvent } from '../platform/public.ts';
import type { MarketSnapshot } from '../market/public.ts';
import { TriggerIndex, type PriceWatcher } from '../trading/public.ts';
import type { Clock } from '../clock.ts';
import { writeNotices } from './notice-writer.ts';
import { alertChanged } from './notices.service.ts';

interface AlertLevel {
  id: string;
  symbol: string;
  kind: AlertKind;
  price: string | null;
  percent: string | null;
}

interface Quote {
  last: string;
  prevClose: string;
}

class LostLeadership extends Error {}

/**
 * Issue 27's price alerts on the trigger engine (`PriceWatcher`): waiting alerts are indexed by level per symbol in
 * two of the engine's sorted indexes — prices (above: fires when the last price rises to it; below: falls to it) and
 * day moves in percent (fires when |change| rises to it) — so a tick finds what it fires in O(log n + k). Each
 * candidate is decided exactly by the domain's rule and fired once: `UPDATE … WHERE state = 'active' RETURNING` with
 * its notice, in one transaction fenced by the leader epoch. The index is rebuilt from the table at each leadership.
 */
export function priceAlertWatcher(deps: {
  db: Database;
  clock: Clock;
  market: Pick<MarketSnapshot, 'get'>;
  afterCommit?: () => void;
  log?: (msg: string, err?: unknown) => void;
}): PriceWatcher & { size(): number } {
  const prices = new TriggerIndex();
  const moves = new TriggerIndex();
  /** Candidates taken from the index by ticks, with the quote that took them. */
  const taken = new Map<string, Quote>();
  /** Alerts whose events arrived: re-read before the next write. */
  const changed = new Set<string>();

  const columns = `id::text AS id, symbol, kind, price::text AS price, percent::text AS percent`;

  function put(a: AlertLevel): void {
    if (a.kind === 'move' && a.percent !== null) moves.put(a.id, a.symbol, [{ list: 'bidRises', price: a.percent }]);
    else if (a.price !== null)
      prices.put(a.id, a.symbol, [{ list: a.kind === 'above' ? 'bidRises' : 'bidFalls', price: a.price }]);
  }

  function remove(id: string): void {
    prices.remove(id);
    moves.remove(id);
  }

  async function reread(ids: readonly string[]): Promise<void> {
    if (ids.length === 0) return;
    const rows = await deps.db.query<AlertLevel>(
      `SELECT ${columns} FROM price_alerts WHERE id = ANY($1::uuid[]) AND state = 'active'`,
      [[...ids]],
    );
    for (const id of ids) remove(id);
    for (const r of rows) put(r);
  }

  async function fire(epoch: number, batch: ReadonlyMap<string, Quote>): Promise<void> {
    const now = deps.clock.now();
    let fired = 0;
    await deps.db.transaction(async (tx) => {
      if (!(await holdEpoch(tx, epoch))) throw new LostLeadership();
      const rows = await tx.query<AlertLevel & { member_id: string }>(
        `SELECT ${columns}, member_id::text AS member_id FROM price_alerts
          WHERE id = ANY($1::uuid[]) AND state = 'active' ORDER BY id FOR UPDATE`,
        [[...batch.keys()]],
      );
      const firing = rows.flatMap((r) => {
        const q = batch.get(r.id);
        return q && alertFires(r, q) ? [{ r, q }] : [];
      });
      if (firing.length === 0) return;
      // Fired once: only an alert still active is switched off, and only what this statement switched gets a notice.
      const off = await tx.query<{ id: string }>(
        `UPDATE price_alerts a SET state = 'fired', fired_at = $3, fired_price = f.price
           FROM unnest($1::uuid[], $2::numeric[]) AS f(id, price)
          WHERE a.id = f.id AND a.state = 'active' RETURNING a.id::text AS id`,
        [firing.map((f) => f.r.id), firing.map((f) => f.q.last), now],
      );
      const switched = new Set(off.map((o) => o.id));
      fired = await writeNotices(
        tx,
        firing
          .filter((f) => switched.has(f.r.id))
          .map(({ r, q }) => ({
            memberId: r.member_id,
            alertId: r.id,
            draft: alertNotice({
              symbol: r.symbol,
              kind: r.kind,
              price: r.price === null ? null : toWire(round2(r.price)),
              percent: r.percent === null ? null : toWire(round2(r.percent)),
              last: q.last,
              changePercent: toWire(round2(dayChangePercent(q.last, q.prevClose))),
            }),
          })),
        now,
      );
    });
    if (fired > 0) deps.afterCommit?.();
  }

  return {
    size: () => prices.size + moves.size,

    async rebuild(): Promise<void> {
      prices.clear();
      moves.clear();
      taken.clear();
      changed.clear();
      const rows = await deps.db.query<AlertLevel>(`SELECT ${columns} FROM price_alerts WHERE state = 'active'`, []);
      prices.load(
        rows
          .filter((r) => r.kind !== 'move' && r.price !== null)
          .map((r) => ({
            id: r.id,
            symbol: r.symbol,
            levels: [
              { list: r.kind === 'above' ? ('bidRises' as const) : ('bidFalls' as const), price: r.price as string },
            ],
          })),
      );
      moves.load(
        rows
          .filter((r) => r.kind === 'move' && r.percent !== null)
          .map((r) => ({
            id: r.id,
            symbol: r.symbol,
            levels: [{ list: 'bidRises' as const, price: r.percent as string }],
          })),
      );
    },

    clear(): void {
      prices.clear();
      moves.clear();
      taken.clear();
      changed.clear();
    },

    onTick(symbol: string): boolean {
      const watchesPrice = prices.watches(symbol);
      const watchesMove = moves.watches(symbol);
      if (!watchesPrice && !watchesMove) return false;
      const state = deps.market.get(symbol)?.state;
      if (!state) return false;
      const quote = { last: state.last, prevClose: state.prevClose };
      const ids = new Set<string>();
      if (watchesPrice) for (const id of prices.candidates(symbol, quote.last, quote.last)) ids.add(id);
      if (watchesMove) {
        const move = dayChangePercent(quote.last, quote.prevClose).abs().toFixed(6);
        for (const id of moves.candidates(symbol, move, move)) ids.add(id);
      }
      for (const id of ids) {
        remove(id);
        taken.set(id, quote);
      }
      return ids.size > 0;
    },

    onEvent(e: RelayedEvent): boolean {
      if (e.type !== alertChanged || typeof e.payload.alertId !== 'string') return false;
      changed.add(e.payload.alertId);
      return true;
    },

    async flush(epoch: number | null): Promise<void> {
      const rereading = [...changed];
      changed.clear();
      await reread(rereading);
      if (taken.size === 0) return;
      const batch = new Map(taken);
      taken.clear();
      try {
        if (epoch === null) throw new LostLeadership();
        await fire(epoch, batch);
      } catch (err) {
        if (err instanceof LostLeadership) return;
        deps.log?.('notices: price alert write failed', err);
      }
      // Whatever happened, each candidate is indexed again as the table now has it (fired and gone, or still waiting).
      await reread([...batch.keys()]);
    },
  };
}
