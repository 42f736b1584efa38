import { Button, Skeleton } from 'antd-mobile';
import { ChevronRight, History } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useOfferings } from '../api/ipo.queries.ts';
import { OfferingCard } from '../components/offering-card.tsx';
import { LoadFailure } from '../../../shared/components/load-failure.tsx';
import { Page } from '../../../shared/components/page.tsx';
import { SignInRequired } from '../../../shared/components/sign-in-required.tsx';
import { StatusBlock } from '../../../shared/components/status-block.tsx';
import { push } from '../../../shared/navigation/navigation.ts';
import { useSession } from '../../../shared/session/session.store.ts';
import '../ipo.css';

/** New-share offerings (/market/subscribe): a card per offering, newest first, with the member's own entry. */
export function IpoOfferingsScreen() {
  const { t } = useTranslation();
  const session = useSession();
  return (
    <Page
      testId="ipo-list-screen"
      right={
        session.token === '' ? undefined : (
          <button
            type="button"
            className="icon-button"
            aria-label={t('titles.ipoRecords')}
            onClick={() => push('/market/subscribeRecord')}
            data-testid="ipo-records-icon"
          >
            <History aria-hidden="true" />
          </button>
        )
      }
    >
      {session.token === '' ? <SignInRequired /> : <OfferingList />}
    </Page>
  );
}

function OfferingList() {
  const { t } = useTranslation();
  const offerings = useOfferings();
  if (offerings.isPending)
    return (
      <div className="ipo-loading" aria-busy="true" data-testid="ipo-list-loading">
        {Array.from({ length: 3 }, (_, i) => (
          <Skeleton.Paragraph key={i} lineCount={4} animated />
        ))}
      </div>
    );
  if (offerings.isError)
    return (
      <LoadFailure
        titleKey="ipo.loadFailedTitle"
        messageKey="ipo.loadFailedBody"
        onRetry={() => void offerings.refetch()}
        retrying={offerings.isFetching}
        testId="ipo-list-failed"
      />
    );
  const items = offerings.data.items;
  return (
    <>
      <p className="ipo-intro">{t('ipo.list.intro')}</p>
      {items.length === 0 ? (
        <div className="centered-block" data-testid="ipo-list-empty">
          <StatusBlock kind="empty" title={t('ipo.list.emptyTitle')} description={t('ipo.list.emptyBody')} />
          <Button color="primary" onClick={() => push('/market/subscribeRecord')} data-testid="ipo-empty-records">
            {t('ipo.list.toRecords')}
          </Button>
        </div>
      ) : (
        <div data-testid="ipo-list">
          {items.map((o) => (
            <OfferingCard
              key={o.id}
              offering={o}
              onOpen={() => push(`/market/subscribeDetail?id=${encodeURIComponent(o.id)}`)}
            />
          ))}
          <button
            type="button"
            className="ipo-link-row"
            onClick={() => push('/market/subscribeRecord')}
            data-testid="ipo-to-records"
          >
            <span>{t('ipo.list.toRecords')}</span>
            <ChevronRight aria-hidden="true" />
          </button>
        </div>
      )}
    </>
  );
}
