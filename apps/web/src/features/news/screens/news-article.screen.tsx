import { Button, Skeleton } from 'antd-mobile';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { fetchNewsArticle, newsKeys } from '../api/news.api.ts';
import { ApiError } from '../../../shared/api/http-client.ts';
import { LoadFailure } from '../../../shared/components/load-failure.tsx';
import { Page } from '../../../shared/components/page.tsx';
import { jstText, useLocale } from '../../../shared/format/jst.ts';
import { addressParam, replace } from '../../../shared/navigation/navigation.ts';
import { StatusBlock } from '../../../shared/components/status-block.tsx';
import '../news.css';

/** One article (/home/DetailsPage?id=…): plain text, drawn as text (never as markup), with its source and time. */
export function NewsArticleScreen() {
  const { t } = useTranslation();
  const lang = useLocale();
  const id = addressParam('id') ?? '';
  const article = useQuery({
    queryKey: newsKeys.detail(id),
    queryFn: ({ signal }) => fetchNewsArticle(id, signal),
    enabled: id !== '',
    retry: (count, error) => !(error instanceof ApiError && error.kind === 'refusal') && count < 2,
  });

  const missing = id === '' || (article.error instanceof ApiError && article.error.kind === 'refusal');
  return (
    <Page testId="news-article-screen">
      {missing ? (
        <div className="centered-block" data-testid="news-missing">
          <StatusBlock kind="empty" title={t('news.missingTitle')} description={t('news.missingBody')} />
          <Button color="primary" onClick={() => replace('/home/moreNews')}>
            {t('news.toList')}
          </Button>
        </div>
      ) : article.isPending ? (
        <div className="news__loading" aria-busy="true">
          <Skeleton.Title animated />
          <Skeleton.Paragraph lineCount={6} animated />
        </div>
      ) : article.isError ? (
        <LoadFailure
          titleKey="news.loadFailedTitle"
          messageKey="news.loadFailedBody"
          onRetry={() => void article.refetch()}
          testId="news-failed"
        />
      ) : (
        <article className="news-article" data-testid="news-article">
          <h1 className="news-article__title">{article.data.title}</h1>
          <p className="news-article__meta">
            {article.data.source} · <span className="num">{jstText(article.data.publishedAt, 'Y-M-D h:m', lang)}</span>{' '}
            JST
          </p>
          {article.data.body.split(/\n{2,}/).map((paragraph, i) => (
            <p key={i} className="news-article__paragraph">
              {paragraph}
            </p>
          ))}
        </article>
      )}
    </Page>
  );
}
