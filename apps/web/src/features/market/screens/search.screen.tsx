import { useState } from 'react';
import { Button } from 'antd-mobile';
import { CircleX, Search } from 'lucide-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { clearSearchHistory, fetchSearchHistory, marketKeys, rememberSearch, searchStocks } from '../api/market.api.ts';
import { normaliseSearchQuery, maxSearchLength } from '../components/search-query.ts';
import { useDebouncedValue } from '../components/use-debounced-value.ts';
import { ListHead } from '../components/paged-stock-list.tsx';
import { QuoteList, rowsPerPage } from '../components/quote-list.tsx';
import { Page } from '../../../shared/components/page.tsx';
import { useSession } from '../../../shared/session/session.store.ts';

/** The search field waits this long after the last keystroke before asking the server. */
const debounceMs = 250;

/** Search (/home/search): by code or by name in Japanese, English or Traditional Chinese, with the member's history. */
export function SearchScreen() {
  const { t } = useTranslation();
  const { token } = useSession();
  const queryClient = useQueryClient();
  const [text, setText] = useState('');
  const query = normaliseSearchQuery(useDebouncedValue(text, debounceMs));

  const results = useQuery({
    queryKey: marketKeys.search(query ?? ''),
    queryFn: ({ signal }) => searchStocks(query ?? '', signal),
    enabled: query !== null,
    staleTime: 10_000,
  });
  // What a member meant to search joins their history: pressing search, or opening one of the results.
  // The results shown as they type do not ("ト", "トヨ" are not searches).
  const remember = () => {
    if (query === null || token === '') return;
    void rememberSearch(query).then(
      () => queryClient.invalidateQueries({ queryKey: marketKeys.searchHistory }),
      () => undefined,
    );
  };

  const typing = normaliseSearchQuery(text) !== query;
  return (
    <Page testId="search-screen">
      <form
        className="search-field"
        role="search"
        onSubmit={(e) => {
          e.preventDefault();
          remember();
        }}
      >
        <Search className="search-field__icon" aria-hidden="true" />
        <input
          type="search"
          className="search-field__input"
          value={text}
          onChange={(e) => setText(e.target.value)}
          placeholder={t('search.placeholder')}
          aria-label={t('search.label')}
          maxLength={maxSearchLength}
          enterKeyHint="search"
          autoComplete="off"
          autoFocus
          data-testid="search-input"
        />
        {text !== '' && (
          <button
            type="button"
            className="icon-button search-field__clear"
            aria-label={t('search.clear')}
            onClick={() => setText('')}
            data-testid="search-clear"
          >
            <CircleX aria-hidden="true" />
          </button>
        )}
      </form>
      {query === null ? (
        <SearchHistory onPick={setText} />
      ) : (
        // A tap on a result opens it (the row navigates) and records the search; the capture sees it first.
        <section
          aria-live="polite"
          aria-busy={typing || results.isFetching}
          onClickCapture={(e) => {
            if (e.target instanceof Element && e.target.closest('[data-symbol]')) remember();
          }}
          data-testid="search-results-section"
        >
          {results.data && results.data.length > 0 && <ListHead />}
          <QuoteList
            quotes={results.data}
            failed={results.isError}
            onRetry={() => void results.refetch()}
            onResync={() => void queryClient.invalidateQueries({ queryKey: marketKeys.search(query) })}
            empty={{ title: t('search.noResultsTitle', { query }), body: t('search.noResultsBody') }}
            skeletonRows={4}
            testId="search-results"
          />
          {results.data && results.data.length > rowsPerPage && (
            <p className="list-note">{t('search.moreResults', { shown: rowsPerPage, total: results.data.length })}</p>
          )}
        </section>
      )}
    </Page>
  );
}

function SearchHistory({ onPick }: { onPick: (query: string) => void }) {
  const { t } = useTranslation();
  const { token } = useSession();
  const queryClient = useQueryClient();
  const history = useQuery({
    queryKey: [...marketKeys.searchHistory, token],
    queryFn: ({ signal }) => fetchSearchHistory(signal),
    enabled: token !== '',
  });
  const clear = useMutation({
    mutationFn: clearSearchHistory,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: marketKeys.searchHistory }),
  });

  if (token === '') return <p className="search-hint">{t('search.hintVisitor')}</p>;
  const items = history.data ?? [];
  return (
    <>
      <p className="search-hint">{t('search.hint')}</p>
      {items.length > 0 && (
        <section className="search-history" data-testid="search-history" aria-labelledby="search-history-title">
          <div className="search-history__head">
            <h2 className="section-title" id="search-history-title">
              {t('search.history')}
            </h2>
            <Button
              fill="none"
              size="small"
              color="primary"
              loading={clear.isPending}
              onClick={() => clear.mutate()}
              data-testid="search-history-clear"
            >
              {t('search.clearHistory')}
            </Button>
          </div>
          <ul className="search-history__chips">
            {items.map((item) => (
              <li key={item.query}>
                <button
                  type="button"
                  className="chip"
                  onClick={() => onPick(item.query)}
                  data-testid="search-history-chip"
                >
                  {item.query}
                </button>
              </li>
            ))}
          </ul>
        </section>
      )}
    </>
  );
}
