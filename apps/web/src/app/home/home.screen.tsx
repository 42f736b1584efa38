import { useState } from 'react';
import type { ReactNode } from 'react';
import { Button, Skeleton } from 'antd-mobile';
import {
  Copy,
  CreditCard,
  HandCoins,
  Handshake,
  Headset,
  MessagesSquare,
  JapaneseYen,
  Layers,
  Moon,
  Receipt,
  Search,
  Star,
  Sunrise,
  Ticket,
  Timer,
  Zap,
} from 'lucide-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { IndexValueWire } from '@kabuto/contracts/market/fields';
import { fetchStockList, marketKeys } from '../../features/market/api/market.api.ts';
import { MarketBanner } from '../../features/market/components/market-banner.tsx';
import type { RankingSort } from '../../features/market/components/market-address.ts';
import { QuoteList, rerankFetchMs } from '../../features/market/components/quote-list.tsx';
import { useAssets } from '../../features/funds/api/funds.queries.ts';
import { useLiveIndices } from '../../features/indices/api/indices.api.ts';
import { fetchNewsPage, newsKeys } from '../../features/news/api/news.api.ts';
import { Page } from '../../shared/components/page.tsx';
import { changeText, directionArrow, directionOf, percentText, priceText } from '../../shared/format/price-change.ts';
import { jstText, useLocale } from '../../shared/format/jst.ts';
import { moneyText } from '../../shared/format/money-text.ts';
import { push } from '../../shared/navigation/navigation.ts';
import { useSession } from '../../shared/session/session.store.ts';
import { SupportBadge } from '../../shared/support/support-badge.tsx';
import { NoticeBell } from '../../shared/notices/notice-bell.tsx';
import { supportChatPath } from '../../shared/support/support-path.ts';
import './home.css';

/** Home (/home/index), UX "Home": assets, indices, shortcuts, hot stocks and the latest news. It composes several
 * features (funds, indices, market, news), so it lives with the composition root rather than in one feature. */
export function HomeScreen() {
  const { t } = useTranslation();
  return (
    <Page
      testId="home-screen"
      showBack={false}
      right={
        <>
          <NoticeBell testId="home-notices" />
          <button
            type="button"
            className="icon-button"
            aria-label={t('titles.search')}
            onClick={() => push('/home/search')}
            data-testid="home-search"
          >
            <Search aria-hidden="true" />
          </button>
        </>
      }
    >
      <MarketBanner />
      <AssetsCard />
      <IndexStrip />
      <Shortcuts />
      <HotStocks />
      <LatestNews />
    </Page>
  );
}

function AssetsCard() {
  const { t } = useTranslation();
  const { token } = useSession();
  const assets = useAssets();
  if (token === '') {
    return (
      <section className="asset-card home-visitor" data-testid="home-visitor">
        <p>{t('home.visitorBody')}</p>
        <Button color="default" size="large" block onClick={() => push('/login/login')} data-testid="home-sign-in">
          {t('home.signIn')}
        </Button>
      </section>
    );
  }
  return (
    <button
      type="button"
      className="asset-card home-assets"
      onClick={() => push('/user/usercenter')}
      data-testid="home-assets"
    >
      <span className="asset-card__label">{t('home.totalAssets')}</span>
      {assets.data ? (
        <>
          <span className="asset-card__total num" data-testid="home-total">
            {moneyText(assets.data.totalAssets)}
          </span>
          <span className="home-assets__row">
            <span>{t('home.available')}</span>
            <span className="num">{moneyText(assets.data.available)}</span>
          </span>
        </>
      ) : assets.isError ? (
        <span className="home-assets__row">{t('home.assetsFailed')}</span>
      ) : (
        <span className="asset-card__loading" aria-busy="true">
          <Skeleton.Title animated />
        </span>
      )}
      <span className="home-assets__row">
        <span>{t('home.toMemberCentre')}</span>
        <span aria-hidden="true">›</span>
      </span>
    </button>
  );
}

function IndexStrip() {
  const { t } = useTranslation();
  const lang = useLocale();
  const indices = useLiveIndices();
  if (indices.isError || indices.data?.length === 0) return null;
  return (
    <section aria-label={t('home.indices')}>
      <h2 className="section-title">{t('home.indices')}</h2>
      {!indices.data ? (
        <div className="index-strip index-strip--loading" aria-busy="true">
          <Skeleton animated />
          <Skeleton animated />
        </div>
      ) : (
        <div className="index-strip" data-testid="home-indices">
          {indices.data.map((index: IndexValueWire) => {
            const direction = directionOf(index.change);
            return (
              <button
                key={index.code}
                type="button"
                className="index-chip"
                onClick={() => push('/gdindex/gdindex')}
                data-testid="home-index"
              >
                <span className="index-chip__name">{index.names[lang]}</span>
                <span className={`index-chip__value num price--${direction}`} data-testid="home-index-value">
                  {priceText(index.value)}
                </span>
                <span className={`index-chip__change num price--${direction}`} data-testid="home-index-change">
                  <span aria-hidden="true">{directionArrow[direction]}</span> {changeText(index.change)} (
                  {percentText(index.changePercent)})
                </span>
              </button>
            );
          })}
        </div>
      )}
    </section>
  );
}

interface Shortcut {
  key: string;
  path: string;
  icon: ReactNode;
  /** Issue 27: the chat's entry points carry its unread count. */
  unread?: boolean;
}

// SPEC §2 home shortcuts whose screens exist today; the others appear as their screens are built (issue 7: no dead buttons).
const shortcuts: readonly Shortcut[] = [
  { key: 'deposit', path: '/user/recharge', icon: <JapaneseYen /> },
  { key: 'withdraw', path: '/user/withdraw', icon: <CreditCard /> },
  { key: 'fundRecords', path: '/user/FundingDetails', icon: <Receipt /> },
  { key: 'watchlist', path: '/market/market?tab=watchlist', icon: <Star /> },
  { key: 'ipo', path: '/market/subscribe', icon: <Ticket /> },
  // SPEC §2 "grab shares": lapsed IPO wins re-offered first come, first served; the offerings list tags the open windows.
  { key: 'grab', path: '/market/subscribe', icon: <Timer /> },
  // SPEC §2 names both; /common/dividend is "negotiated bid / block trade", one screen for the two shortcuts.
  { key: 'negotiated', path: '/common/dividend', icon: <Handshake /> },
  { key: 'blockTrade', path: '/common/dividend', icon: <Layers /> },
  { key: 'preMarket', path: '/market/preMarket', icon: <Sunrise /> },
  { key: 'afterHours', path: '/market/afterHours', icon: <Moon /> },
  { key: 'dayTrading', path: '/common/dayTrading', icon: <Zap /> },
  // SPEC §2 "quant copy trading": the strategies (docs/issue26-copy.md).
  { key: 'copyTrading', path: '/follow/list', icon: <Copy /> },
  { key: 'creditBorrowing', path: '/user/jk', icon: <HandCoins /> },
  // SPEC §2 names both; one chat with support (issue 27).
  { key: 'customerService', path: supportChatPath, icon: <Headset />, unread: true },
  { key: 'onlineSupport', path: supportChatPath, icon: <MessagesSquare />, unread: true },
];

/** The shortcuts' label keys, for the test that they are in the catalogue parts home loads. */
export const shortcutLabelKeys = shortcuts.map((s) => `home.shortcut.${s.key}`);

function Shortcuts() {
  const { t } = useTranslation();
  return (
    <nav className="shortcuts" aria-label={t('home.shortcuts')} data-testid="home-shortcuts">
      {shortcuts.map((s) => (
        <button
          key={s.key}
          type="button"
          className="shortcut"
          onClick={() => push(s.path)}
          data-testid={`home-shortcut-${s.key}`}
        >
          {s.unread ? (
            <SupportBadge testId={`home-shortcut-${s.key}-unread`}>
              <span className="shortcut__icon" aria-hidden="true">
                {s.icon}
              </span>
            </SupportBadge>
          ) : (
            <span className="shortcut__icon" aria-hidden="true">
              {s.icon}
            </span>
          )}
          {t(`home.shortcut.${s.key}`)}
        </button>
      ))}
    </nav>
  );
}

type HotSort = Extract<RankingSort, 'gainers' | 'turnover'>;
const hotSorts: readonly HotSort[] = ['gainers', 'turnover'];
const hotRows = 5;

/** A home section's heading with its "more" link to the full screen. */
function SectionHead({
  id,
  title,
  onMore,
  moreTestId,
}: {
  id: string;
  title: string;
  onMore: () => void;
  moreTestId: string;
}) {
  const { t } = useTranslation();
  return (
    <div className="home-section__head">
      <h2 className="home-section__title" id={id}>
        {title}
      </h2>
      <Button
        className="home-section__more"
        fill="none"
        size="small"
        color="primary"
        onClick={onMore}
        data-testid={moreTestId}
      >
        {t('home.more')}
      </Button>
    </div>
  );
}

function HotStocks() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [sort, setSort] = useState<HotSort>('gainers');
  // Page 1 of the ranking with five rows: its own key, so the rankings screen's twelve-row page is not confused with it.
  const queryKey = [...marketKeys.stockList(sort, 1), hotRows] as const;
  const hot = useQuery({
    queryKey,
    queryFn: ({ signal }) => fetchStockList(sort, 1, hotRows, signal),
    refetchInterval: rerankFetchMs,
  });
  return (
    <section className="home-section" aria-labelledby="home-hot-title" data-testid="home-hot">
      <SectionHead
        id="home-hot-title"
        title={t('home.hotStocks')}
        onMore={() => push(`/market/stockHot/stockList?sort=${sort}`)}
        moreTestId="home-hot-more"
      />
      <div className="sort-bar" role="group" aria-label={t('home.hotBy')}>
        {hotSorts.map((s) => (
          <button
            key={s}
            type="button"
            className="sort-bar__button"
            aria-pressed={sort === s}
            onClick={() => setSort(s)}
            data-testid={`home-hot-${s}`}
          >
            {t(`rankings.${s}`)}
          </button>
        ))}
      </div>
      <QuoteList
        quotes={hot.data?.items}
        failed={hot.isError}
        onRetry={() => void hot.refetch()}
        onResync={() => void queryClient.invalidateQueries({ queryKey })}
        empty={{ title: t('quote.emptyTitle'), body: t('quote.emptyBody') }}
        firstRank={1}
        order={sort}
        showTurnover={sort === 'turnover'}
        skeletonRows={hotRows}
        testId="home-hot-list"
      />
    </section>
  );
}

const newsRows = 3;

function LatestNews() {
  const { t } = useTranslation();
  const lang = useLocale();
  const news = useQuery({
    queryKey: [...newsKeys.list(lang), 'latest', newsRows],
    queryFn: ({ signal }) => fetchNewsPage({ lang, page: 1, pageSize: newsRows }, signal),
  });
  return (
    <section className="home-section" aria-labelledby="home-news-title" data-testid="home-news">
      <SectionHead
        id="home-news-title"
        title={t('home.news')}
        onMore={() => push('/home/moreNews')}
        moreTestId="home-news-more"
      />
      <ul className="home-news">
        {news.isPending ? (
          <li className="news__loading" aria-busy="true">
            <Skeleton.Paragraph lineCount={3} animated />
          </li>
        ) : news.isError ? (
          <li>
            <button
              type="button"
              className="home-news__item"
              onClick={() => void news.refetch()}
              data-testid="home-news-retry"
            >
              <span className="home-news__title">{t('home.newsFailed')}</span>
              <span className="news__meta">{t('common.retry')}</span>
            </button>
          </li>
        ) : news.data.items.length === 0 ? (
          <li className="list-note">{t('home.newsEmpty')}</li>
        ) : (
          news.data.items.map((item) => (
            <li key={item.id}>
              <button
                type="button"
                className="home-news__item"
                onClick={() => push(`/home/DetailsPage?id=${item.id}`)}
                data-testid="home-news-item"
              >
                <span className="home-news__title">{item.title}</span>
                <span className="news__meta">
                  {item.source} · <span className="num">{jstText(item.publishedAt, 'M/D h:m', lang)}</span> JST
                </span>
              </button>
            </li>
          ))
        )}
      </ul>
    </section>
  );
}
