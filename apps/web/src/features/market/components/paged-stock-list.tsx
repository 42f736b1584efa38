import { useState } from 'react';
import { Button } from 'antd-mobile';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { fetchStockList, marketKeys } from '../api/market.api.ts';
import type { StockListSort } from '../api/market.api.ts';
import { pageCount } from './market-address.ts';
import { QuoteList, rerankFetchMs, rowsPerPage } from './quote-list.tsx';

interface PagedStockListProps {
  sort: StockListSort;
  /** Rankings number their rows. */
  ranked?: boolean;
  testId: string;
}

/** Listed stocks a page of twelve at a time in one order (code, gainers, losers, turnover), with previous / next. */
export function PagedStockList({ sort, ranked = false, testId }: PagedStockListProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [page, setPage] = usePage(sort);
  const list = useQuery({
    queryKey: marketKeys.stockList(sort, page),
    queryFn: ({ signal }) => fetchStockList(sort, page, rowsPerPage, signal),
    placeholderData: keepPreviousData,
    // Re-ranked on screen every few seconds; fetched again now and then for the stocks that moved onto the page.
    refetchInterval: sort === 'code' ? false : rerankFetchMs,
  });
  const pages = pageCount(list.data?.total ?? 0, rowsPerPage);
  const resync = () => void queryClient.invalidateQueries({ queryKey: marketKeys.stockList(sort, page) });

  return (
    <>
      <ListHead />
      <QuoteList
        quotes={list.data?.items}
        failed={list.isError}
        onRetry={() => void list.refetch()}
        onResync={resync}
        empty={{ title: t('quote.emptyTitle'), body: t('quote.emptyBody') }}
        order={sort}
        showTurnover={sort === 'turnover'}
        testId={testId}
        {...(ranked ? { firstRank: (page - 1) * rowsPerPage + 1 } : {})}
      />
      {list.data && pages > 1 && (
        <nav className="pager" aria-label={t('quote.pages')}>
          <Button
            disabled={page <= 1 || list.isFetching}
            onClick={() => setPage(page - 1)}
            data-testid={`${testId}-prev`}
          >
            {t('quote.previous')}
          </Button>
          <span className="pager__where num" data-testid={`${testId}-page`}>
            {t('quote.pageOf', { page, pages })}
          </span>
          <Button
            disabled={page >= pages || list.isFetching}
            onClick={() => setPage(page + 1)}
            data-testid={`${testId}-next`}
          >
            {t('quote.next')}
          </Button>
        </nav>
      )}
    </>
  );
}

/** The column heads over a list of quote rows. */
export function ListHead() {
  const { t } = useTranslation();
  return (
    <div className="list-head" aria-hidden="true">
      <span>{t('quote.stock')}</span>
      <span>{t('quote.last')}</span>
      <span>{t('quote.changePercent')}</span>
    </div>
  );
}

/** The page number, back to 1 whenever the order changes. */
function usePage(sort: StockListSort): [number, (page: number) => void] {
  const [state, setState] = useState({ sort, page: 1 });
  const page = state.sort === sort ? state.page : 1;
  return [page, (next) => setState({ sort, page: next })];
}
