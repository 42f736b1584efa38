import { useState } from 'react';
import { Tabs } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { MarketBanner } from '../components/market-banner.tsx';
import { rankingSortFrom, rankingSorts } from '../components/market-address.ts';
import type { RankingSort } from '../components/market-address.ts';
import { PagedStockList } from '../components/paged-stock-list.tsx';
import { Page } from '../../../shared/components/page.tsx';
import { addressParam } from '../../../shared/navigation/navigation.ts';

/** Rankings (/market/stockHot/stockList): top gainers, losers and turnover, numbered (issue 7). `?sort=` picks the tab. */
export function RankingsScreen() {
  const { t } = useTranslation();
  const [sort, setSort] = useState<RankingSort>(() => rankingSortFrom(addressParam('sort')));
  return (
    <Page testId="rankings-screen">
      <MarketBanner />
      <Tabs className="market-tabs" activeKey={sort} onChange={(key) => setSort(rankingSortFrom(key))}>
        {rankingSorts.map((s) => (
          <Tabs.Tab key={s} title={<span data-testid={`rankings-tab-${s}`}>{t(`rankings.${s}`)}</span>} />
        ))}
      </Tabs>
      <p className="list-note">{t(`rankings.${sort}Note`)}</p>
      <PagedStockList sort={sort} ranked testId="rankings-list" />
    </Page>
  );
}
