import { useState } from 'react';
import { Button, Tabs } from 'antd-mobile';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { fetchWatchlist, marketKeys } from '../api/market.api.ts';
import type { StockListSort } from '../api/market.api.ts';
import { MarketBanner } from '../components/market-banner.tsx';
import { marketTabFrom, nextListSort, pageCount, sortButtonOf } from '../components/market-address.ts';
import type { MarketTab, SortButton } from '../components/market-address.ts';
import { ListHead, PagedStockList } from '../components/paged-stock-list.tsx';
import { QuoteList, rowsPerPage } from '../components/quote-list.tsx';
import { SearchOpener } from '../components/search-opener.tsx';
import { Page } from '../../../shared/components/page.tsx';
import { Refreshable } from '../../../shared/components/refreshable.tsx';
import { SignInRequired } from '../../../shared/components/sign-in-required.tsx';
import { addressParam, push } from '../../../shared/navigation/navigation.ts';
import { useSession } from '../../../shared/session/session.store.ts';

/** Market (/market/market): every listed stock, sortable, and the member's watchlist (SPEC §2, UX "Market list"). */
export function MarketListScreen() {
  const { t } = useTranslation();
  // Chosen once from the address (the home shortcut opens ?tab=watchlist); tapping a tab does not reload the screen.
  const [tab, setTab] = useState<MarketTab>(() => marketTabFrom(addressParam('tab')));
  const queryClient = useQueryClient();
  // Pulled down: the lists, the watchlist and the session banner are asked again (the rows' quotes are live anyway).
  const refresh = () =>
    Promise.all(
      [marketKeys.stockLists, marketKeys.watchlist, marketKeys.status].map((queryKey) =>
        queryClient.invalidateQueries({ queryKey }),
      ),
    );
  return (
    <Page testId="market-list-screen" showBack={false}>
      <SearchOpener />
      <Refreshable onRefresh={refresh}>
        <MarketBanner />
        <Tabs className="market-tabs" activeKey={tab} onChange={(key) => setTab(marketTabFrom(key))}>
          <Tabs.Tab
            key="market"
            destroyOnClose
            title={<span data-testid="market-tab-market">{t('marketList.tabMarket')}</span>}
          >
            <StockMarketTab />
          </Tabs.Tab>
          <Tabs.Tab
            key="watchlist"
            destroyOnClose
            title={<span data-testid="market-tab-watchlist">{t('marketList.tabWatchlist')}</span>}
          >
            <WatchlistTab />
          </Tabs.Tab>
        </Tabs>
      </Refreshable>
    </Page>
  );
}

const sortButtons: readonly SortButton[] = ['code', 'change', 'turnover'];

function StockMarketTab() {
  const { t } = useTranslation();
  const [sort, setSort] = useState<StockListSort>('code');
  const current = sortButtonOf(sort);
  return (
    <section data-testid="market-stocks">
      <div className="sort-bar" role="group" aria-label={t('marketList.sortBy')}>
        {sortButtons.map((button) => (
          <button
            key={button}
            type="button"
            className="sort-bar__button"
            aria-pressed={current === button}
            onClick={() => setSort(nextListSort(sort, button))}
            data-testid={`market-sort-${button}`}
          >
            {button === 'change' ? (
              <>
                {t('marketList.sortChange')}
                {current === 'change' && (
                  <>
                    <span aria-hidden="true">{sort === 'changeDesc' ? '▼' : '▲'}</span>
                    <span className="visually-hidden">
                      {t(sort === 'changeDesc' ? 'marketList.highestFirst' : 'marketList.lowestFirst')}
                    </span>
                  </>
                )}
              </>
            ) : (
              t(button === 'code' ? 'marketList.sortCode' : 'marketList.sortTurnover')
            )}
          </button>
        ))}
      </div>
      <PagedStockList sort={sort} testId="market-list" />
    </section>
  );
}

function WatchlistTab() {
  const { t } = useTranslation();
  const { token } = useSession();
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  // Keyed by the session too, so a new sign-in never sees the last member's list; fetched afresh each time the tab
  // shows, since a star on the detail screen (or another device) may have changed it.
  const watchlist = useQuery({
    queryKey: [...marketKeys.watchlist, token],
    queryFn: ({ signal }) => fetchWatchlist(signal),
    enabled: token !== '',
    staleTime: 0,
  });
  if (token === '') return <SignInRequired />;

  const items = watchlist.data;
  const pages = pageCount(items?.length ?? 0, rowsPerPage);
  const shownPage = Math.min(page, pages);
  const shown = items?.slice((shownPage - 1) * rowsPerPage, shownPage * rowsPerPage);
  return (
    <section data-testid="market-watchlist">
      {items && items.length > 0 && <ListHead />}
      <QuoteList
        quotes={shown}
        failed={watchlist.isError}
        onRetry={() => void watchlist.refetch()}
        onResync={() => void queryClient.invalidateQueries({ queryKey: marketKeys.watchlist })}
        empty={{
          title: t('marketList.watchlistEmptyTitle'),
          body: t('marketList.watchlistEmptyBody'),
          action: (
            <Button
              color="primary"
              size="large"
              block
              onClick={() => push('/home/search')}
              data-testid="watchlist-empty-search"
            >
              {t('marketList.findStocks')}
            </Button>
          ),
        }}
        testId="watchlist"
      />
      {pages > 1 && (
        <nav className="pager" aria-label={t('quote.pages')}>
          <Button disabled={shownPage <= 1} onClick={() => setPage(shownPage - 1)}>
            {t('quote.previous')}
          </Button>
          <span className="pager__where num">{t('quote.pageOf', { page: shownPage, pages })}</span>
          <Button disabled={shownPage >= pages} onClick={() => setPage(shownPage + 1)}>
            {t('quote.next')}
          </Button>
        </nav>
      )}
    </section>
  );
}
