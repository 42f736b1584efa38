import { Button, Skeleton } from 'antd-mobile';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { fetchConstituents, indicesKeys } from '../api/indices.api.ts';
import { ApiError } from '../../../shared/api/http-client.ts';
import { LoadFailure } from '../../../shared/components/load-failure.tsx';
import { Page } from '../../../shared/components/page.tsx';
import { directionArrow, directionOf, signedText } from '../../../shared/format/price-change.ts';
import { useLocale } from '../../../shared/format/jst.ts';
import { addressParam, replace } from '../../../shared/navigation/navigation.ts';
import { StatusBlock } from '../../../shared/components/status-block.tsx';

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
              {list.data.index.value}
            </span>
            <span className={`index-card__change num price--${directionOf(list.data.index.change)}`}>
              {directionArrow[directionOf(list.data.index.change)]} {signedText(list.data.index.change)} (
              {signedText(list.data.index.changePercent)}%)
            </span>
            <span className="index-card__meta">
              {t(list.data.index.method === 'price-weighted' ? 'indices.priceWeightedHow' : 'indices.capWeightedHow')}{' '}
              {t('indices.simulated')}
            </span>
          </section>
          <table className="constituents" data-testid="constituents">
            <thead>
              <tr>
                <th scope="col">{t('indices.stock')}</th>
                <th scope="col" className="num-col">
                  {t('indices.last')}
                </th>
                <th scope="col" className="num-col">
                  {t('indices.weight')}
                </th>
              </tr>
            </thead>
            <tbody>
              {list.data.constituents.map((c) => {
                const direction = directionOf(c.changePercent);
                return (
                  <tr key={c.symbol} data-testid="constituent">
                    <td>
                      <span className="constituents__name">{c.names[lang]}</span>
                      <span className="constituents__code num">{c.symbol}</span>
                    </td>
                    <td className="num-col num">
                      <span>{c.last}</span>
                      <span className={`constituents__change price--${direction}`}>
                        {directionArrow[direction]} {signedText(c.changePercent)}%
                      </span>
                    </td>
                    <td className="num-col num">{c.weightPercent}%</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </>
      )}
    </Page>
  );
}
