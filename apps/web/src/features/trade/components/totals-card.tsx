import { Button, Skeleton } from 'antd-mobile';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Touch } from '@kabuto/domain/trading/position';
import type { TradeTotals } from '../api/trade.api.ts';
import { totalsFigures } from './totals-figures.ts';
import { AmountText } from '../../../shared/components/amount-text.tsx';
import { directionOf, percentText } from '../../../shared/format/price-change.ts';

/**
 * Issue 27 (建玉一覧): the head of the positions screen — unrealised P&L over every open position (signed and
 * coloured, with its percent of the margin in use), margin in use and buying power, moving with the live book as
 * the cards do. Its height is fixed by CSS whatever its state, so the tabs and cards below never move.
 */
export function TotalsCard({
  totals,
  touches,
}: {
  totals: UseQueryResult<TradeTotals>;
  touches: Readonly<Record<string, Touch | undefined>>;
}) {
  const { t } = useTranslation();
  const f = totals.data ? totalsFigures(totals.data, touches) : null;
  const state = f ? 'ready' : totals.isError ? 'failed' : 'loading';
  return (
    <section
      className="positions-totals"
      aria-label={t('trade.totals.title')}
      aria-busy={state === 'loading'}
      data-testid="pos-totals"
      data-state={state}
      data-basis={f?.basis}
    >
      <div className="positions-totals__head">
        <span className="positions-totals__label">{t('trade.totals.unrealised')}</span>
        {f && (
          <span className="positions-totals__count num" data-testid="pos-totals-count">
            {t('trade.totals.count', { count: f.openCount })}
          </span>
        )}
        {state === 'failed' && (
          <Button
            size="small"
            fill="none"
            color="primary"
            className="positions-totals__retry"
            loading={totals.isFetching}
            onClick={() => void totals.refetch()}
            data-testid="pos-totals-retry"
          >
            {t('common.retry')}
          </Button>
        )}
      </div>
      <div className="positions-totals__pnl">
        {f ? (
          <>
            <AmountText amount={f.unrealised} signed testId="pos-totals-pnl" />
            {f.unrealisedPercent !== null && (
              <span
                className={`positions-totals__percent num price--${directionOf(f.unrealisedPercent)}`}
                data-testid="pos-totals-percent"
              >
                {percentText(f.unrealisedPercent)}
              </span>
            )}
          </>
        ) : state === 'failed' ? (
          <span className="positions-totals__failed" role="alert">
            {t('trade.totals.failed')}
          </span>
        ) : (
          <Skeleton animated className="positions-totals__skeleton-figure" />
        )}
      </div>
      <dl className="positions-totals__figures">
        <div>
          <dt>{t('trade.totals.margin')}</dt>
          <dd data-testid="pos-totals-margin">{f ? <AmountText amount={f.margin} /> : <FigurePlaceholder />}</dd>
        </div>
        <div>
          <dt>{t('trade.totals.available')}</dt>
          <dd data-testid="pos-totals-available">{f ? <AmountText amount={f.available} /> : <FigurePlaceholder />}</dd>
        </div>
      </dl>
    </section>
  );
}

function FigurePlaceholder() {
  return <Skeleton animated className="positions-totals__skeleton-line" />;
}
