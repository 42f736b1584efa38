import type { Database } from '@kabuto/db/database';
import { money, toWire } from '@kabuto/domain/money';
import { sessionState, type SessionProfile } from '@kabuto/domain/market/trading-session';
import { nextSessionLimits, orderWindow, type OrderWindow } from '@kabuto/domain/market/order-window';
import { lotsOf } from '@kabuto/domain/trading/quantity';
import { checkOrder, statusRefusal } from '@kabuto/domain/trading/check-order';
import {
  saleBlock,
  activeSaleRules,
  noSaleRules,
  positionSaleRules,
  type SaleBlock,
} from '@kabuto/domain/trading/sale-rules';
import { ticketFigures } from '@kabuto/domain/trading/ticket';
import { marginCallPrice } from '@kabuto/domain/trading/margin';
import { closingPrice } from '@kabuto/domain/trading/triggers';
import type { TradingTerms } from '@kabuto/domain/trading/terms';
import { errorKeys, type ErrorKey } from '@kabuto/contracts/errors';
import type { OrderRequest, PositionWire, TicketWire } from '@kabuto/contracts/trade/orders';
import { orderRefusalKey } from '@kabuto/contracts/trade/order-refusals';
import { refuse } from '../errors/public.ts';
import type { KeyInWrite, Principal } from '../http/public.ts';
import type { Clock } from '../clock.ts';
import { refuseIfRestricted } from '../accounts/public.ts';
import { ledgerReasons } from '../ledger/public.ts';
import { orderWindowWire, symbolStatusInTx, type MarketSnapshot } from '../market/public.ts';
import { saleRulesOf } from './trading-terms.ts';
import type { TradingReads } from './trading-reads.ts';
import { lockPosition } from './position-row.ts';
import { applyDecision, cancelPending, closePosition, decided, stateOf } from './position-moves.ts';
import { addMargin, closeLater } from '@kabuto/domain/trading/decisions';
import { orderWriter, tradingRestrictions, type DayTradeGuard } from './order-writer.ts';
import { positionQueries } from './position-queries.ts';
import { preOpenBook } from './pre-open.ts';
import { memberProfit, memberTotals } from './member-profit.ts';
import { adminPositions } from './admin-positions.ts';

const saleBlockKey: Record<SaleBlock, ErrorKey> = {
  lockUp: errorKeys.trade.lockUp,
  sameDay: errorKeys.trade.sameDaySale,
  tPlusOne: errorKeys.trade.tPlusOneSale,
  minHolding: errorKeys.trade.minHolding,
};

interface CheckedOrder {
  terms: TradingTerms;
  names: TicketWire['names'];
  touch: { bid: string; ask: string };
  /** The price the order opens at: the limit price, or the quote when it fills at once. */
  price: string;
  fillsNow: boolean;
  limits: { up: string; down: string; tick: string };
  /** The limit price as read (null for a market order). */
  limitPrice: string | null;
  stopLoss: string | null;
  takeProfit: string | null;
  /** Issue 26: when the order meets the market (now, or queued for the next session). */
  window: OrderWindow;
}

export function tradeService(deps: {
  db: Database;
  clock: Clock;
  profile: SessionProfile;
  market: MarketSnapshot;
  /** The terms and sale rules as the process keeps them (trading-reads.ts). */
  reads: TradingReads;
  afterCommit?: () => void;
  /** Issue 26: the day-trade module's quota check, run inside the orders' transaction (`dayTrade: true` orders). */
  dayTrade?: DayTradeGuard;
}) {
  const { db, clock, market, reads } = deps;
  const writer = orderWriter(db, deps.dayTrade);
  /** Issue 24 §4: the one order check the ticket also runs (`checkOrder`), on the stock as it is quoted now. */
  async function check(body: OrderRequest): Promise<CheckedOrder> {
    const entry = market.get(body.symbol);
    const status = statusRefusal(entry?.status);
    if (!entry || status) throw refuse(orderRefusalKey[status ?? 'productUnavailable']);
    const { terms } = await reads.terms();
    const touch = market.touch(body.symbol);
    if (!touch) throw refuse(errorKeys.trade.priceNotObtained);
    // Issue 26: outside the session an order is for the next one (pre-opening, lunch, after hours): limit only, and
    // within that session's limits — after the close and before the morning's opening auction those are the limits
    // from the last price (the close); in the lunch break the day's.
    const window = orderWindow(deps.profile, clock.now());
    const limits =
      window.kind === 'open' || !window.newDay
        ? { limitUp: touch.quote.limitUp, limitDown: touch.quote.limitDown }
        : nextSessionLimits(touch.quote.last, entry.company.tickTable);
    const checked = checkOrder(
      {
        side: body.side,
        type: body.type,
        shares: body.quantity,
        leverage: body.leverage,
        limitPrice: body.type === 'limit' ? (body.price ?? null) : null,
        stopLoss: body.stopLoss ?? null,
        takeProfit: body.takeProfit ?? null,
      },
      {
        status: entry.status,
        table: entry.company.tickTable,
        ...limits,
        bid: touch.bid,
        ask: touch.ask,
        last: touch.quote.last,
      },
      terms,
      window.kind === 'open' ? 'open' : 'queued',
    );
    if ('refused' in checked) throw refuse(orderRefusalKey[checked.refused]);
    return {
      terms,
      names: entry.company.names,
      touch,
      ...checked.ok,
      limits: { up: limits.limitUp, down: limits.limitDown, tick: touch.quote.tickSize },
      window,
    };
  }

  /** The ticket's figures for a checked order: what preview shows and place charges. */
  const figures = (body: OrderRequest, c: CheckedOrder, available: string) =>
    ticketFigures({
      side: body.side,
      price: c.price,
      shares: body.quantity,
      leverage: body.leverage,
      fees: c.terms.fees,
      rates: c.terms.rates,
      available,
    });

  const availableOf = async (memberId: string): Promise<string> => {
    const [row] = await db.query<{ balance: string }>(
      `SELECT balance::text AS balance FROM ledger_accounts WHERE member_id = $1 AND book = 'available' AND currency = 'JPY'`,
      [memberId],
    );
    return row?.balance ?? '0';
  };

  const queries = positionQueries({ db, market, saleRules: reads.saleRules, now: () => clock.now() });
  const { byOrderNo, wires } = queries;

  /** Inside the transaction (issue 17 §9): the stock's status as stored, never only the snapshot. */
  async function requireTradable(tx: Parameters<typeof symbolStatusInTx>[0], symbol: string): Promise<void> {
    const refused = statusRefusal(await symbolStatusInTx(tx, symbol));
    if (refused) throw refuse(orderRefusalKey[refused]);
  }

  return {
    // Queries (position-queries.ts), the member centre's profit and the staff list live apart from the commands.
    byClientKey: queries.byClientKey,
    byEntryKey: queries.byEntryKey,
    list: queries.list,
    detail: queries.detail,
    profitOf: (memberId: string) => memberProfit(db, market, memberId),
    /** Issue 27: the positions screen's totals (建玉一覧). */
    totals: (p: Principal) => memberTotals(db, market, p.memberId),
    adminList: (q: Parameters<typeof adminPositions>[2]) => adminPositions(db, queries, q),
    orderStats: () => writer.stats(),
    preOpen: preOpenBook({ db, market, profile: deps.profile, clock }),

    async preview(p: Principal, body: OrderRequest): Promise<TicketWire> {
      const c = await check(body);
      const available = await availableOf(p.memberId);
      const f = figures(body, c, available);
      const rules = (await reads.saleRules([body.symbol])).get(body.symbol) ?? noSaleRules;
      return {
        symbol: body.symbol,
        names: c.names,
        side: body.side,
        type: body.type,
        price: c.price,
        quantity: toWire(money(body.quantity)),
        lots: toWire(lotsOf(body.quantity)),
        leverage: body.leverage,
        leverages: [...c.terms.leverages],
        bid: c.touch.bid,
        ask: c.touch.ask,
        limitUp: c.limits.up,
        limitDown: c.limits.down,
        tickSize: c.limits.tick,
        notional: toWire(f.notional),
        margin: toWire(f.margin),
        purchaseFee: toWire(f.purchaseFee),
        sellingFee: toWire(f.sellingFee),
        stampDuty: toWire(f.stampDuty),
        breakEven: toWire(f.breakEven),
        borrowed: toWire(f.borrowed),
        dailyFinancing: toWire(f.dailyFinancing),
        annualRate: body.side === 'long' ? c.terms.rates.longAnnualRate : c.terms.rates.shortAnnualRate,
        marginCallPrice: toWire(
          marginCallPrice({
            side: body.side,
            entry: c.price,
            shares: body.quantity,
            margin: toWire(f.margin),
            addedMargin: '0',
            maintenanceRatio: c.terms.maintenanceRatio,
          }).toDecimalPlaces(2),
        ),
        maintenanceRatio: c.terms.maintenanceRatio,
        cost: toWire(f.cost),
        available: toWire(money(available)),
        availableAfter: toWire(f.availableAfter),
        saleRules: activeSaleRules(rules),
        tradingOpen: c.window.kind === 'open',
        window: orderWindowWire(c.window),
      };
    },

    /**
     * A new order. The member's restrictions are read in the orders' transaction (order-writer.ts); with `keyInWrite`
     * the call's answer is stored under its key there too, so a first call reads and writes nothing on its own.
     */
    async place(
      p: Principal,
      body: OrderRequest,
      requestId: string,
      clientKey: string | null,
      keyInWrite: KeyInWrite | null = null,
    ): Promise<PositionWire> {
      const c = await check(body);
      const now = clock.now();
      const f = figures(body, c, '0');
      // A market order (or a limit the quote already crosses) is written holding at once with its opening charges; a
      // resting limit order pending with its hold. Orders that arrive together are written together (group commit).
      const opening = c.fillsNow ? { margin: f.margin, fee: f.purchaseFee } : null;
      let stored: PositionWire | undefined;
      // The sale rules its answer shows, read before the batch (answerOf below reads nothing).
      const rules = keyInWrite ? await reads.saleRules([body.symbol]) : new Map();
      const row = await writer.submit({
        memberId: p.memberId,
        symbol: body.symbol,
        side: body.side,
        type: body.type,
        quantity: body.quantity,
        leverage: body.leverage,
        // The price as read (e.g. '2700.0' is stored as 2700), never the raw text.
        limitPrice: c.limitPrice,
        stopLoss: c.stopLoss,
        takeProfit: c.takeProfit,
        maintenanceRatio: c.terms.maintenanceRatio,
        fees: c.terms.fees,
        financingRate: body.side === 'long' ? c.terms.rates.longAnnualRate : c.terms.rates.shortAnnualRate,
        clientKey,
        requestId,
        at: now,
        opening: opening ? { price: c.price, ...opening } : null,
        hold: f.cost,
        // Issue 26: a day trade takes its margin (at the limit price for a resting order) from the member's quota.
        dayTradeMargin: body.dayTrade ? f.margin : null,
        keyInWrite: keyInWrite && {
          key: keyInWrite,
          // Inside the batch's transaction: built from what is already read (the embedded database has one
          // connection, so a read outside the transaction would wait for it for ever).
          answerOf: (written) => {
            stored = queries.wireWith(written, rules);
            return keyInWrite.seal(stored);
          },
        },
      });
      deps.afterCommit?.();
      // The answer stored under the key is the one sent (the batch it was stored in is the one that committed).
      return stored?.orderNo === row.order_no ? stored : ((await wires([row]))[0] as PositionWire);
    },

    async cancel(
      p: Principal,
      orderNo: string,
      requestId: string,
      clientKey: string | null = null,
    ): Promise<PositionWire> {
      const now = clock.now();
      await db.transaction(async (tx) => {
        const r = await lockPosition(tx, { orderNo, memberId: p.memberId });
        if (!r) throw refuse(errorKeys.order.notExist);
        if (r.status !== 'pending') throw refuse(errorKeys.trade.notPending);
        await cancelPending(tx, r, now, requestId, clientKey);
      });
      deps.afterCommit?.();
      return byOrderNo(p.memberId, orderNo);
    },

    async close(
      p: Principal,
      orderNo: string,
      requestId: string,
      clientKey: string | null = null,
    ): Promise<PositionWire> {
      await refuseIfRestricted(db, p.memberId, tradingRestrictions);
      const now = clock.now();
      const session = sessionState(deps.profile, now);
      await db.transaction(async (tx) => {
        const r = await lockPosition(tx, { orderNo, memberId: p.memberId });
        if (!r) throw refuse(errorKeys.order.notExist);
        if (r.status !== 'holding') throw refuse(errorKeys.trade.notHolding);
        if (!session.open) throw refuse(errorKeys.trade.notTradingTime);
        await requireTradable(tx, r.symbol);
        const rules = (await saleRulesOf(tx, [r.symbol])).get(r.symbol) ?? noSaleRules;
        const own = r.locked_until ? new Date(r.locked_until) : null;
        const block = saleBlock(positionSaleRules(rules, own), new Date(r.opened_at as Date), now);
        if (block) throw refuse(saleBlockKey[block]);
        // SPEC §4 "preparing to close": in the TSE closing auction there is no price until the 15:30 print, which
        // settles it (the trigger engine); at any other open time it closes now at the bid (long) or ask (short).
        if (session.phase === 'closingAuction') {
          await applyDecision(tx, r, decided(closeLater(stateOf(r))), { kind: 'trade_close', reason: '' }, now);
          // No entry is posted until the print: the row carries the call's key, so a crashed call is answered from it.
          if (clientKey) await tx.query(`UPDATE trade_positions SET close_key = $2 WHERE id = $1`, [r.id, clientKey]);
          return;
        }
        const touch = market.touch(r.symbol);
        if (!touch) throw refuse(errorKeys.trade.priceNotObtained);
        await closePosition(tx, r, closingPrice(r.side, touch), 'member', now, requestId, clientKey);
      });
      deps.afterCommit?.();
      return byOrderNo(p.memberId, orderNo);
    },

    async addMargin(
      p: Principal,
      orderNo: string,
      amount: string,
      requestId: string,
      clientKey: string | null = null,
    ): Promise<PositionWire> {
      const now = clock.now();
      await db.transaction(async (tx) => {
        const r = await lockPosition(tx, { orderNo, memberId: p.memberId });
        if (!r) throw refuse(errorKeys.order.notExist);
        await applyDecision(
          tx,
          r,
          decided(addMargin(stateOf(r), { amount: money(amount) })),
          { kind: 'trade_margin_added', reason: ledgerReasons.tradeMarginAdded, requestId, clientKey },
          now,
        );
      });
      deps.afterCommit?.();
      return byOrderNo(p.memberId, orderNo);
    },
  };
}
export type TradeService = ReturnType<typeof tradeService>;
