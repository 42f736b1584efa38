import { useEffect, useState } from 'react';
import { Button, NoticeBar, Skeleton } from 'antd-mobile';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { errorKeys, successKeys } from '@kabuto/contracts/errors';
import { tryMoney } from '@kabuto/domain/money';
import { lotsOf } from '@kabuto/domain/trading/quantity';
import { nextSessionLimits } from '@kabuto/domain/market/order-window';
import type { OrderWindowWire } from '@kabuto/contracts/trade/orders';
import { placeOrder, type OrderRequest, type StockForTicket, type Ticket } from '../api/trade.api.ts';
import { useOrderWindow, useRefreshTrade, useStockForTicket, useTicketPreview } from '../api/trade.queries.ts';
import { ConfirmSheet } from '../../../shared/components/confirm-sheet.tsx';
import { DepthFollower, QuoteFollower } from '../components/live-lasts.tsx';
import { PriceSourceTag } from '../components/position-card.tsx';
import { Segmented } from '../components/segmented.tsx';
import { DayTradeChoice, useDayTradeTicket } from '../components/day-trade-choice.tsx';
import { StepperField, tidiedFigure } from '../../../shared/forms/stepper-field.tsx';
import {
  PRICE_DECIMALS,
  affordableShares,
  checkTicket,
  quantityDecimals,
  quantityIn,
  sharesOf,
  stepLimitPrice,
  stepShares,
  type OrderType,
  type QuantityUnit,
  type Side,
  type TicketCheck,
  type TicketInput,
} from '../components/ticket-input.ts';
import { useSettled } from '../components/use-settled.ts';
import { DetailList, type DetailRow } from '../../../shared/components/detail-list.tsx';
import { LoadFailure } from '../../../shared/components/load-failure.tsx';
import { Page } from '../../../shared/components/page.tsx';
import { SignInRequired } from '../../../shared/components/sign-in-required.tsx';
import { StatusBlock } from '../../../shared/components/status-block.tsx';
import { ApiError } from '../../../shared/api/http-client.ts';
import { errorKeyOf } from '../../../shared/api/error-key.ts';
import { useIdempotentSubmission } from '../../../shared/api/idempotency.ts';
import { preloadNotice, showSuccessFirst } from '../../../shared/api/notice.ts';
import { FormError } from '../../../shared/forms/form-error.tsx';
import { translateKey } from '../../../i18n/i18n.ts';
import {
  directionArrow,
  directionOf,
  groupThousands,
  percentText,
  priceText,
  signedText,
} from '../../../shared/format/price-change.ts';
import { amountTone, moneyText } from '../../../shared/format/money-text.ts';
import { jstText, useLocale } from '../../../shared/format/jst.ts';
import { push, replace } from '../../../shared/navigation/navigation.ts';
import { useAddressParam } from '../../../shared/navigation/use-address-param.ts';
import { useSession } from '../../../shared/session/session.store.ts';
import '../../../shared/components/detail-list.css';
import '../trade.css';

/**
 * Order ticket (/market/marketBuy?symbol=7203&side=long): side, market or limit, quantity in shares or lots, leverage,
 * optional stop-loss and take-profit, the server's figures for exactly that order, and a confirmation sheet.
 * Keyed by the code, like the stock detail: another code in the address starts a new ticket.
 */
export function OrderTicketScreen() {
  const symbol = (useAddressParam('symbol') ?? '').trim().toUpperCase();
  const side: Side = useAddressParam('side') === 'short' ? 'short' : 'long';
  const session = useSession();
  if (session.token === '')
    return (
      <Page testId="ticket-screen">
        <SignInRequired />
      </Page>
    );
  return <TicketLoader key={`${symbol}-${side}`} symbol={symbol} side={side} />;
}

function TicketLoader({ symbol, side }: { symbol: string; side: Side }) {
  const { t } = useTranslation();
  const stock = useStockForTicket(symbol);
  if (stock.data) return <TicketForm stock={stock.data} initialSide={side} />;
  const missing = symbol === '' || (stock.isError && stock.error instanceof ApiError && stock.error.kind === 'refusal');
  return (
    <Page testId="ticket-screen">
      {missing ? (
        <div className="centered-block" data-testid="ticket-missing">
          <StatusBlock
            kind="empty"
            title={t('trade.ticket.missingTitle')}
            description={t('trade.ticket.missingBody')}
          />
          <Button color="primary" onClick={() => replace('/home/search')}>
            {t('trade.ticket.toSearch')}
          </Button>
        </div>
      ) : stock.isError ? (
        <LoadFailure
          titleKey="trade.loadFailedTitle"
          messageKey="trade.loadFailedBody"
          onRetry={() => void stock.refetch()}
          retrying={stock.isFetching}
          testId="ticket-failed"
        />
      ) : (
        <div className="positions__loading" aria-busy="true">
          <Skeleton.Title animated />
          <Skeleton.Paragraph lineCount={12} animated />
        </div>
      )}
    </Page>
  );
}

type Live = Pick<StockForTicket, 'last' | 'change' | 'changePercent' | 'limitUp' | 'limitDown' | 'tickSize' | 'status'>;

function TicketForm({ stock, initialSide }: { stock: StockForTicket; initialSide: Side }) {
  const { t } = useTranslation();
  const lang = useLocale();
  const refresh = useRefreshTrade();
  const submission = useIdempotentSubmission();
  const [live, setLive] = useState<Live>(stock);
  const [input, setInput] = useState<TicketInput>({
    symbol: stock.symbol,
    side: initialSide,
    type: 'market',
    unit: 'shares',
    quantity: '100',
    limitPrice: stock.last,
    // The first figures are asked at 1×; the answer lists the leverage on offer (below).
    leverage: 1,
    stopLoss: '',
    takeProfit: '',
  });
  const [leverages, setLeverages] = useState<readonly number[]>([]);
  const [touched, setTouched] = useState(false);
  const [sheetOpen, setSheetOpen] = useState(false);
  const [placeError, setPlaceError] = useState<string | null>(null);
  const set = (change: Partial<TicketInput>) => {
    setInput((current) => ({ ...current, ...change }));
    setPlaceError(null);
    setTouched(true);
  };

  // The last quoted touch: a market order opens at the ask (long) or the bid (short), so the ticket checks the
  // stop-loss and take-profit sides against that price, as the server does, not against the last trade.
  const [touch, setTouch] = useState<{ bid: string; ask: string } | null>(null);
  const table = stock.topix500 ? 'topix500' : 'standard';
  // Issue 26: outside the session only a limit order is taken, for the next session and within its limits.
  const localWindow = useOrderWindow()?.window;
  const queuedHere = localWindow !== undefined && localWindow.kind !== 'open';
  const sessionLimits =
    queuedHere && localWindow.newDay
      ? nextSessionLimits(live.last, table)
      : { limitUp: live.limitUp, limitDown: live.limitDown };
  useEffect(() => {
    if (queuedHere) setInput((x) => (x.type === 'market' ? { ...x, type: 'limit' } : x));
  }, [queuedHere]);
  const check = checkTicket(input, {
    table,
    ...sessionLimits,
    window: queuedHere ? 'queued' : 'open',
    bid: touch?.bid ?? live.last,
    ask: touch?.ask ?? live.last,
    last: live.last,
    leverages: leverages.length > 0 ? leverages : null,
  });
  // Asked once the member pauses (300 ms), and only for an order the ticket's own checks accept.
  const asked = useSettled(check.order, 300);
  const preview = useTicketPreview(asked);
  const ticket = preview.data;
  const current = asked !== null && check.order !== null && JSON.stringify(asked) === JSON.stringify(check.order);
  const figuresFit = current && !preview.isPlaceholderData && !preview.isError && ticket !== undefined;
  // Issue 26: a day trade against the member's quota, checked by the domain's rule on this order's margin.
  const dayTrade = useDayTradeTicket(figuresFit ? ticket.margin : null);

  // The leverage on offer comes with the figures; a choice no longer offered falls back to the first one.
  useEffect(() => {
    if (!ticket) return;
    setTouch((x) => (x?.bid === ticket.bid && x.ask === ticket.ask ? x : { bid: ticket.bid, ask: ticket.ask }));
    setLeverages(ticket.leverages);
    if (!ticket.leverages.includes(input.leverage) && ticket.leverages[0] !== undefined)
      setInput((x) => ({ ...x, leverage: ticket.leverages[0] ?? x.leverage }));
  }, [ticket, input.leverage]);

  const place = useMutation({
    mutationFn: (order: OrderRequest) => placeOrder(order, submission.headersFor(order)),
    onSuccess: async (position) => {
      submission.settle();
      setSheetOpen(false);
      await showSuccessFirst(successKeys.purchase);
      void refresh();
      push(`/position/position?tab=${position.status === 'pending' ? 'placing' : 'holding'}`);
    },
    onError: (error) => {
      submission.settle(error);
      setSheetOpen(false);
      setPlaceError(errorKeyOf(error));
      void preview.refetch();
    },
  });

  const tradable = live.status === 'listed';
  // The server's account of the window for this very order once it is in; until then this device's.
  const orderWindow = (figuresFit ? ticket.window : undefined) ?? localWindow;
  // The server would refuse an order that costs more than is available: say so before the member confirms.
  const shortOfFunds = figuresFit && ticket !== undefined && amountTone(ticket.availableAfter) === 'fall';
  const review = () => {
    setTouched(true);
    if (!figuresFit || !tradable || shortOfFunds || dayTrade.problem !== null) return;
    preloadNotice();
    setPlaceError(null);
    setSheetOpen(true);
  };
  const shares = sharesOf(input.unit, input.quantity);
  const direction = directionOf(live.change);
  const problemOn = (field: typeof check.field) => (touched && check.field === field ? check.problem : null);
  const sideTone = (side: Side) => `trade-segmented__option--${side}`;
  // One short line beside the disabled button: the first thing that stops the order, in the order a member fixes it.
  const blockedReason: string | null =
    dayTrade.problem !== null
      ? translateKey(dayTrade.problem)
      : live.status !== 'listed'
        ? t(`trade.ticket.status.${live.status}`)
        : check.problem === errorKeys.trade.limitOnlyOutsideHours
          ? translateKey(check.problem)
          : check.field !== null
            ? t('trade.ticket.blocked.field', { field: fieldLabel(t, check.field) })
            : current && preview.isError
              ? translateKey(errorKeyOf(preview.error))
              : shortOfFunds
                ? t('trade.ticket.blocked.shortOfFunds')
                : null;

  return (
    <Page
      testId="ticket-screen"
      footer={
        <>
          <WhyNotReady
            refusal={placeError}
            reason={placeError === null ? blockedReason : null}
            affordable={shortOfFunds && ticket !== undefined ? affordableShares(ticket) : null}
          />
          <Button
            block
            size="large"
            className={`ticket__submit ticket__submit--${input.side}`}
            disabled={!tradable || !figuresFit || shortOfFunds || dayTrade.problem !== null}
            // Until the server's figures for exactly this order are in, there is nothing to confirm.
            loading={tradable && check.order !== null && !figuresFit && !preview.isError}
            onClick={review}
            data-testid="ticket-review"
          >
            {t(`trade.ticket.review.${input.side}`)}
          </Button>
        </>
      }
    >
      <QuoteFollower
        symbol={stock.symbol}
        onQuote={(q) =>
          setLive((x) => ({
            ...x,
            last: q.last,
            change: q.change,
            changePercent: q.changePercent,
            limitUp: q.limitUp,
            limitDown: q.limitDown,
            tickSize: q.tickSize,
            status: q.status,
          }))
        }
        onStatus={(status) => setLive((x) => ({ ...x, status }))}
        onResync={() => void preview.refetch()}
      />
      {/* The bid and ask follow the book as it moves (issue 24), not only each preview. */}
      <DepthFollower
        symbol={stock.symbol}
        onTouch={(_symbol, next) => setTouch((x) => (x?.bid === next.bid && x.ask === next.ask ? x : next))}
        onResync={() => void preview.refetch()}
      />
      <header className="ticket__head" data-testid="ticket-stock" data-symbol={stock.symbol}>
        <h1 className="ticket__name">
          {stock.names[lang]} <span className="position-card__code num">{stock.symbol}</span>
        </h1>
        <p className={`ticket__last num price--${direction}`} data-testid="ticket-last">
          {priceText(live.last)}{' '}
          <span className="ticket__change">
            {directionArrow[direction]} {signedText(priceText(live.change))} ({percentText(live.changePercent)})
          </span>
        </p>
        {touch && (
          <p className="ticket__touch num" data-testid="ticket-touch">
            {t('trade.ticket.bidAsk', { bid: priceText(touch.bid), ask: priceText(touch.ask) })}
          </p>
        )}
        <PriceSourceTag source={stock.source} testId="ticket-source" />
      </header>

      {live.status !== 'listed' && (
        <NoticeBar color="alert" wrap content={t(`trade.ticket.status.${live.status}`)} data-testid="ticket-halted" />
      )}
      {orderWindow && orderWindow.kind !== 'open' && (
        <NoticeBar color="info" wrap content={windowText(t, lang, orderWindow)} data-testid="ticket-window" />
      )}

      <section className="trade-card ticket__card">
        <Segmented
          name="ticket-side"
          legend={t('trade.fields.side')}
          options={[
            { value: 'long', label: t('trade.side.long') },
            { value: 'short', label: t('trade.side.short') },
          ]}
          value={input.side}
          onChange={(side) => set({ side })}
          testId="ticket-side"
          tone={sideTone}
        />
        <Segmented<OrderType>
          name="ticket-type"
          legend={t('trade.fields.orderType')}
          options={[
            { value: 'market', label: t('trade.type.market') },
            { value: 'limit', label: t('trade.type.limit') },
          ]}
          value={input.type}
          onChange={(type) => set({ type })}
          testId="ticket-type"
        />

        {input.type === 'limit' ? (
          <div className="ticket__field">
            <span className="ticket__label">{t('trade.fields.limitPrice')}</span>
            <StepperField
              label={t('trade.fields.limitPrice')}
              value={input.limitPrice}
              decimals={PRICE_DECIMALS}
              onChange={(limitPrice) => set({ limitPrice })}
              onStep={(d) =>
                set({
                  limitPrice: stepLimitPrice(input.limitPrice, d, {
                    table,
                    limitUp: live.limitUp,
                    limitDown: live.limitDown,
                  }),
                })
              }
              unit="¥"
              invalid={problemOn('limitPrice') !== null}
              testId="ticket-price"
            />
            <p className="trade-hint num" data-testid="ticket-bounds">
              {t('trade.ticket.bounds', {
                down: priceText(live.limitDown),
                up: priceText(live.limitUp),
                tick: priceText(ticket?.tickSize ?? live.tickSize),
              })}
            </p>
            <FieldProblem problem={problemOn('limitPrice')} />
          </div>
        ) : (
          <p className="trade-hint ticket__market-note" data-testid="ticket-market-note">
            {t(`trade.ticket.marketNote.${input.side}`, {
              price: priceText(input.side === 'long' ? ticket?.ask : ticket?.bid),
            })}
          </p>
        )}

        <div className="ticket__field">
          <div className="ticket__label-row">
            <span className="ticket__label">{t('trade.fields.quantity')}</span>
            <Segmented<QuantityUnit>
              name="ticket-unit"
              legend={t('trade.ticket.unit')}
              options={[
                { value: 'shares', label: t('trade.unit.shares') },
                { value: 'lots', label: t('trade.unit.lots') },
              ]}
              value={input.unit}
              onChange={(unit) => set({ unit, quantity: shares === null ? '' : quantityIn(unit, shares) })}
              testId="ticket-unit"
            />
          </div>
          <StepperField
            label={t('trade.fields.quantity')}
            value={input.quantity}
            decimals={quantityDecimals(input.unit)}
            onChange={(quantity) => set({ quantity })}
            onStep={(d) => set({ quantity: stepShares(input.unit, input.quantity, d) })}
            unit={t(`trade.unit.${input.unit}`)}
            invalid={problemOn('quantity') !== null}
            testId="ticket-quantity"
          />
          <p className="trade-hint num" data-testid="ticket-equivalent">
            {shares === null
              ? t('trade.ticket.unitRule')
              : input.unit === 'shares'
                ? t('trade.ticket.inLots', { lots: lotsOf(shares).toFixed() })
                : t('trade.ticket.inShares', { shares: groupThousands(shares) })}
          </p>
          <FieldProblem problem={problemOn('quantity')} />
        </div>

        <div className="ticket__field">
          <span className="ticket__label">{t('trade.fields.leverage')}</span>
          <div className="lev-chips" role="radiogroup" aria-label={t('trade.fields.leverage')}>
            {(leverages.length > 0 ? leverages : [input.leverage]).map((x) => (
              <button
                key={x}
                type="button"
                role="radio"
                aria-checked={x === input.leverage}
                className={`lev-chip${x === input.leverage ? ' lev-chip--on' : ''}`}
                onClick={() => set({ leverage: x })}
                data-testid={`ticket-leverage-${String(x)}`}
              >
                {t('trade.leverageTag', { leverage: x })}
              </button>
            ))}
          </div>
        </div>

        <DayTradeChoice state={dayTrade} />

        <div className="ticket__levels">
          <LevelField
            label={t('trade.fields.stopLoss')}
            value={input.stopLoss}
            onChange={(stopLoss) => set({ stopLoss })}
            problem={problemOn('stopLoss')}
            testId="ticket-stop-loss"
          />
          <LevelField
            label={t('trade.fields.takeProfit')}
            value={input.takeProfit}
            onChange={(takeProfit) => set({ takeProfit })}
            problem={problemOn('takeProfit')}
            testId="ticket-take-profit"
          />
        </div>
      </section>

      <Summary ticket={ticket} fits={figuresFit} loading={check.order !== null && !figuresFit && !preview.isError} />

      {ticket && figuresFit && (
        <section className="trade-card trade-rules" data-testid="ticket-sale-rules">
          <h2 className="trade-card__title">{t(`trade.saleRules.title.${ticket.side}`)}</h2>
          {ticket.saleRules.length === 0 ? (
            <p className="trade-hint">{t('trade.saleRules.none')}</p>
          ) : (
            <ul>
              {ticket.saleRules.map((rule) => (
                <li key={rule}>{t(`trade.saleRules.${rule}`)}</li>
              ))}
            </ul>
          )}
        </section>
      )}

      {ticket && asked && (
        <ConfirmSheet
          open={sheetOpen}
          title={t(`trade.ticket.confirmTitle.${asked.side}`)}
          headline={moneyText(ticket.cost)}
          headlineLabel={t(`trade.ticket.headline.${ticket.type}`)}
          rows={[
            { label: t('trade.fields.stock'), value: `${ticket.names[lang]} ${ticket.symbol}` },
            { label: t('trade.fields.side'), value: t(`trade.side.${ticket.side}`) },
            { label: t('trade.fields.orderType'), value: t(`trade.type.${ticket.type}`) },
            {
              label: t(ticket.type === 'limit' ? 'trade.fields.limitPrice' : 'trade.ticket.expectedPrice'),
              value: priceText(ticket.price),
              className: 'num',
            },
            {
              label: t('trade.fields.quantity'),
              value: t('trade.quantityText', { shares: groupThousands(ticket.quantity), lots: ticket.lots }),
              className: 'num',
            },
            { label: t('trade.fields.leverage'), value: t('trade.leverageTag', { leverage: ticket.leverage }) },
            { label: t('trade.summary.notional'), value: moneyText(ticket.notional), className: 'num' },
            { label: t('trade.summary.margin'), value: moneyText(ticket.margin), className: 'num' },
            { label: t(feeLabels[ticket.side].open), value: moneyText(ticket.purchaseFee), className: 'num' },
            ...levelRows(t, asked),
            ...(ticket.window.kind === 'open'
              ? []
              : [{ label: t('trade.window.orderFor'), value: sessionText(lang, ticket.window), className: 'num' }]),
            { label: t('trade.summary.availableAfter'), value: moneyText(ticket.availableAfter), className: 'num' },
          ]}
          note={t(
            ticket.window.kind !== 'open'
              ? 'trade.ticket.confirmNote.queued'
              : ticket.type === 'limit'
                ? 'trade.ticket.confirmNote.limit'
                : 'trade.ticket.confirmNote.market',
          )}
          confirmLabel={t(`trade.ticket.confirm.${ticket.side}`)}
          busy={place.isPending}
          onConfirm={() => !place.isPending && place.mutate(dayTrade.on ? { ...asked, dayTrade: true } : asked)}
          onClose={() => setSheetOpen(false)}
          testId="ticket-sheet"
        />
      )}
    </Page>
  );
}

/** Issue 26: the session a queued order is for, in JST: its day and the opening auction's time. */
const sessionText = (lang: ReturnType<typeof useLocale>, w: OrderWindowWire): string =>
  jstText(w.opensAt, 'Y-M-D (E) h:m', lang);

/** Issue 26: what the ticket says outside the session, before the member confirms. */
function windowText(
  t: (key: string, o?: Record<string, string>) => string,
  lang: ReturnType<typeof useLocale>,
  w: OrderWindowWire,
): string {
  return t(`trade.window.${w.kind === 'preOpen' ? (w.newDay ? 'preOpen' : 'lunch') : 'afterHours'}`, {
    session: sessionText(lang, w),
    time: jstText(w.opensAt, 'h:m', lang),
  });
}

function levelRows(t: (key: string) => string, order: OrderRequest): DetailRow[] {
  const rows: DetailRow[] = [];
  if (order.stopLoss)
    rows.push({ label: t('trade.fields.stopLoss'), value: priceText(order.stopLoss), className: 'num' });
  if (order.takeProfit)
    rows.push({ label: t('trade.fields.takeProfit'), value: priceText(order.takeProfit), className: 'num' });
  return rows;
}

/** A long opens with a purchase and closes with a sale; a short opens with a sale and closes with a buy-back. */
const feeLabels: Record<Side, { open: string; close: string }> = {
  long: { open: 'trade.summary.purchaseFee', close: 'trade.summary.sellingFee' },
  short: { open: 'trade.summary.shortSaleFee', close: 'trade.summary.buyBackFee' },
};

const fieldLabel = (t: (key: string) => string, field: NonNullable<TicketCheck['field']>): string =>
  t(`trade.fields.${field}`);

/**
 * Beside the sticky button: the refusal of a confirmed order (once, here), or why the button is disabled; when funds
 * are short, the most the member can afford and the way to deposit.
 */
function WhyNotReady({
  refusal,
  reason,
  affordable,
}: {
  refusal: string | null;
  reason: string | null;
  affordable: string | null;
}) {
  const { t } = useTranslation();
  if (refusal === null && reason === null && affordable === null) return null;
  return (
    <div className="ticket__why" data-testid="ticket-why">
      <FormError error={refusal} testId="ticket-error" />
      {reason !== null && (
        <p className="ticket__why-reason" data-testid="ticket-why-reason">
          {reason}
        </p>
      )}
      {affordable !== null && (
        <div className="ticket__why-actions">
          <span className="num" data-testid="ticket-max-affordable" data-shares={affordable}>
            {affordable === '0'
              ? t('trade.ticket.blocked.noneAffordable')
              : t('trade.ticket.blocked.maxAffordable', { shares: groupThousands(affordable) })}
          </span>
          <Button
            size="small"
            color="primary"
            fill="outline"
            onClick={() => push('/user/recharge')}
            data-testid="ticket-deposit"
          >
            {t('trade.ticket.blocked.deposit')}
          </Button>
        </div>
      )}
    </div>
  );
}

function FieldProblem({ problem }: { problem: string | null }) {
  if (!problem) return null;
  return (
    <p className="field-error" role="alert" data-testid="ticket-field-error">
      {translateKey(problem)}
    </p>
  );
}

function LevelField({
  label,
  value,
  onChange,
  problem,
  testId,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  problem: string | null;
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <label className="ticket__level">
      <span className="ticket__label">{label}</span>
      <span className="trade-field">
        <span className="trade-field__prefix">¥</span>
        <input
          className="trade-field__input num"
          inputMode="decimal"
          placeholder={t('trade.ticket.optional')}
          value={value}
          aria-invalid={problem !== null}
          onChange={(e) => onChange(e.target.value)}
          onBlur={() => {
            const tidied = tidiedFigure(value, PRICE_DECIMALS);
            if (tidied !== null) onChange(tidied);
          }}
          data-testid={testId}
        />
      </span>
      <FieldProblem problem={problem} />
    </label>
  );
}

/** The server's figures for exactly the order on screen (trade/preview): what it costs, what it leaves. */
function Summary({ ticket, fits, loading }: { ticket: Ticket | undefined; fits: boolean; loading: boolean }) {
  const { t } = useTranslation();
  if (!ticket) {
    return loading ? (
      <section className="trade-card" aria-busy="true" data-testid="ticket-summary-loading">
        <Skeleton.Paragraph lineCount={8} animated />
      </section>
    ) : null;
  }
  const rate = percentText(annualPercent(ticket.annualRate), { signed: false });
  const rows: DetailRow[] = [
    { label: t('trade.summary.notional'), value: moneyText(ticket.notional), className: 'num', testId: 'sum-notional' },
    { label: t('trade.summary.margin'), value: moneyText(ticket.margin), className: 'num', testId: 'sum-margin' },
    {
      label: t(feeLabels[ticket.side].open),
      value: moneyText(ticket.purchaseFee),
      className: 'num',
      testId: 'sum-fee',
    },
    { label: t(feeLabels[ticket.side].close), value: moneyText(ticket.sellingFee), className: 'num' },
    { label: t('trade.summary.stampDuty'), value: moneyText(ticket.stampDuty), className: 'num' },
    {
      label: t('trade.summary.breakEven'),
      value: priceText(ticket.breakEven),
      className: 'num',
      testId: 'sum-break-even',
    },
    {
      label: t(`trade.summary.dailyFinancing.${ticket.side}`),
      value: t('trade.summary.dailyFinancingValue', { amount: moneyText(ticket.dailyFinancing), rate }),
      className: 'num',
    },
    { label: t('trade.summary.marginCallPrice'), value: priceText(ticket.marginCallPrice), className: 'num' },
    {
      label: t('trade.summary.available'),
      value: moneyText(ticket.available),
      className: 'num',
      testId: 'sum-available',
    },
    {
      label: t('trade.summary.availableAfter'),
      value: moneyText(ticket.availableAfter),
      className: 'num',
      testId: 'sum-available-after',
      rowClassName: 'detail-list__strong',
    },
  ];
  return (
    <section
      className={`trade-card ticket__summary${fits ? '' : ' ticket__summary--stale'}`}
      data-testid="ticket-summary"
      data-fits={fits}
    >
      <h2 className="trade-card__title">{t('trade.summary.title', { price: priceText(ticket.price) })}</h2>
      <DetailList compact rows={rows} />
    </section>
  );
}

/** "0.028" → "2.8": the annual rate as a percent. */
const annualPercent = (rate: string): string | null => tryMoney(rate)?.times(100).toFixed() ?? null;
