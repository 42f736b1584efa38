import { Button, Skeleton } from 'antd-mobile';
import { ChevronRight, History } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { BlockProduct } from '../api/block.api.ts';
import { useBlockProducts } from '../api/block.queries.ts';
import { ProductCard } from '../components/product-card.tsx';
import { LoadFailure } from '../../../shared/components/load-failure.tsx';
import { Page } from '../../../shared/components/page.tsx';
import { SignInRequired } from '../../../shared/components/sign-in-required.tsx';
import { StatusBlock } from '../../../shared/components/status-block.tsx';
import { push } from '../../../shared/navigation/navigation.ts';
import { useSession } from '../../../shared/session/session.store.ts';
import '../block.css';

/**
 * Block trades (/common/dividend, SPEC §2 "negotiated bidding / block trade"): the products open or coming, then those
 * closed, each with its terms; a tap opens the application form. Withdrawn products are not shown.
 */
export function BlockProductsScreen() {
  const { t } = useTranslation();
  const session = useSession();
  return (
    <Page
      testId="block-list-screen"
      right={
        session.token === '' ? undefined : (
          <button
            type="button"
            className="icon-button"
            aria-label={t('titles.blockApplications')}
            onClick={() => push('/common/dividend3')}
            data-testid="block-applications-icon"
          >
            <History aria-hidden="true" />
          </button>
        )
      }
    >
      {session.token === '' ? <SignInRequired /> : <ProductList />}
    </Page>
  );
}

const openProduct = (p: BlockProduct) => push(`/common/dividend2?id=${encodeURIComponent(p.id)}`);

function ProductList() {
  const { t } = useTranslation();
  const products = useBlockProducts();
  if (products.isPending)
    return (
      <div className="block-loading" aria-busy="true" data-testid="block-list-loading">
        {Array.from({ length: 3 }, (_, i) => (
          <Skeleton.Paragraph key={i} lineCount={4} animated />
        ))}
      </div>
    );
  if (products.isError)
    return (
      <LoadFailure
        titleKey="block.loadFailedTitle"
        messageKey="block.loadFailedBody"
        onRetry={() => void products.refetch()}
        retrying={products.isFetching}
        testId="block-list-failed"
      />
    );
  const shown = products.data.items.filter((p) => p.phase !== 'withdrawn');
  const current = shown.filter((p) => p.phase === 'open' || p.phase === 'upcoming');
  const closed = shown.filter((p) => p.phase === 'closed');
  const toApplications = (
    <button
      type="button"
      className="block-link-row"
      onClick={() => push('/common/dividend3')}
      data-testid="block-to-applications"
    >
      <span>{t('block.list.toApplications')}</span>
      <ChevronRight aria-hidden="true" />
    </button>
  );
  return (
    <>
      <p className="block-intro">{t('block.list.intro')}</p>
      {current.length === 0 ? (
        <div className="centered-block" data-testid="block-list-empty">
          <StatusBlock kind="empty" title={t('block.list.emptyTitle')} description={t('block.list.emptyBody')} />
          <Button color="primary" onClick={() => push('/common/dividend3')} data-testid="block-empty-applications">
            {t('block.list.toApplications')}
          </Button>
        </div>
      ) : (
        <section data-testid="block-list" aria-labelledby="block-current-title">
          <h2 className="block-list__title" id="block-current-title">
            {t('block.list.current')}
          </h2>
          {current.map((p) => (
            <ProductCard key={p.id} product={p} onOpen={() => openProduct(p)} />
          ))}
          {toApplications}
        </section>
      )}
      {closed.length > 0 && (
        <section data-testid="block-list-closed" aria-labelledby="block-closed-title">
          <h2 className="block-list__title" id="block-closed-title">
            {t('block.list.closed')}
          </h2>
          {closed.map((p) => (
            <ProductCard key={p.id} product={p} onOpen={() => openProduct(p)} />
          ))}
        </section>
      )}
    </>
  );
}
