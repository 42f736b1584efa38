import { Button } from 'antd-mobile';
import { ChevronRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { BlockApplication } from '../api/block.api.ts';
import { useBlockApplications } from '../api/block.queries.ts';
import { useBlockFormat } from '../components/block-format.ts';
import { ListSkeleton } from '../../../shared/components/list-skeleton.tsx';
import { LoadFailure } from '../../../shared/components/load-failure.tsx';
import { Refreshable } from '../../../shared/components/refreshable.tsx';
import { Page } from '../../../shared/components/page.tsx';
import { SignInRequired } from '../../../shared/components/sign-in-required.tsx';
import { StatusBlock } from '../../../shared/components/status-block.tsx';
import { StatusPill } from '../../../shared/components/status-pill.tsx';
import { groupByDay } from '../../../shared/format/group-by-day.ts';
import { useLocale } from '../../../shared/format/jst.ts';
import { moneyText } from '../../../shared/format/money-text.ts';
import { push } from '../../../shared/navigation/navigation.ts';
import { useSession } from '../../../shared/session/session.store.ts';
import '../block.css';

/** The member's block-trade applications (/common/dividend3), newest first and grouped by day; a tap opens one. */
export function BlockApplicationsScreen() {
  const session = useSession();
  return (
    <Page testId="block-applications-screen">{session.token === '' ? <SignInRequired /> : <ApplicationList />}</Page>
  );
}

// An application row's height at 390 px (product, amount, status and time): the skeleton stands where the rows will.
const BLOCK_ROW_HEIGHT = 88;

function ApplicationList() {
  const { t } = useTranslation();
  const locale = useLocale();
  const list = useBlockApplications();
  if (list.isPending)
    return (
      <ListSkeleton
        rows={4}
        rowHeight={BLOCK_ROW_HEIGHT}
        label={t('block.applications.loading')}
        testId="block-applications-loading"
      />
    );
  if (list.isError)
    return (
      <LoadFailure
        titleKey="block.loadFailedTitle"
        messageKey="block.loadFailedBody"
        onRetry={() => void list.refetch()}
        retrying={list.isFetching}
        testId="block-applications-failed"
      />
    );
  const items = list.data.pages.flatMap((page) => page.items);
  if (items.length === 0)
    return (
      <Refreshable onRefresh={() => list.refetch()}>
        <div className="centered-block" data-testid="block-applications-empty">
          <StatusBlock
            kind="empty"
            title={t('block.applications.emptyTitle')}
            description={t('block.applications.emptyBody')}
          />
          <Button color="primary" onClick={() => push('/common/dividend')} data-testid="block-applications-to-list">
            {t('block.applications.toProducts')}
          </Button>
        </div>
      </Refreshable>
    );
  return (
    <Refreshable onRefresh={() => list.refetch()}>
      <div className="block-records" data-testid="block-applications">
        {groupByDay(items, (a) => a.createdAt, locale).map((group) => (
          <section key={group.day}>
            <h2 className="block-records__day num">{group.day}</h2>
            {group.items.map((a) => (
              <ApplicationRow key={a.id} application={a} />
            ))}
          </section>
        ))}
        {list.hasNextPage && (
          <Button
            block
            fill="none"
            loading={list.isFetchingNextPage}
            onClick={() => void list.fetchNextPage()}
            data-testid="block-applications-more"
          >
            {t('block.applications.more')}
          </Button>
        )}
      </div>
    </Refreshable>
  );
}

function ApplicationRow({ application: a }: { application: BlockApplication }) {
  const { t } = useTranslation();
  const lang = useLocale();
  const f = useBlockFormat();
  const figures = [
    { key: 'shares', label: t('block.fields.shares'), value: f.shares(a.shares), testId: 'block-row-shares' },
    {
      key: 'amount',
      label: t('block.fields.applicationAmount'),
      value: moneyText(a.amount),
      testId: 'block-row-amount',
    },
    { key: 'price', label: t('block.fields.price'), value: moneyText(a.price) },
  ];
  return (
    <article className="block-card" data-testid="block-application-row" data-status={a.status} data-id={a.id}>
      <button
        type="button"
        className="block-card__open"
        onClick={() => push(`/common/dividend4?id=${encodeURIComponent(a.id)}`)}
        data-testid="block-application-open"
      >
        <div className="block-card__head">
          <div className="block-card__name">
            <strong>{a.names[lang]}</strong> <span className="block-code num">{a.code}</span>
          </div>
          <ChevronRight className="block-card__chevron" aria-hidden="true" />
        </div>
        <div className="block-card__tags">
          <StatusPill status={a.status} testId="block-status" />
        </div>
        <dl className="block-figures block-figures--three">
          {figures.map((x) => (
            <div key={x.key}>
              <dt>{x.label}</dt>
              <dd className="num" data-testid={x.testId}>
                {x.value}
              </dd>
            </div>
          ))}
        </dl>
        <p className="block-hint num">{t('block.applications.appliedAt', { time: f.when(a.createdAt) })}</p>
      </button>
    </article>
  );
}
