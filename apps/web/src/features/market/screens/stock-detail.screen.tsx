import { Suspense, lazy, useState } from 'react';
import { Button, Skeleton } from 'antd-mobile';
import { Star } from 'lucide-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { CandlePeriodName, CandleWire } from '@kabuto/contracts/market/fields';
import {
  addToWatchlist,
  fetchCandles,
  fetchStockDetail,
  fetchWatchlist,
  marketKeys,
  removeFromWatchlist,
  type StockDetail,
} from '../api/market.api.ts';
import { compactAmount } from '../components/compact-amount.ts';
import { DepthLadder } from '../components/depth-ladder.tsx';
import { detailFailureMessageKeys, detailFailureOf } from '../components/detail-failure.ts';
import { MarketBanner } from '../components/market-banner.tsx';
import { useFlash, useLiveQuote } from '../components/use-live-quote.ts';
import { ApiError } from '../../../shared/api/http-client.ts';
import { LoadFailure } from '../../../shared/components/load-failure.tsx';
import { Page } from '../../../shared/components/page.tsx';
import { StatusBlock } from '../../../shared/components/status-block.tsx';
import {
  directionArrow,
  directionOf,
  groupThousands,
  priceText,
  signedText,
} from '../../../shared/format/price-change.ts';
import { useLocale } from '../../../shared/format/jst.ts';
import { push, replace } from '../../../shared/navigation/navigation.ts';
import { useAddressParam } from '../../../shared/navigation/use-address-param.ts';
import { isSignedIn, useSession } from '../../../shared/session/session.store.ts';
import { useStreamTopic } from '../../../shared/stream/stream-context.tsx';
import { PriceAlertButton } from '../../../shared/notices/price-alert-button.tsx';
import '../market.css';

// The chart library (52 KiB) downloads after the figures are on screen, never with any other screen.
const CandleChart = lazy(() => import('../components/candle-chart.tsx'));

const periods: readonly CandlePeriodName[] = ['1m', '5m', '10m', '30m', '1d', '1w', '1M'];
const intradayPeriods = new Set<CandlePeriodName>(['1m', '5m', '10m', '30m']);

/**
 * Stock detail (/market/marketDetail?symbol=7203): live quote, figures, chart in seven periods, depth, watchlist star.
 * Keyed by the code: a new code in the address (deep link, back/forward, an edited hash) starts every state, live
 * topic, chart and depth again, so nothing of the previous stock can stay on screen under the new code.
 */
export function StockDetailScreen() {
  const symbol = (useAddressParam('symbol') ?? '').trim().toUpperCase();
  return <StockDetail key={symbol} symbol={symbol} />;
}

function StockDetail({ symbol }: { symbol: string }) {
  const { t } = useTranslation();
  const lang = useLocale();
  const detail = useQuery({
    queryKey: marketKeys.detail(symbol),
    queryFn: ({ signal }) => fetchStockDetail(symbol, signal),
    enabled: symbol !== '',
    retry: (count, error) => !(error instanceof ApiError && error.kind === 'refusal') && count < 2,
  });
  // Only an unknown code is "not found"; a refusal to answer now (rate limit, busy, offline) offers a retry below.
  const missing = symbol === '' || (detail.isError && detailFailureOf(detail.error) === 'missing');

  return (
    <Page
      testId="stock-detail-screen"
      right={
        detail.data ? (
          <>
            <PriceAlertButton
              stock={{
                symbol: detail.data.symbol,
                name: detail.data.names[lang],
                last: detail.data.last,
                tickTable: detail.data.topix500 ? 'topix500' : 'standard',
              }}
            />
            <WatchStar symbol={detail.data.symbol} />
          </>
        ) : undefined
      }
      footer={detail.data ? <TradeButtons symbol={detail.data.symbol} status={detail.data.status} /> : undefined}
    >
      {missing ? (
        <div className="centered-block" data-testid="stock-missing">
          <StatusBlock
            kind="empty"
            title={t('marketDetail.missingTitle')}
            description={t('marketDetail.missingBody')}
          />
          <Button color="primary" onClick={() => replace('/home/search')}>
            {t('marketDetail.toSearch')}
          </Button>
        </div>
      ) : detail.data ? (
        // A later refetch that fails keeps the figures on screen (the client's notice says why).
        <StockDetailBody detail={detail.data} />
      ) : detail.isPending ? (
        <div className="stock__loading" aria-busy="true">
          <Skeleton.Title animated />
          <Skeleton.Paragraph lineCount={8} animated />
        </div>
      ) : (
        <LoadFailure
          titleKey="marketDetail.loadFailedTitle"
          messageKey={detailFailureMessageKeys[detailFailureOf(detail.error)]}
          onRetry={() => void detail.refetch()}
          retrying={detail.isFetching}
          testId="stock-failed"
        />
      )}
    </Page>
  );
}

function StockDetailBody({ detail }: { detail: StockDetail }) {
  const { t } = useTranslation();
  const lang = useLocale();
  const queryClient = useQueryClient();
  const refetch = () => void queryClient.invalidateQueries({ queryKey: marketKeys.detail(detail.symbol) });
  const quote = useLiveQuote(detail, refetch);
  const direction = directionOf(quote.change);
  const flashing = useFlash(quote.last);

  const figures: readonly [string, string][] = [
    ['open', priceText(quote.open)],
    ['prevClose', priceText(quote.prevClose)],
    ['high', priceText(quote.high)],
    ['low', priceText(quote.low)],
    // Shares in full, as the depth ladder; turnover in the lists' compact units (digit arithmetic, no decimal library).
    ['volume', groupThousands(String(quote.volume))],
    ['turnover', compactAmount(quote.turnover, lang)],
    ['limitUp', priceText(quote.limitUp)],
    ['limitDown', priceText(quote.limitDown)],
  ];

  return (
    <div className="stock" data-testid="stock-detail" data-symbol={detail.symbol}>
      <MarketBanner />
      {quote.status !== 'listed' && (
        <p className="stock__status" role="status" data-testid="stock-status">
          <strong>{t(`marketDetail.status.${quote.status}`)}</strong>
          {quote.statusReason ? ` — ${quote.statusReason}` : ''}
        </p>
      )}
      <header className="stock__head">
        <h1 className="stock__name">
          {detail.names[lang]} <span className="stock__code num">{detail.symbol}</span>
        </h1>
        <p className="stock__sector">
          {t(`sectors.${detail.sectorCode}`, { defaultValue: detail.sector })}
          {detail.topix500 ? ` · ${t('marketDetail.topix500')}` : ''}
        </p>
        <p className={`stock__last num price--${direction}${flashing ? ' flash' : ''}`} data-testid="stock-last">
          {priceText(quote.last)}
        </p>
        <p className={`stock__change num price--${direction}`} data-testid="stock-change">
          {directionArrow[direction]} {signedText(priceText(quote.change))} ({signedText(quote.changePercent)}%)
        </p>
      </header>
      <dl className="stock__figures">
        {figures.map(([key, value]) => (
          <div key={key} className="stock__figure">
            <dt>{t(`marketDetail.figures.${key}`)}</dt>
            <dd className="num" data-testid={`stock-${key}`}>
              {value}
            </dd>
          </div>
        ))}
      </dl>
      <ChartSection symbol={detail.symbol} />
      <DepthSection detail={detail} status={quote.status} statusReason={quote.statusReason} />
    </div>
  );
}

function ChartSection({ symbol }: { symbol: string }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [period, setPeriod] = useState<CandlePeriodName>('5m');
  const [live, setLive] = useState<{ period: CandlePeriodName; candle: CandleWire } | null>(null);
  const candles = useQuery({
    queryKey: marketKeys.candles(symbol, period),
    queryFn: ({ signal }) => fetchCandles(symbol, period, signal),
  });
  useStreamTopic(
    `candles:${symbol}:${period}`,
    (m) => {
      if (m.type === 'candle') setLive({ period: m.data.period, candle: m.data.candle });
    },
    () => void queryClient.invalidateQueries({ queryKey: marketKeys.candles(symbol, period) }),
  );
  const label = t('marketDetail.chart.label', { period: t(`marketDetail.periods.${period}`) });

  return (
    <section className="stock__section" aria-labelledby="stock-chart-title">
      <h2 id="stock-chart-title" className="stock__section-title">
        {t('marketDetail.chart.title')}
      </h2>
      <PeriodPicker value={period} onChange={setPeriod} />
      <div
        className="stock__chart"
        data-testid="chart-area"
        data-period={period}
        data-candles={candles.data?.candles.length ?? 0}
      >
        {candles.isPending ? (
          <Skeleton animated className="stock__chart-skeleton" />
        ) : candles.isError ? (
          <LoadFailure
            titleKey="marketDetail.loadFailedTitle"
            messageKey="marketDetail.chart.failed"
            onRetry={() => void candles.refetch()}
            testId="chart-failed"
          />
        ) : candles.data.candles.length === 0 ? (
          <StatusBlock
            kind="empty"
            title={t('marketDetail.chart.emptyTitle')}
            description={t('marketDetail.chart.emptyBody')}
          />
        ) : (
          <Suspense fallback={<Skeleton animated className="stock__chart-skeleton" />}>
            <CandleChart
              candles={candles.data.candles}
              live={live?.period === period ? live.candle : null}
              intraday={intradayPeriods.has(period)}
              label={label}
            />
          </Suspense>
        )}
      </div>
    </section>
  );
}

/**
 * The seven periods as one row of native radio buttons drawn as a segmented control: the kit's Tabs and
 * Segmented bring an animation library (10–17 KiB) for what the browser's radio group already does,
 * including arrow keys and the screen-reader role.
 */
function PeriodPicker({ value, onChange }: { value: CandlePeriodName; onChange: (period: CandlePeriodName) => void }) {
  const { t } = useTranslation();
  return (
    <fieldset className="periods">
      <legend className="visually-hidden">{t('marketDetail.chart.periodLegend')}</legend>
      {periods.map((p) => (
        <label
          key={p}
          className={`periods__option${p === value ? ' periods__option--on' : ''}`}
          data-testid={`period-${p}`}
        >
          <input
            type="radio"
            name="chart-period"
            value={p}
            checked={p === value}
            onChange={() => onChange(p)}
            className="visually-hidden"
          />
          {t(`marketDetail.periods.${p}`)}
        </label>
      ))}
    </fieldset>
  );
}

/** The five-level book while the stock trades; halted or delisted, the book is frozen, so the halt is shown instead. */
function DepthSection({
  detail,
  status,
  statusReason,
}: {
  detail: StockDetail;
  status: StockDetail['status'];
  statusReason: string | null;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [depth, setDepth] = useState(detail.depth);
  const [fetched, setFetched] = useState(detail.depth);
  if (fetched !== detail.depth) {
    setFetched(detail.depth);
    setDepth(detail.depth);
  }
  useStreamTopic(
    `depth:${detail.symbol}`,
    (m) => {
      if (m.type === 'depth') setDepth({ bids: m.data.bids, asks: m.data.asks });
    },
    () => void queryClient.invalidateQueries({ queryKey: marketKeys.detail(detail.symbol) }),
  );
  return (
    <section className="stock__section" aria-labelledby="stock-depth-title">
      <h2 id="stock-depth-title" className="stock__section-title">
        {t('marketDetail.depth.title')}
      </h2>
      {status === 'listed' ? (
        <DepthLadder bids={depth.bids} asks={depth.asks} />
      ) : (
        <div data-testid="depth-closed">
          <StatusBlock
            kind="default"
            title={t(`marketDetail.depth.closed.${status}`)}
            {...(statusReason ? { description: t('marketDetail.depth.reason', { reason: statusReason }) } : {})}
          />
        </div>
      )}
    </section>
  );
}

/**
 * UX "Stock detail": sticky Buy (long) and Sell (short), opening the order ticket for this code and side; a visitor
 * is asked to sign in first. A halted or delisted stock takes no orders, so the buttons are off.
 */
function TradeButtons({ symbol, status }: { symbol: string; status: StockDetail['status'] }) {
  const { t } = useTranslation();
  const signedIn = isSignedIn(useSession());
  const open = (side: 'long' | 'short') =>
    push(signedIn ? `/market/marketBuy?symbol=${encodeURIComponent(symbol)}&side=${side}` : '/login/login');
  return (
    <div className="trade-buttons" role="group" aria-label={t('marketDetail.trade.tradeLegend')}>
      <Button
        size="large"
        className="trade-buttons__buy"
        disabled={status !== 'listed'}
        onClick={() => open('long')}
        data-testid="stock-buy"
      >
        {t('marketDetail.trade.buy')}
      </Button>
      <Button
        size="large"
        className="trade-buttons__sell"
        disabled={status !== 'listed'}
        onClick={() => open('short')}
        data-testid="stock-sell"
      >
        {t('marketDetail.trade.sell')}
      </Button>
    </div>
  );
}

/** The watchlist star: filled when the stock is on the member's watchlist; a visitor is asked to sign in. */
function WatchStar({ symbol }: { symbol: string }) {
  const { t } = useTranslation();
  const session = useSession();
  const signedIn = isSignedIn(session);
  const queryClient = useQueryClient();
  const watchlist = useQuery({
    queryKey: marketKeys.watchlist,
    queryFn: ({ signal }) => fetchWatchlist(signal),
    enabled: signedIn,
  });
  const watched = watchlist.data?.some((item) => item.symbol === symbol) ?? false;
  const toggle = useMutation({
    mutationFn: () => (watched ? removeFromWatchlist(symbol) : addToWatchlist(symbol)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: marketKeys.watchlist }),
  });
  const label = t(watched ? 'marketDetail.watch.remove' : 'marketDetail.watch.add');
  return (
    <button
      type="button"
      className={`watch-star${watched ? ' watch-star--on' : ''}`}
      aria-pressed={watched}
      aria-label={label}
      title={label}
      disabled={toggle.isPending || (signedIn && watchlist.isPending)}
      onClick={() => (signedIn ? toggle.mutate() : push('/login/login'))}
      data-testid="watch-star"
    >
      {watched ? <Star fill="currentColor" aria-hidden="true" /> : <Star aria-hidden="true" />}
    </button>
  );
}
