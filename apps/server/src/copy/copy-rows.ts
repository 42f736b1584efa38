import type { Sql } from '@kabuto/db/database';
import { Decimal, toWire } from '@kabuto/domain/money';
import { followEquity, type StopLoss } from '@kabuto/domain/copy/copy-trading';
import type { Follow, Strategy } from '@kabuto/contracts/copy/copy-trading';
import type { MarketSnapshot } from '../market/public.ts';
import { followFree } from './copy-books.ts';

export type Names = { jp: string; en: string; tw: string };

/** A strategy row with its figures: fund size (follows in progress), the lead's closed trades since publication. */
export interface StrategyRow {
  id: string;
  lead_member_id: string;
  issuer: string;
  lead_account: string;
  names: Names;
  min_investment: string;
  capital_base: string;
  term_days: number;
  follow_deadline: Date;
  performance_fee: string;
  status: 'published' | 'closed';
  published_at: Date;
  closed_at: Date | null;
  close_reason: string | null;
  fund_size: string;
  followers: number;
  profit: string;
  trades: number;
}

/** The lead's closed trades since publication, after purchase fee, selling fee and stamp duty. */
const leadTrades = `FROM trade_positions t WHERE t.member_id = s.lead_member_id AND t.origin = 'order'
                       AND t.status = 'closed' AND t.opened_at >= s.published_at`;

export const strategySelect = `
  SELECT s.id::text AS id, s.lead_member_id::text AS lead_member_id, l.display_name AS issuer, m.account AS lead_account,
         s.names, s.min_investment::text AS min_investment, s.capital_base::text AS capital_base, s.term_days,
         s.follow_deadline, s.performance_fee::text AS performance_fee, s.status, s.published_at, s.closed_at,
         s.close_reason,
         (SELECT coalesce(sum(f.capital), 0)::text FROM copy_follows f
           WHERE f.strategy_id = s.id AND f.status = 'inProgress') AS fund_size,
         (SELECT count(*)::int FROM copy_follows f WHERE f.strategy_id = s.id AND f.status = 'inProgress') AS followers,
         (SELECT coalesce(sum(t.realised_pnl - t.purchase_fee - t.selling_fee - t.stamp_duty - t.financing), 0)::text
            ${leadTrades}) AS profit,
         (SELECT count(*)::int ${leadTrades}) AS trades
    FROM copy_strategies s JOIN copy_leads l ON l.member_id = s.lead_member_id JOIN members m ON m.id = s.lead_member_id`;

const iso = (d: Date | string) => new Date(d).toISOString();

export function strategyWire(r: StrategyRow): Strategy {
  const profit = new Decimal(r.profit);
  return {
    id: r.id,
    names: r.names,
    issuer: r.issuer,
    fundSize: toWire(new Decimal(r.fund_size)),
    followers: r.followers,
    profit: toWire(profit),
    profitPercent: profit.times(100).div(r.capital_base).toFixed(2),
    trades: r.trades,
    termDays: r.term_days,
    minInvestment: toWire(new Decimal(r.min_investment)),
    capitalBase: toWire(new Decimal(r.capital_base)),
    performanceFee: new Decimal(r.performance_fee).toFixed(),
    followDeadline: iso(r.follow_deadline),
    status: r.status,
    publishedAt: iso(r.published_at),
  };
}

/** A follow with what its strategy says about it. */
export interface FollowRow {
  id: string;
  strategy_id: string;
  member_id: string;
  capital: string;
  stop_loss_yen: string | null;
  stop_loss_percent: string | null;
  status: 'inProgress' | 'ended';
  end_reason: Follow['endReason'];
  started_at: Date;
  ends_at: Date;
  ended_at: Date | null;
  profit: string | null;
  fee: string | null;
  returned: string | null;
  names: Names;
  issuer: string;
  performance_fee: string;
}

export const followColumns = `f.id::text AS id, f.strategy_id::text AS strategy_id, f.member_id::text AS member_id,
  f.capital::text AS capital, f.stop_loss_yen::text AS stop_loss_yen, f.stop_loss_percent::text AS stop_loss_percent,
  f.status, f.end_reason, f.started_at, f.ends_at, f.ended_at, f.profit::text AS profit, f.fee::text AS fee,
  f.returned::text AS returned, s.names, l.display_name AS issuer, s.performance_fee::text AS performance_fee`;

export const followFrom = `FROM copy_follows f JOIN copy_strategies s ON s.id = f.strategy_id
  JOIN copy_leads l ON l.member_id = s.lead_member_id`;

export const stopLossOf = (r: Pick<FollowRow, 'stop_loss_yen' | 'stop_loss_percent'>): StopLoss | null =>
  r.stop_loss_yen !== null
    ? { yen: new Decimal(r.stop_loss_yen).toFixed() }
    : r.stop_loss_percent !== null
      ? { percent: new Decimal(r.stop_loss_percent).toFixed() }
      : null;

/** A follow's open copy positions (through its mirrors). */
export interface HeldRow {
  follow_id: string;
  id: string;
  symbol: string;
  side: 'long' | 'short';
  quantity: string;
  open_price: string;
  margin: string;
}

export async function heldPositions(sql: Sql, followIds: readonly string[]): Promise<HeldRow[]> {
  if (followIds.length === 0) return [];
  return sql.query<HeldRow>(
    `SELECT m.follow_id::text AS follow_id, p.id::text AS id, p.symbol, p.side, p.quantity::text AS quantity,
            p.open_price::text AS open_price, (p.margin + p.added_margin)::text AS margin
       FROM copy_mirrors m JOIN trade_positions p ON p.id = m.follower_position_id
      WHERE m.follow_id = ANY($1::uuid[]) AND m.event = 'open' AND m.outcome = 'mirrored' AND p.status = 'holding'`,
    [[...followIds]],
  );
}

/** The price a holding position is valued and closed at: the bid for a long, the ask for a short (else the last). */
export function closingPriceOf(market: Pick<MarketSnapshot, 'touch' | 'get'>, symbol: string, side: 'long' | 'short') {
  const t = market.touch(symbol);
  if (t) return side === 'long' ? t.bid : t.ask;
  return market.get(symbol)?.state.last ?? null;
}

/** Follows as members read them, with their free money and equity valued at the market now. */
export async function followsWire(
  sql: Sql,
  market: Pick<MarketSnapshot, 'touch' | 'get'>,
  rows: readonly FollowRow[],
): Promise<Follow[]> {
  const ids = rows.map((r) => r.id);
  const free = await followFree(sql, ids);
  const held = await heldPositions(sql, ids);
  return rows.map((r) => {
    const mine = held.filter((h) => h.follow_id === r.id);
    const f = free.get(r.id) ?? new Decimal(0);
    const equity = followEquity(
      f,
      mine.map((h) => ({
        side: h.side,
        quantity: h.quantity,
        openPrice: h.open_price,
        margin: h.margin,
        price: closingPriceOf(market, h.symbol, h.side) ?? h.open_price,
      })),
    );
    return {
      id: r.id,
      strategyId: r.strategy_id,
      names: r.names,
      issuer: r.issuer,
      capital: toWire(new Decimal(r.capital)),
      stopLoss: stopLossOf(r),
      status: r.status,
      endReason: r.end_reason,
      startedAt: iso(r.started_at),
      endsAt: iso(r.ends_at),
      endedAt: r.ended_at ? iso(r.ended_at) : null,
      free: toWire(f),
      equity: toWire(equity),
      openPositions: mine.length,
      profit: r.profit === null ? null : toWire(new Decimal(r.profit)),
      fee: r.fee === null ? null : toWire(new Decimal(r.fee)),
      returned: r.returned === null ? null : toWire(new Decimal(r.returned)),
      performanceFee: new Decimal(r.performance_fee).toFixed(),
    };
  });
}
