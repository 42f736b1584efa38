import type { ReactNode } from 'react';
import { Button } from 'antd-mobile';
import { ChevronRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { MarketStatus, Position } from '../api/trade.api.ts';
import { netResultOf, type Valuation } from './live-valuation.ts';
import { AmountText } from '../../../shared/components/amount-text.tsx';
import { directionOf, percentText, priceText, groupThousands } from '../../../shared/format/price-change.ts';
import { jstText, useLocale } from '../../../shared/format/jst.ts';
import { moneyText } from '../../../shared/format/money-text.ts';

/** Long or short, with its word (never colour alone): long in the rising colour, short in the falling one. */
export function SideTag({ side, testId }: { side: Position['side']; testId?: string }) {
  const { t } = useTranslation();
  return (
    <span className={`trade-tag trade-tag--${side}`} data-testid={testId} data-side={side}>
      {t(`trade.side.${side}`)}
    </span>
  );
}

/** Says the prices are not a live exchange feed ("Simulated prices"), as the market screens' banner does. */
export function PriceSourceTag({ source, testId }: { source: MarketStatus['source'] | undefined; testId: string }) {
  const { t } = useTranslation();
  if (source === undefined) return null;
  return (
    <span className="trade-source" data-testid={testId} data-source={source}>
      {t(`trade.source.${source}`)}
    </span>
  );
}

export function StatusTag({ status }: { status: Position['status'] }) {
  const { t } = useTranslation();
  return (
    <span className={`trade-tag trade-tag--status trade-tag--${status}`} data-testid="pos-status" data-status={status}>
      {t(`trade.status.${status}`)}
    </span>
  );
}

/** "1,000 shares (1 lot)". */
export function QuantityText({ quantity, lots }: { quantity: string; lots: string }) {
  const { t } = useTranslation();
  return <>{t('trade.quantityText', { shares: groupThousands(quantity), lots })}</>;
}

/** A P&L with its sign and colour, and the percent beside it. */
export function PnlText({ pnl, percent, testId }: { pnl: string | null; percent?: string | null; testId?: string }) {
  if (pnl === null) return <span data-testid={testId}>—</span>;
  return (
    <span className="pnl" data-testid={testId} data-direction={directionOf(pnl)}>
      <AmountText amount={pnl} signed />
      {percent !== undefined && percent !== null && (
        <span className={`pnl__percent num price--${directionOf(percent)}`}>{percentText(percent)}</span>
      )}
    </span>
  );
}

/**
 * UX "Positions": one card per order or position — name, code, long/short, leverage, quantity, entry and current
 * price, P&L and % — with its one action (close / cancel), and a tap for the detail.
 */
export function PositionCard({
  position,
  value,
  onOpen,
  onAction,
}: {
  position: Position;
  value: Valuation;
  onOpen: () => void;
  onAction: (() => void) | null;
}) {
  const { t } = useTranslation();
  const lang = useLocale();
  const p = position;
  const figures: { key: string; label: string; value: ReactNode; testId?: string }[] = [
    {
      key: 'quantity',
      label: t('trade.fields.quantity'),
      value: <QuantityText quantity={p.quantity} lots={p.lots} />,
    },
  ];
  if (p.status === 'pending') {
    figures.push(
      { key: 'limit', label: t('trade.fields.limitPrice'), value: priceText(p.limitPrice), testId: 'pos-limit' },
      { key: 'held', label: t('trade.fields.held'), value: moneyText(p.held), testId: 'pos-held' },
    );
  } else if (p.status === 'cancelled') {
    figures.push({
      key: 'limit',
      label: t(p.type === 'limit' ? 'trade.fields.limitPrice' : 'trade.fields.orderType'),
      value: p.type === 'limit' ? priceText(p.limitPrice) : t(`trade.type.${p.type}`),
    });
  } else {
    figures.push(
      { key: 'entry', label: t('trade.fields.openPrice'), value: priceText(p.openPrice), testId: 'pos-entry' },
      {
        key: 'current',
        label: t(p.status === 'closed' ? 'trade.fields.closePrice' : `trade.fields.closingPrice.${p.side}`),
        value: priceText(value.price),
        testId: 'pos-current',
      },
    );
  }
  const time =
    p.status === 'closed' || p.status === 'cancelled'
      ? (p.closedAt ?? p.createdAt)
      : p.status === 'pending'
        ? p.createdAt
        : (p.openedAt ?? p.createdAt);

  return (
    <article
      className="position-card"
      data-testid="pos-card"
      data-order-no={p.orderNo}
      data-status={p.status}
      data-symbol={p.symbol}
      data-basis={value.basis}
    >
      <button type="button" className="position-card__open" onClick={onOpen} data-testid="pos-open">
        <div className="position-card__head">
          <div className="position-card__name">
            <strong>{p.names[lang]}</strong> <span className="position-card__code num">{p.symbol}</span>
          </div>
          <ChevronRight className="position-card__chevron" aria-hidden="true" />
        </div>
        <div className="position-card__tags">
          <SideTag side={p.side} testId="pos-side" />
          <span className="trade-tag">{t('trade.leverageTag', { leverage: p.leverage })}</span>
          <StatusTag status={p.status} />
          {p.status === 'holding' && p.saleRules.includes('lockUp') && (
            <span className="trade-tag" data-testid="pos-locked">
              {t('trade.lockedTag')}
            </span>
          )}
          {p.closeReason && (
            <span className="position-card__reason" data-testid="pos-close-reason">
              {t(`trade.closeReason.${p.closeReason}`)}
            </span>
          )}
        </div>
        <dl className="position-card__figures">
          {figures.map((f) => (
            <div key={f.key}>
              <dt>{f.label}</dt>
              <dd className="num" data-testid={f.testId}>
                {f.value}
              </dd>
            </div>
          ))}
        </dl>
        {(p.status === 'holding' || p.status === 'closing') && (
          <div className="position-card__pnl">
            <span className="position-card__pnl-label">{t('trade.fields.unrealisedPnl')}</span>
            <PnlText pnl={value.pnl} percent={value.pnlPercent} testId="pos-pnl" />
          </div>
        )}
        {p.status === 'closed' && <ClosedResult position={p} value={value} />}
        <p className="position-card__time num">{t('common.jst', { time: jstText(time, 'Y-M-D h:m', lang) })}</p>
      </button>
      {onAction && (
        <div className="position-card__actions">
          <Button
            size="middle"
            fill="outline"
            color={p.status === 'holding' ? 'danger' : 'default'}
            onClick={onAction}
            data-testid={p.status === 'holding' ? 'pos-close' : 'pos-cancel'}
          >
            {t(p.status === 'holding' ? 'trade.actions.close' : 'trade.actions.cancel')}
          </Button>
        </div>
      )}
    </article>
  );
}

/** A closed position leads with its result after every fee and charge (手数料等控除後); the price-only P&L follows. */
function ClosedResult({ position, value }: { position: Position; value: Valuation }) {
  const { t } = useTranslation();
  const net = netResultOf(position);
  return (
    <>
      <div className="position-card__pnl">
        <span className="position-card__pnl-label">{t('trade.fields.netPnl')}</span>
        <PnlText pnl={net.pnl} percent={net.percent} testId="pos-net-pnl" />
      </div>
      <div className="position-card__net">
        <span>{t('trade.fields.realisedPnl')}</span>
        {value.pnl === null ? (
          <span data-testid="pos-pnl">—</span>
        ) : (
          <AmountText amount={value.pnl} signed testId="pos-pnl" />
        )}
      </div>
    </>
  );
}
