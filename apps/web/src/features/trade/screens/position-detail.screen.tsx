import { useState } from 'react';
import { Button, Skeleton } from 'antd-mobile';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { errorKeys, successKeys } from '@kabuto/contracts/errors';
import { addMargin, cancelOrder, closePosition, type PositionDetail } from '../api/trade.api.ts';
import { useIdempotentSubmission } from '../../../shared/api/idempotency.ts';
import { useAssetsForTrade, usePositionDetail, usePriceSource, useRefreshTrade } from '../api/trade.queries.ts';
import { callPriceAfterAdding, checkMarginAmount } from '../components/add-margin.ts';
import { CloseSheet } from '../components/close-sheet.tsx';
import { ConfirmSheet } from '../../../shared/components/confirm-sheet.tsx';
import { DepthFollower, useLiveTouches } from '../components/live-lasts.tsx';
import { netResultOf, valuationOf } from '../components/live-valuation.ts';
import { PnlText, PriceSourceTag, QuantityText, SideTag, StatusTag } from '../components/position-card.tsx';
import { tidiedFigure } from '../../../shared/forms/stepper-field.tsx';
import { DetailList, type DetailRow } from '../../../shared/components/detail-list.tsx';
import { LoadFailure } from '../../../shared/components/load-failure.tsx';
import { Page } from '../../../shared/components/page.tsx';
import { SignInRequired } from '../../../shared/components/sign-in-required.tsx';
import { StatusBlock } from '../../../shared/components/status-block.tsx';
import { TimelineRow } from '../../../shared/components/timeline-row.tsx';
import { AmountText } from '../../../shared/components/amount-text.tsx';
import { ApiError } from '../../../shared/api/http-client.ts';
import { errorKeyOf } from '../../../shared/api/error-key.ts';
import { preloadNotice, showSuccess } from '../../../shared/api/notice.ts';
import { FormError } from '../../../shared/forms/form-error.tsx';
import { priceText } from '../../../shared/format/price-change.ts';
import { moneyText } from '../../../shared/format/money-text.ts';
import { jstText, useLocale } from '../../../shared/format/jst.ts';
import { replace } from '../../../shared/navigation/navigation.ts';
import { useAddressParam } from '../../../shared/navigation/use-address-param.ts';
import { useSession } from '../../../shared/session/session.store.ts';
import '../../../shared/components/detail-list.css';
import '../trade.css';

/** Position detail (/position/positionDetail?orderNo=): every price, fee and time, and the ledger entries behind it. */
export function PositionDetailScreen() {
  const orderNo = (useAddressParam('orderNo') ?? '').trim();
  const session = useSession();
  return (
    <Page testId="position-detail-screen">
      {session.token === '' ? <SignInRequired /> : <DetailLoader key={orderNo} orderNo={orderNo} />}
    </Page>
  );
}

function DetailLoader({ orderNo }: { orderNo: string }) {
  const { t } = useTranslation();
  const detail = usePositionDetail(orderNo);
  const missing =
    orderNo === '' ||
    (detail.isError && detail.error instanceof ApiError && detail.error.messageKey === errorKeys.order.notExist);
  if (missing)
    return (
      <div className="centered-block" data-testid="pd-missing">
        <StatusBlock kind="empty" title={t('trade.detail.missingTitle')} description={t('trade.detail.missingBody')} />
        <Button color="primary" onClick={() => replace('/position/position')}>
          {t('trade.detail.toPositions')}
        </Button>
      </div>
    );
  if (detail.data) return <DetailBody detail={detail.data} onResync={() => void detail.refetch()} />;
  if (detail.isPending)
    return (
      <div className="positions__loading" aria-busy="true">
        <Skeleton.Title animated />
        <Skeleton.Paragraph lineCount={10} animated />
      </div>
    );
  return (
    <LoadFailure
      titleKey="trade.loadFailedTitle"
      messageKey="trade.loadFailedBody"
      onRetry={() => void detail.refetch()}
      retrying={detail.isFetching}
      testId="pd-failed"
    />
  );
}

type Sheet = 'close' | 'cancel' | 'margin' | null;
/** What the member confirmed; adding margin carries the amount as read when they confirmed. */
type Action = { what: 'close' | 'cancel' } | { what: 'margin'; amount: string };

function DetailBody({ detail: p, onResync }: { detail: PositionDetail; onResync: () => void }) {
  const { t } = useTranslation();
  const lang = useLocale();
  const refresh = useRefreshTrade();
  const assets = useAssetsForTrade();
  const source = usePriceSource();
  const { touches, onTouch } = useLiveTouches();
  // At the side it would close at (bid for a long, ask for a short), as the list and the server value it.
  const value = valuationOf(p, touches[p.symbol], assets.data?.available ?? null);
  const net = netResultOf(p);
  const [sheet, setSheet] = useState<Sheet>(null);
  const [amount, setAmount] = useState('');
  const [touched, setTouched] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // Read exactly and checked against what is available before anything is sent (the server checks both again).
  const margin = checkMarginAmount(amount, assets.data?.available ?? null);
  const callPriceAfter = margin.amount === null ? null : callPriceAfterAdding(p, margin.amount);

  const submission = useIdempotentSubmission();
  const act = useMutation({
    mutationFn: (action: Action) => {
      const headers = submission.headersFor({ ...action, orderNo: p.orderNo });
      return action.what === 'margin'
        ? addMargin(p.orderNo, action.amount, headers)
        : action.what === 'close'
          ? closePosition(p.orderNo, headers)
          : cancelOrder(p.orderNo, headers);
    },
    onSuccess: async (_done, { what }) => {
      submission.settle();
      setSheet(null);
      setError(null);
      if (what === 'margin') setAmount('');
      showSuccess(
        what === 'close' ? successKeys.closed : what === 'cancel' ? successKeys.cancel : successKeys.marginAdded,
      );
      await refresh();
    },
    onError: (e) => {
      submission.settle(e);
      setSheet(null);
      setError(errorKeyOf(e));
      void refresh();
    },
  });
  const open = (what: Exclude<Sheet, null>) => {
    preloadNotice();
    setError(null);
    setSheet(what);
  };
  const when = (iso: string | null) => (iso ? t('common.jst', { time: jstText(iso, 'Y-M-D h:m:s', lang) }) : '—');
  const price = (v: string | null) => (v === null ? '—' : priceText(v));
  const yen = (v: string) => moneyText(v);

  const rows: DetailRow[] = [
    { label: t('trade.fields.orderNo'), value: p.orderNo, className: 'mono', testId: 'pd-order-no' },
    { label: t('trade.fields.status'), value: <StatusTag status={p.status} /> },
    // Issue 26: a day trade says so, and that the day's cut-off closes it (texts in the daytrade part).
    ...(p.origin === 'daytrade'
      ? [
          {
            label: t('daytrade.fields.origin'),
            value: `${t('daytrade.origin.daytrade')} · ${t('daytrade.origin.note')}`,
            testId: 'pd-origin',
          },
        ]
      : []),
    ...(p.closeReason
      ? [
          {
            label: t('trade.fields.closeReason'),
            value: t(`trade.closeReason.${p.closeReason}`),
            testId: 'pd-close-reason',
          },
        ]
      : []),
    { label: t('trade.fields.orderType'), value: t(`trade.type.${p.type}`) },
    {
      label: t('trade.fields.quantity'),
      value: <QuantityText quantity={p.quantity} lots={p.lots} />,
      className: 'num',
    },
    { label: t('trade.fields.leverage'), value: t('trade.leverageTag', { leverage: p.leverage }), className: 'num' },
    ...(p.limitPrice !== null
      ? [{ label: t('trade.fields.limitPrice'), value: price(p.limitPrice), className: 'num' }]
      : []),
    { label: t('trade.fields.createdAt'), value: when(p.createdAt), className: 'num' },
    { label: t('trade.fields.openedAt'), value: when(p.openedAt), className: 'num', testId: 'pd-opened-at' },
    { label: t('trade.fields.openPrice'), value: price(p.openPrice), className: 'num', testId: 'pd-open-price' },
    { label: t('trade.fields.closedAt'), value: when(p.closedAt), className: 'num', testId: 'pd-closed-at' },
    { label: t('trade.fields.closePrice'), value: price(p.closePrice), className: 'num' },
    ...(p.status === 'holding' || p.status === 'closing'
      ? [
          {
            label: t(`trade.fields.closingPrice.${p.side}`),
            value: price(value.price),
            className: 'num',
            testId: 'pd-current',
          },
          {
            label: t('trade.fields.marketValue'),
            value: value.marketValue ? yen(value.marketValue) : '—',
            className: 'num',
          },
        ]
      : []),
    { label: t('trade.fields.margin'), value: yen(p.margin), className: 'num', testId: 'pd-margin' },
    { label: t('trade.fields.addedMargin'), value: yen(p.addedMargin), className: 'num', testId: 'pd-added-margin' },
    ...(p.status === 'pending' ? [{ label: t('trade.fields.held'), value: yen(p.held), className: 'num' }] : []),
    {
      label: t(p.side === 'long' ? 'trade.fields.purchaseFee' : 'trade.fields.shortSaleFee'),
      value: yen(p.purchaseFee),
      className: 'num',
    },
    {
      label: t(p.side === 'long' ? 'trade.fields.sellingFee' : 'trade.fields.buyBackFee'),
      value: yen(p.sellingFee),
      className: 'num',
    },
    { label: t('trade.fields.stampDuty'), value: yen(p.stampDuty), className: 'num' },
    { label: t('trade.fields.financing'), value: yen(p.financing), className: 'num' },
    {
      label: t(p.status === 'closed' ? 'trade.fields.realisedPnl' : 'trade.fields.unrealisedPnl'),
      value: <PnlText pnl={value.pnl} percent={value.pnlPercent} testId="pd-pnl" />,
    },
    // Closed: the result after every charge; holding: what it would be if closed now (the close sheet's figure).
    p.status === 'holding'
      ? {
          label: t('trade.detail.netIfClosed'),
          value: value.close === null ? '—' : <AmountText amount={value.close.netResult} signed testId="pd-net-pnl" />,
        }
      : {
          label: t('trade.fields.netPnl'),
          value: net.pnl === null ? '—' : <AmountText amount={net.pnl} signed testId="pd-net-pnl" />,
        },
    {
      label: t('trade.fields.stopLoss'),
      value: p.stopLoss === null ? t('trade.none') : price(p.stopLoss),
      className: 'num',
    },
    {
      label: t('trade.fields.takeProfit'),
      value: p.takeProfit === null ? t('trade.none') : price(p.takeProfit),
      className: 'num',
    },
    ...(p.marginCallPrice !== null
      ? [
          {
            label: t('trade.fields.marginCallPrice'),
            value: price(p.marginCallPrice),
            className: 'num',
            testId: 'pd-call-price',
          },
        ]
      : []),
  ];

  return (
    <div className="position-detail" data-testid="pd-body" data-status={p.status} data-order-no={p.orderNo}>
      {p.status === 'holding' && <DepthFollower symbol={p.symbol} onTouch={onTouch} onResync={onResync} />}
      <header className="position-detail__head">
        <h1 className="position-detail__name">
          {p.names[lang]} <span className="position-card__code num">{p.symbol}</span>
        </h1>
        <div className="position-card__tags">
          <SideTag side={p.side} />
          <StatusTag status={p.status} />
          <PriceSourceTag source={source.data} testId="pd-source" />
        </div>
        {p.status === 'closed' ? (
          // A closed position leads with its result after every fee and charge (手数料等控除後).
          <div className="position-detail__pnl" data-testid="pd-headline" data-figure="net">
            <span className="position-card__pnl-label">{t('trade.fields.netPnl')}</span>
            <PnlText pnl={net.pnl} percent={net.percent} />
          </div>
        ) : (
          value.pnl !== null && (
            <div className="position-detail__pnl" data-testid="pd-headline" data-figure="unrealised">
              <span className="position-card__pnl-label">{t('trade.fields.unrealisedPnl')}</span>
              <PnlText pnl={value.pnl} percent={value.pnlPercent} />
            </div>
          )
        )}
      </header>
      <FormError error={error} testId="pd-error" />
      <DetailList rows={rows} testId="pd-figures" />

      {p.saleRules.length > 0 && p.status === 'holding' && (
        <section className="trade-card trade-rules" data-testid="pd-sale-rules">
          <h2 className="trade-card__title">{t(`trade.saleRules.title.${p.side}`)}</h2>
          <ul>
            {p.saleRules.map((rule) => (
              <li key={rule}>{t(`trade.saleRules.${rule}`)}</li>
            ))}
          </ul>
        </section>
      )}

      {p.status === 'holding' && (
        <section className="trade-card" data-testid="pd-add-margin">
          <h2 className="trade-card__title">{t('trade.addMargin.title')}</h2>
          <p className="trade-hint">{t('trade.addMargin.rule')}</p>
          <label className="trade-field">
            <span className="trade-field__prefix">¥</span>
            <input
              className="trade-field__input num"
              inputMode="numeric"
              aria-label={t('trade.addMargin.amount')}
              aria-invalid={touched && margin.problem !== null}
              placeholder={t('trade.addMargin.placeholder')}
              value={amount}
              // Kept as typed: read exactly below, or refused with the reason (never cut to digits).
              onChange={(e) => {
                setAmount(e.target.value);
                setError(null);
              }}
              onBlur={() => {
                setTouched(true);
                const tidied = tidiedFigure(amount, 0);
                if (tidied !== null) setAmount(tidied);
              }}
              data-testid="pd-margin-amount"
            />
          </label>
          {assets.data && (
            <p className="trade-hint num">{t('trade.availableNow', { amount: yen(assets.data.available) })}</p>
          )}
          {callPriceAfter !== null && (
            <p className="trade-hint num" data-testid="pd-call-price-after">
              {t('trade.addMargin.callPriceAfter')} {price(callPriceAfter)}
            </p>
          )}
          {touched && margin.problem && (
            <p className="field-error" role="alert" data-testid="pd-margin-problem">
              {margin.problem.available === undefined
                ? t(margin.problem.key)
                : t(margin.problem.key, { available: yen(margin.problem.available) })}
            </p>
          )}
          <Button
            block
            color="primary"
            fill="outline"
            disabled={amount.trim() === ''}
            onClick={() => {
              // A refusal is said here, beside the field; nothing is sent.
              setTouched(true);
              if (margin.amount !== null) open('margin');
            }}
            data-testid="pd-margin-submit"
          >
            {t('trade.addMargin.submit')}
          </Button>
        </section>
      )}

      <h2 className="section-title">{t('trade.detail.entries')}</h2>
      {p.entries.length === 0 ? (
        <p className="trade-hint trade-hint--block" data-testid="pd-no-entries">
          {t('trade.detail.noEntries')}
        </p>
      ) : (
        <div className="position-detail__entries" data-testid="pd-entries">
          {p.entries.map((entry) => (
            <TimelineRow key={entry.entryId} entry={entry} testId="pd-entry" timePattern="Y-M-D h:m:s" />
          ))}
        </div>
      )}

      {/* A lock-up in force (an IPO or block-trade allotment) holds the close: no button, as on the list's card. */}
      {((p.status === 'holding' && !p.saleRules.includes('lockUp')) || p.status === 'pending') && (
        <div className="position-detail__actions">
          <Button
            block
            size="large"
            color={p.status === 'holding' ? 'danger' : 'default'}
            onClick={() => open(p.status === 'holding' ? 'close' : 'cancel')}
            data-testid={p.status === 'holding' ? 'pd-close' : 'pd-cancel'}
          >
            {t(p.status === 'holding' ? 'trade.actions.close' : 'trade.actions.cancel')}
          </Button>
        </div>
      )}

      {sheet === 'close' && (
        <CloseSheet
          position={p}
          value={value}
          busy={act.isPending}
          onConfirm={() => !act.isPending && act.mutate({ what: 'close' })}
          onClose={() => setSheet(null)}
        />
      )}
      <ConfirmSheet
        open={sheet === 'cancel'}
        title={t('trade.cancelSheet.title')}
        headline={yen(p.held)}
        headlineLabel={t('trade.cancelSheet.returned')}
        rows={[
          { label: t('trade.fields.limitPrice'), value: price(p.limitPrice), className: 'num' },
          { label: t('trade.cancelSheet.returned'), value: yen(p.held), className: 'num' },
        ]}
        note={t('trade.cancelSheet.note')}
        confirmLabel={t('trade.cancelSheet.confirm')}
        dismissLabel={t('trade.cancelSheet.keep')}
        busy={act.isPending}
        onConfirm={() => !act.isPending && act.mutate({ what: 'cancel' })}
        onClose={() => setSheet(null)}
        testId="cancel-sheet"
      />
      <ConfirmSheet
        open={sheet === 'margin'}
        title={t('trade.addMargin.confirmTitle')}
        headline={margin.amount === null ? '' : yen(margin.amount)}
        headlineLabel={t('trade.addMargin.headline')}
        rows={[
          { label: t('trade.fields.stock'), value: `${p.names[lang]} ${p.symbol}` },
          { label: t('trade.fields.addedMargin'), value: yen(p.addedMargin), className: 'num' },
          ...(assets.data
            ? [{ label: t('trade.fields.available'), value: yen(assets.data.available), className: 'num' }]
            : []),
          ...(p.marginCallPrice !== null
            ? [{ label: t('trade.fields.marginCallPrice'), value: price(p.marginCallPrice), className: 'num' }]
            : []),
          ...(callPriceAfter !== null
            ? [{ label: t('trade.addMargin.callPriceAfter'), value: price(callPriceAfter), className: 'num' }]
            : []),
        ]}
        note={t('trade.addMargin.note')}
        confirmLabel={t('trade.addMargin.confirm')}
        busy={act.isPending}
        onConfirm={() =>
          !act.isPending && margin.amount !== null && act.mutate({ what: 'margin', amount: margin.amount })
        }
        onClose={() => setSheet(null)}
        testId="margin-sheet"
      />
    </div>
  );
}
