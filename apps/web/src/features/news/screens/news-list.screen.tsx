import { Button, List, Skeleton } from 'antd-mobile';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { fetchNewsPage, newsKeys } from '../api/news.api.ts';
import { LoadFailure } from '../../../shared/components/load-failure.tsx';
import { Page } from '../../../shared/components/page.tsx';
import { jstText, useLocale } from '../../../shared/format/jst.ts';
import { back, push } from '../../../shared/navigation/navigation.ts';
import { StatusBlock } from '../../../shared/components/status-block.tsx';
import '../news.css';

const PAGE_SIZE = 20;

/** News (/home/moreNews): articles staff published in the member's language, newest first (SPEC §2). */
export function NewsListScreen() {
  const { t } = useTranslation();
  const lang = useLocale();
  const news = useInfiniteQuery({
    queryKey: newsKeys.list(lang),
    queryFn: ({ pageParam, signal }) => fetchNewsPage({ lang, page: pageParam, pageSize: PAGE_SIZE }, signal),
    initialPageParam: 1,
    getNextPageParam: (last, all) =>
      all.reduce((n, p) => n + p.items.length, 0) < last.total ? all.length + 1 : undefined,
  });

  return (
    <Page testId="news-list-screen" showBack={false}>
      {news.isPending ? (
        <div className="news__loading" aria-busy="true" data-testid="news-loading">
          {Array.from({ length: 5 }, (_, i) => (
            <Skeleton.Paragraph key={i} lineCount={2} animated />
          ))}
        </div>
      ) : news.isError ? (
        <LoadFailure
          titleKey="news.loadFailedTitle"
          messageKey="news.loadFailedBody"
          onRetry={() => void news.refetch()}
          testId="news-failed"
        />
      ) : news.data.pages[0]?.items.length === 0 ? (
        <div className="centered-block" data-testid="news-empty">
          <StatusBlock kind="empty" title={t('news.emptyTitle')} description={t('news.emptyBody')} />
          <Button color="primary" onClick={() => back('/home/index')}>
            {t('common.back')}
          </Button>
        </div>
      ) : (
        <>
          <List mode="card" data-testid="news-list">
            {news.data.pages
              .flatMap((p) => p.items)
              .map((item) => (
                <List.Item
                  key={item.id}
                  onClick={() => push(`/home/DetailsPage?id=${item.id}`)}
                  description={
                    <span className="news__meta">
                      {item.source} · <span className="num">{jstText(item.publishedAt, 'Y-M-D h:m', lang)}</span> JST
                    </span>
                  }
                  data-testid="news-item"
                >
                  <span className="news__title">{item.title}</span>
                </List.Item>
              ))}
          </List>
          {news.hasNextPage && (
            <div className="load-more">
              <Button
                loading={news.isFetchingNextPage}
                onClick={() => void news.fetchNextPage()}
                data-testid="news-more"
              >
                {t('news.more')}
              </Button>
            </div>
          )}
        </>
      )}
    </Page>
  );
}
