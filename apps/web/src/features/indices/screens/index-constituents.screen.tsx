import { Button, Skeleton } from 'antd-mobile';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { fetchConstituents, indicesKeys } from '../api/indices.api.ts';
import { ApiError } from '../../../shared/api/http-client.ts';
import { LoadFailure } from '../../../shared/components/load-failure.tsx';
import { Page } from '../../../shared/components/page.tsx';
import {
  changeText,
  directionArrow,
  directionOf,
  percentText,
  priceText,
} from '../../../shared/format/price-change.ts';
import { useLocale } from '../../../shared/format/jst.ts';
import { addressParam, push, replace } from '../../../shared/navigation/navigation.ts';
import { StatusBlock } from '../../../shared/components/status-block.tsx';
import '../indices.css';

/** An index's constituents (/gdindex/gdList?code=…): each stock's price, change and weight, and how the index is computed. */
export function IndexConstituentsScreen() {
  const { t } = useTranslation();
  const lang = useLocale();
  const code = addressParam('code') ?? '';
  const list = useQuery({
    queryKey: indicesKeys.constituents(code),
    queryFn: ({ signal }) => fetchConstituents(code, signal),
    enabled: code !== '',
    retry: (count, error) => !(error instanceof ApiError && error.kind === 'refusal') && count < 2,
  });
  const missing = code === '' || (list.error instanceof ApiError && list.error.kind === 'refusal');

  return (
    <Page testId="index-constituents-screen" title={list.data ? list.data.index.names[lang] : undefined}>
      {missing ? (
        <div className="centered-block" data-testid="index-missing">
          <StatusBlock kind="empty" title={t('indices.missingTitle')} description={t('indices.missingBody')} />
          <Button color="primary" onClick={() => replace('/gdindex/gdindex')}>
            {t('indices.toList')}
          </Button>
        </div>
      ) : list.isPending ? (
        <div className="news__loading" aria-busy="true">
          <Skeleton.Paragraph lineCount={8} animated />
        </div>
      ) : list.isError ? (
        <LoadFailure
          titleKey="indices.loadFailedTitle"
          messageKey="indices.loadFailedBody"
          onRetry={() => void list.refetch()}
          testId="index-failed"
        />
      ) : (
        <>
          <section className="index-summary" data-testid="index-summary">
            <span className={`index-card__value num price--${directionOf(list.data.index.change)}`}>
              {priceText(list.data.index.value)}
            </span>
            <span
              className={`index-card__change num price--${directionOf(list.data.index.change)}`}
              data-testid="index-change"
            >
              {directionArrow[directionOf(list.data.index.change)]} {changeText(list.data.index.change)} (
              {percentText(list.data.index.changePercent)})
            </span>
            <span className="index-card__meta">
              {t(list.data.index.method === 'price-weighted' ? 'indices.priceWeightedHow' : 'indices.capWeightedHow')}{' '}
              {t('indices.simulated')}
            </span>
          </section>
          <section className="constituents" data-testid="constituents">
            <div className="constituents__head" aria-hidden="true">
              <span>{t('indices.stock')}</span>
              <span>{t('indices.last')}</span>
              <span>{t('indices.weight')}</span>
            </div>
            <ul className="constituents__list">
              {list.data.constituents.map((c) => {
                const direction = directionOf(c.changePercent);
                return (
                  <li key={c.symbol}>
                    {/* Each row opens the stock's detail (issue 16 §3.9): a real button, at least 44 px tall. */}
                    <button
                      type="button"
                      className="constituent"
                      onClick={() => push(`/market/marketDetail?symbol=${encodeURIComponent(c.symbol)}`)}
                      data-testid="constituent"
                      data-symbol={c.symbol}
                    >
                      <span className="constituent__who">
                        <span className="constituent__name">{c.names[lang]}</span>
                        <span className="constituent__code num">{c.symbol}</span>
                      </span>
                      <span className="constituent__price num">
                        <span data-testid="constituent-last">{priceText(c.last)}</span>
                        <span className={`constituent__change price--${direction}`} data-testid="constituent-change">
                          <span aria-hidden="true">{directionArrow[direction]}</span>
                          <span className="visually-hidden">{t(`quote.direction.${direction}`)}</span>{' '}
                          {percentText(c.changePercent)}
                        </span>
                      </span>
                      <span className="constituent__weight num" data-testid="constituent-weight">
                        <span className="visually-hidden">{t('indices.weight')} </span>
                        {percentText(c.weightPercent, { signed: false })}
                      </span>
                    </button>
                  </li>
                );
              })}
            </ul>
          </section>
        </>
      )}
    </Page>
  );
}
