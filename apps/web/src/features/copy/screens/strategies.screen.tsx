import { Button, Skeleton } from 'antd-mobile';
import { ChevronRight, History } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useStrategies } from '../api/copy.queries.ts';
import { StrategyCard } from '../components/strategy-card.tsx';
import { LoadFailure } from '../../../shared/components/load-failure.tsx';
import { Page } from '../../../shared/components/page.tsx';
import { SignInRequired } from '../../../shared/components/sign-in-required.tsx';
import { StatusBlock } from '../../../shared/components/status-block.tsx';
import { push } from '../../../shared/navigation/navigation.ts';
import { useSession } from '../../../shared/session/session.store.ts';
import '../copy.css';

/**
 * Copy trading (/follow/list; SPEC's route table has none, docs/issue26-copy.md): the published strategies with their
 * issuer, fund size, profit after fees, term, minimum and fee; a tap opens the strategy and its full track record.
 */
export function StrategiesScreen() {
  const { t } = useTranslation();
  const session = useSession();
  return (
    <Page
      testId="copy-list-screen"
      // A bottom-menu destination (issue 26): no back arrow, as the other top-level screens.
      showBack={false}
      right={
        session.token === '' ? undefined : (
          <button
            type="button"
            className="icon-button"
            aria-label={t('titles.copyFollows')}
            onClick={() => push('/follow/mine')}
            data-testid="copy-mine-icon"
          >
            <History aria-hidden="true" />
          </button>
        )
      }
    >
      {session.token === '' ? <SignInRequired /> : <StrategyList />}
    </Page>
  );
}

function StrategyList() {
  const { t } = useTranslation();
  const list = useStrategies();
  if (list.isPending)
    return (
      <div className="copy-loading" aria-busy="true" data-testid="copy-list-loading">
        {Array.from({ length: 3 }, (_, i) => (
          <Skeleton.Paragraph key={i} lineCount={4} animated />
        ))}
      </div>
    );
  if (list.isError)
    return (
      <LoadFailure
        titleKey="copy.loadFailedTitle"
        messageKey="copy.loadFailedBody"
        onRetry={() => void list.refetch()}
        retrying={list.isFetching}
        testId="copy-list-failed"
      />
    );
  const toMine = (
    <button type="button" className="copy-link-row" onClick={() => push('/follow/mine')} data-testid="copy-to-mine">
      <span>{t('copy.list.toMine')}</span>
      <ChevronRight aria-hidden="true" />
    </button>
  );
  if (list.data.items.length === 0)
    return (
      <div className="centered-block" data-testid="copy-list-empty">
        <StatusBlock kind="empty" title={t('copy.list.emptyTitle')} description={t('copy.list.emptyBody')} />
        <Button color="primary" onClick={() => push('/follow/mine')}>
          {t('copy.list.toMine')}
        </Button>
      </div>
    );
  return (
    <>
      <p className="copy-intro">{t('copy.list.intro')}</p>
      <section data-testid="copy-list">
        {list.data.items.map((s) => (
          <StrategyCard key={s.id} strategy={s} onOpen={() => push(`/follow/detail?id=${encodeURIComponent(s.id)}`)} />
        ))}
      </section>
      {toMine}
    </>
  );
}
