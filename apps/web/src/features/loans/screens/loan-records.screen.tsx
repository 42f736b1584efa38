import { useState, type ReactNode } from 'react';
import { Button, Tabs, Tag } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { money } from '@kabuto/domain/money';
import type { LoanWire, RepaymentWire } from '../api/loans.api.ts';
import { useLoanRecords, useRepaymentRecords } from '../api/loans.queries.ts';
import { percentText } from '../components/loan-quote.ts';
import { ListSkeleton } from '../../../shared/components/list-skeleton.tsx';
import { LoadFailure } from '../../../shared/components/load-failure.tsx';
import { Refreshable } from '../../../shared/components/refreshable.tsx';
import { Page } from '../../../shared/components/page.tsx';
import { SignInRequired } from '../../../shared/components/sign-in-required.tsx';
import { StatusBlock } from '../../../shared/components/status-block.tsx';
import { groupByDay } from '../../../shared/format/group-by-day.ts';
import { jstText, useLocale } from '../../../shared/format/jst.ts';
import { moneyText } from '../../../shared/format/money-text.ts';
import { push } from '../../../shared/navigation/navigation.ts';
import { useSession } from '../../../shared/session/session.store.ts';
import '../loans.css';

type Tab = 'loans' | 'repayments';

/**
 * Loan records (/user/jkjl; SPEC §2 "loan record, repayment record"; SPEC §3 Loan: order number, borrow time,
 * amount, term, status, repayment amount and time), newest first and grouped by day.
 */
export function LoanRecordsScreen() {
  const session = useSession();
  const { t } = useTranslation();
  const [tab, setTab] = useState<Tab>('loans');
  return (
    <Page testId="loan-records-screen">
      {session.token === '' ? (
        <SignInRequired />
      ) : (
        <>
          <Tabs activeKey={tab} onChange={(k) => setTab(k as Tab)} data-testid="loan-records-tabs">
            <Tabs.Tab title={t('loan.recordsTabs.loans')} key="loans" />
            <Tabs.Tab title={t('loan.recordsTabs.repayments')} key="repayments" />
          </Tabs>
          {tab === 'loans' ? <LoanList /> : <RepaymentList />}
        </>
      )}
    </Page>
  );
}

// A record row's height at 390 px (amount, status, rate and dates): the skeleton stands where the rows will.
const ROW_HEIGHT = 96;

function Empty({ kind }: { kind: Tab }) {
  const { t } = useTranslation();
  return (
    <div className="centered-block" data-testid={`loan-${kind}-empty`}>
      <StatusBlock kind="empty" title={t(`loan.empty.${kind}Title`)} description={t(`loan.empty.${kind}Body`)} />
      <Button color="primary" onClick={() => push('/user/jk')}>
        {t('loan.empty.toLoan')}
      </Button>
    </div>
  );
}

const statusColour: Record<LoanWire['status'], 'warning' | 'success' | 'danger' | 'default'> = {
  pending: 'warning',
  approved: 'success',
  rejected: 'danger',
  repaid: 'default',
};

/** The infinite query either tab reads (its pages of records, newest first). */
interface RecordPages<T> {
  isPending: boolean;
  isError: boolean;
  isFetching: boolean;
  isFetchingNextPage: boolean;
  hasNextPage: boolean;
  data: { pages: { items: T[] }[] } | undefined;
  refetch: () => unknown;
  fetchNextPage: () => unknown;
}

/** One tab: its records grouped by JST day, a failure with a retry, an empty state, and "more" while pages remain. */
function RecordList<T extends { id: string; createdAt: string }>({
  list,
  kind,
  testId,
  row,
}: {
  list: RecordPages<T>;
  kind: Tab;
  testId: string;
  row: (item: T) => ReactNode;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  if (list.isPending)
    return <ListSkeleton rows={4} rowHeight={ROW_HEIGHT} label={t('loan.loading')} testId={`${testId}-loading`} />;
  if (list.isError || !list.data)
    return (
      <LoadFailure
        titleKey="loan.loadFailedTitle"
        messageKey="loan.loadFailedBody"
        onRetry={() => void list.refetch()}
        retrying={list.isFetching}
        testId={`${testId}-failed`}
      />
    );
  const items = list.data.pages.flatMap((p) => p.items);
  const refresh = async () => {
    await list.refetch();
  };
  if (items.length === 0)
    return (
      <Refreshable onRefresh={refresh}>
        <Empty kind={kind} />
      </Refreshable>
    );
  return (
    <Refreshable onRefresh={refresh}>
      <div data-testid={testId}>
        {groupByDay(items, (x) => x.createdAt, locale).map((g) => (
          <section key={g.day}>
            <h2 className="loan-records__day num">{g.day}</h2>
            {g.items.map(row)}
          </section>
        ))}
        {list.hasNextPage && (
          <Button block fill="none" loading={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()}>
            {t('loan.more')}
          </Button>
        )}
      </div>
    </Refreshable>
  );
}

function LoanList() {
  const list = useLoanRecords();
  return <RecordList list={list} kind="loans" testId="loan-records" row={(l) => <LoanRow key={l.id} loan={l} />} />;
}

function LoanRow({ loan: l }: { loan: LoanWire }) {
  const { t } = useTranslation();
  const lang = useLocale();
  const time = (iso: string | null) => (iso ? t('loan.jst', { time: jstText(iso, 'Y-M-D h:m', lang) }) : '—');
  return (
    <article className="loan-card loan-row" data-testid="loan-record" data-status={l.status} data-id={l.id}>
      <div className="loan-row__head">
        <span className="loan-row__no num">{l.orderNo}</span>
        <Tag color={statusColour[l.status]} fill="outline" data-testid="loan-record-status">
          {t(`loan.status.${l.status}`)}
        </Tag>
      </div>
      <dl className="loan-figures">
        <div>
          <dt>{t('loan.fields.amount')}</dt>
          <dd className="num" data-testid="loan-record-amount">
            {moneyText(l.amount)}
          </dd>
        </div>
        <div>
          <dt>{t('loan.fields.term')}</dt>
          <dd className="num">{t('loan.daysText', { days: l.termDays })}</dd>
        </div>
        <div>
          <dt>{t('loan.fields.owed')}</dt>
          <dd className="num">{moneyText(money(l.principal).plus(l.interest).toFixed())}</dd>
        </div>
      </dl>
      <p className="loan-hint num">
        {t('loan.fields.borrowedAt')}: {time(l.disbursedAt)} · {t(`loan.plan.${l.plan}`)} · {t('loan.fields.apr')}{' '}
        {percentText(l.apr, 2)}%
      </p>
      {l.status === 'repaid' && (
        <p className="loan-hint num">
          {t('loan.fields.repaidAt')}: {time(l.repaidAt)} · {t('loan.fields.interestCharged')}{' '}
          {moneyText(l.interestCharged)}
        </p>
      )}
      {l.remarks !== '' && (
        <p className="loan-hint" data-testid="loan-record-remarks">
          {t('loan.fields.remarks')}: {l.remarks}
        </p>
      )}
    </article>
  );
}

function RepaymentList() {
  const list = useRepaymentRecords();
  return (
    <RecordList
      list={list}
      kind="repayments"
      testId="loan-repayments"
      row={(r) => <RepaymentRow key={r.id} repayment={r} />}
    />
  );
}

function RepaymentRow({ repayment: r }: { repayment: RepaymentWire }) {
  const { t } = useTranslation();
  const lang = useLocale();
  return (
    <article className="loan-card loan-row" data-testid="loan-repayment" data-id={r.id}>
      <div className="loan-row__head">
        <span className="loan-row__no num">{r.loanOrderNo}</span>
        <strong className="num" data-testid="loan-repayment-amount">
          {moneyText(r.amount)}
        </strong>
      </div>
      <dl className="loan-figures">
        <div>
          <dt>{t('loan.fields.interestPaid')}</dt>
          <dd className="num">{moneyText(r.interestPaid)}</dd>
        </div>
        <div>
          <dt>{t('loan.fields.principalPaid')}</dt>
          <dd className="num">{moneyText(r.principalPaid)}</dd>
        </div>
        <div>
          <dt>{t('loan.fields.repaidTime')}</dt>
          <dd className="num">{jstText(r.createdAt, 'M/D h:m', lang)}</dd>
        </div>
      </dl>
    </article>
  );
}
