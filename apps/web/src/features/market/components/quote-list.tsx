import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { QuoteWire } from '@kabuto/contracts/market/fields';
import type { ListOrder } from '@kabuto/domain/market/ranking';
import { QuoteRow, QuoteRowSkeleton } from './quote-row.tsx';
import { useLiveRanking } from './use-live-ranking.ts';
import { LoadFailure } from '../../../shared/components/load-failure.tsx';
import { StatusBlock } from '../../../shared/components/status-block.tsx';

/** At most this many rows on screen: one stream topic each, and the stream serves 16 per socket. */
export const rowsPerPage = 12;

/** A ranked list is fetched again this often, so stocks that moved onto its page (or off it) are seen. */
export const rerankFetchMs = 30_000;

interface QuoteListProps {
  /** The rows, or undefined while the first answer is on its way. */
  quotes: readonly QuoteWire[] | undefined;
  failed: boolean;
  onRetry: () => void;
  onResync: () => void;
  empty: { title: string; body: string; action?: ReactNode };
  /** The first row's place in a ranking (rows are numbered from it); none for other lists. */
  firstRank?: number;
  /** The order the rows were fetched in, kept as they tick (rankings, sorted lists); none for a watchlist. */
  order?: ListOrder;
  showTurnover?: boolean;
  skeletonRows?: number;
  testId: string;
}

/** A list of quotes with its four states (UX "Visual language"): loading skeleton, failed with retry, empty, full. */
export function QuoteList({
  quotes: fetched,
  failed,
  onRetry,
  onResync,
  empty,
  firstRank,
  order,
  showTurnover,
  skeletonRows = 8,
  testId,
}: QuoteListProps) {
  const { t } = useTranslation();
  const { rows: quotes, report, reranks } = useLiveRanking(fetched, order);
  if (failed && !quotes) {
    return (
      <div className="quote-list quote-list--failed">
        <LoadFailure
          titleKey="quote.loadFailedTitle"
          messageKey="quote.loadFailedBody"
          onRetry={onRetry}
          testId={`${testId}-failed`}
        />
      </div>
    );
  }
  if (!quotes) {
    return (
      <div className="quote-list" aria-busy="true" aria-label={t('quote.loading')} data-testid={`${testId}-loading`}>
        {Array.from({ length: skeletonRows }, (_, i) => (
          <QuoteRowSkeleton key={i} />
        ))}
      </div>
    );
  }
  if (quotes.length === 0) {
    return (
      <div className="quote-list quote-list--empty centered-block" data-testid={`${testId}-empty`}>
        <StatusBlock kind="empty" title={empty.title} description={empty.body} />
        {empty.action}
      </div>
    );
  }
  return (
    <ul className="quote-list" data-testid={testId} data-reranks={reranks}>
      {quotes.slice(0, rowsPerPage).map((quote, i) => (
        <li key={quote.symbol}>
          <QuoteRow
            quote={quote}
            onResync={onResync}
            showTurnover={showTurnover}
            onLive={report}
            {...(firstRank !== undefined ? { rank: firstRank + i } : {})}
          />
        </li>
      ))}
    </ul>
  );
}
