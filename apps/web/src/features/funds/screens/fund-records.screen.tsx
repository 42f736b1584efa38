import { useState } from 'react';
import { Button, Tabs } from 'antd-mobile';
import { Download, Upload } from 'lucide-react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { FundRecord } from '@kabuto/contracts/funds/deposits';
import { fetchFundRecords, fetchTimeline, fundsKeys } from '../api/funds.api.ts';
import { useRefreshFunds } from '../api/funds.queries.ts';
import type { FundRecordType } from '../api/funds.api.ts';
import { AmountText } from '../../../shared/components/amount-text.tsx';
import { ListSkeleton } from '../../../shared/components/list-skeleton.tsx';
import { LoadFailure } from '../../../shared/components/load-failure.tsx';
import { Refreshable } from '../../../shared/components/refreshable.tsx';
import { Page } from '../../../shared/components/page.tsx';
import { SignInRequired } from '../../../shared/components/sign-in-required.tsx';
import { StatusPill } from '../../../shared/components/status-pill.tsx';
import { TimelineRow } from '../../../shared/components/timeline-row.tsx';
import { groupByDay } from '../../../shared/format/group-by-day.ts';
import { jstText, useLocale } from '../../../shared/format/jst.ts';
import { push } from '../../../shared/navigation/navigation.ts';
import { useSession } from '../../../shared/session/session.store.ts';
import { StatusBlock } from '../../../shared/components/status-block.tsx';
import '../../../shared/components/detail-list.css';
import '../funds.css';

type Tab = 'all' | 'deposits' | 'withdrawals' | 'timeline';
const tabs: readonly Tab[] = ['all', 'deposits', 'withdrawals', 'timeline'];
const typeOf: Record<Exclude<Tab, 'timeline'>, FundRecordType> = {
  all: 'all',
  deposits: 'deposit',
  withdrawals: 'withdrawal',
};
const PAGE_SIZE = 20;

/** Fund records (/user/FundingDetails): deposits and withdrawals with status and reason, and the full money timeline. */
export function FundRecordsScreen() {
  const { t } = useTranslation();
  const session = useSession();
  const [tab, setTab] = useState<Tab>('all');
  const refresh = useRefreshFunds();
  return (
    <Page testId="fund-records-screen" showBack={false}>
      {session.token === '' ? (
        <SignInRequired />
      ) : (
        <Refreshable onRefresh={refresh}>
          <Tabs activeKey={tab} onChange={(key) => setTab(key as Tab)} className="records__tabs">
            {tabs.map((key) => (
              <Tabs.Tab key={key} title={t(`records.tabs.${key}`)} data-testid={`fr-tab-${key}`} />
            ))}
          </Tabs>
          {tab === 'timeline' ? <TimelineList /> : <RecordList key={tab} type={typeOf[tab]} />}
        </Refreshable>
      )}
    </Page>
  );
}

// A record row's height at 390 px (three lines of 12 px padding each side); the first day's heading above them.
const ROW_HEIGHT = 78;

function RecordsLoading() {
  const { t } = useTranslation();
  return (
    <ListSkeleton
      rows={6}
      rowHeight={ROW_HEIGHT}
      gap={1}
      inset={0}
      radius={0}
      label={t('records.loading')}
      testId="records-loading"
    />
  );
}

function RecordList({ type }: { type: FundRecordType }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const { token } = useSession();
  const records = useInfiniteQuery({
    queryKey: [...fundsKeys.fundRecords, token, type],
    queryFn: ({ pageParam, signal }) => fetchFundRecords({ type, page: pageParam, pageSize: PAGE_SIZE }, { signal }),
    initialPageParam: 1,
    getNextPageParam: (last, all) =>
      all.reduce((n, p) => n + p.items.length, 0) < last.total ? all.length + 1 : undefined,
  });

  if (records.isPending) return <RecordsLoading />;
  if (records.isError)
    return (
      <LoadFailure
        titleKey="funds.loadFailedTitle"
        messageKey="funds.loadFailedBody"
        onRetry={() => void records.refetch()}
        testId="fr-failed"
      />
    );
  const items = records.data.pages.flatMap((p) => p.items);
  if (items.length === 0) {
    return (
      <div className="centered-block" data-testid="fr-empty">
        <StatusBlock kind="empty" title={t('records.emptyTitle')} description={t('records.emptyBody')} />
        <Button
          color="primary"
          onClick={() => push(type === 'withdrawal' ? '/user/withdraw' : '/user/recharge')}
          data-testid="fr-empty-action"
        >
          {t(type === 'withdrawal' ? 'memberCentre.withdraw' : 'memberCentre.deposit')}
        </Button>
      </div>
    );
  }
  return (
    <div className="records" data-testid="fr-list">
      {groupByDay(items, (r) => r.createdAt, locale).map((group) => (
        <section key={group.day} className="records__group">
          <h2 className="records__day num">{group.day}</h2>
          {group.items.map((r) => (
            <RecordRow key={r.id} record={r} />
          ))}
        </section>
      ))}
      <LoadMore
        hasMore={records.hasNextPage}
        loading={records.isFetchingNextPage}
        onMore={() => void records.fetchNextPage()}
      />
    </div>
  );
}

function RecordRow({ record }: { record: FundRecord }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const [open, setOpen] = useState(false);
  const deposit = record.type === 'deposit';
  // A withdrawal takes money out: shown with a minus (UX "Records": amount signed and coloured).
  const signedAmount = deposit ? record.amount : `-${record.amount}`;
  return (
    <div
      className="record-row"
      role="button"
      tabIndex={0}
      aria-expanded={open}
      onClick={() => setOpen((o) => !o)}
      onKeyDown={(e) => {
        if (e.key === 'Enter' || e.key === ' ') setOpen((o) => !o);
      }}
      data-testid="fr-row"
      data-type={record.type}
      data-status={record.status}
      data-order-no={record.orderNo}
    >
      <span className={`record-row__icon record-row__icon--${record.type}`} aria-hidden="true">
        {deposit ? <Download /> : <Upload />}
      </span>
      <div className="record-row__main">
        <div className="record-row__line">
          <span className="record-row__title">{t(`records.types.${record.type}`)}</span>
          <AmountText amount={signedAmount} currency={record.currency} signed testId="fr-amount" />
        </div>
        <div className="record-row__line record-row__sub">
          <span className="mono" data-testid="fr-order-no">
            {record.orderNo}
          </span>
          <StatusPill status={record.status} testId="fr-status" />
        </div>
        <div className="record-row__line record-row__sub">
          <span>{record.detail}</span>
          <span className="num">{jstText(record.createdAt, 'h:m', locale)}</span>
        </div>
        {record.remarks !== '' && (
          <div className="record-row__remarks" data-testid="fr-remarks">
            {t(record.status === 'rejected' ? 'records.reason' : 'records.remarks', { text: record.remarks })}
          </div>
        )}
        {open && (
          <dl className="detail-list detail-list--compact record-row__detail">
            <div>
              <dt>{t('funds.submittedAt')}</dt>
              <dd className="num">{t('common.jst', { time: jstText(record.createdAt, 'Y-M-D h:m:s', locale) })}</dd>
            </div>
            <div>
              <dt>{t('records.decidedAt')}</dt>
              <dd className="num">
                {record.decidedAt
                  ? t('common.jst', { time: jstText(record.decidedAt, 'Y-M-D h:m:s', locale) })
                  : t('records.notYet')}
              </dd>
            </div>
            <div>
              <dt>{t('records.next')}</dt>
              <dd>{t(`records.nextBy.${record.type}.${record.status}`)}</dd>
            </div>
          </dl>
        )}
      </div>
    </div>
  );
}

function TimelineList() {
  const { t } = useTranslation();
  const locale = useLocale();
  const { token } = useSession();
  const timeline = useInfiniteQuery({
    queryKey: [...fundsKeys.timeline, token],
    queryFn: ({ pageParam, signal }) => fetchTimeline({ page: pageParam, pageSize: PAGE_SIZE }, { signal }),
    initialPageParam: 1,
    getNextPageParam: (last, all) =>
      all.reduce((n, p) => n + p.items.length, 0) < last.total ? all.length + 1 : undefined,
  });

  if (timeline.isPending) return <RecordsLoading />;
  if (timeline.isError)
    return (
      <LoadFailure
        titleKey="funds.loadFailedTitle"
        messageKey="funds.loadFailedBody"
        onRetry={() => void timeline.refetch()}
        testId="tl-failed"
      />
    );
  const items = timeline.data.pages.flatMap((p) => p.items);
  if (items.length === 0) {
    return (
      <div className="centered-block" data-testid="tl-empty">
        <StatusBlock
          kind="empty"
          title={t('records.timelineEmptyTitle')}
          description={t('records.timelineEmptyBody')}
        />
        <Button color="primary" onClick={() => push('/user/recharge')}>
          {t('memberCentre.deposit')}
        </Button>
      </div>
    );
  }
  return (
    <div className="records" data-testid="tl-list">
      <p className="screen-note">{t('records.timelineIntro')}</p>
      {groupByDay(items, (e) => e.at, locale).map((group) => (
        <section key={group.day} className="records__group">
          <h2 className="records__day num">{group.day}</h2>
          {group.items.map((entry) => (
            <TimelineRow key={entry.entryId} entry={entry} />
          ))}
        </section>
      ))}
      <LoadMore
        hasMore={timeline.hasNextPage}
        loading={timeline.isFetchingNextPage}
        onMore={() => void timeline.fetchNextPage()}
      />
    </div>
  );
}

function LoadMore({ hasMore, loading, onMore }: { hasMore: boolean; loading: boolean; onMore: () => void }) {
  const { t } = useTranslation();
  if (!hasMore) return <p className="records__end">{t('records.end')}</p>;
  return (
    <div className="records__more">
      <Button block loading={loading} onClick={onMore} data-testid="records-more">
        {t('records.more')}
      </Button>
    </div>
  );
}
