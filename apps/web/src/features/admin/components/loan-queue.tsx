import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { annuitySchedule, scheduleInterest } from '@kabuto/domain/loans/annuity-schedule';
import { totalInterestAnytime } from '@kabuto/domain/loans/loan-interest';
import { money } from '@kabuto/domain/money';
import { reviewCalls, type LoanReview } from '../api/back-office.api.ts';
import { ReviewQueue, type Column } from './review-queue.tsx';
import type { Decision } from './decision-panel.tsx';
import { DetailList, type DetailRow } from '../../../shared/components/detail-list.tsx';
import { moneyText } from '../../../shared/format/money-text.ts';
import { jstText, useLocale } from '../../../shared/format/jst.ts';

const percent = (rate: string, places: number) => `${money(rate).times(100).toFixed(places)}%`;

/** The loan's cost as the member saw it before applying (the same domain functions as their screen). */
function totalInterest(r: LoanReview): string {
  const amount = money(r.amount);
  return (
    r.plan === 'instalments'
      ? scheduleInterest(annuitySchedule(r.amount, r.dailyRate, r.termDays))
      : totalInterestAnytime(amount, r.dailyRate, r.termDays)
  ).toFixed();
}

function columns(t: TFunction): Column<LoanReview>[] {
  return [
    { key: 'order', head: t('funds.orderNo'), cell: (r) => r.orderNo, className: 'mono nowrap' },
    { key: 'account', head: t('admin.cols.account'), cell: (r) => r.account, className: 'num' },
    { key: 'name', head: t('admin.cols.realName'), cell: (r) => r.realName ?? '—' },
    { key: 'score', head: t('admin.loanQueue.score'), cell: (r) => String(r.score), className: 'num' },
    {
      key: 'amount',
      head: t('admin.cols.amount'),
      cell: (r) => moneyText(r.amount),
      className: 'num nowrap admin-table__amount',
    },
    {
      key: 'term',
      head: t('admin.loanQueue.term'),
      cell: (r) => t('admin.loanQueue.days', { days: r.termDays }),
      className: 'num nowrap',
    },
    {
      key: 'approvals',
      head: t('admin.cols.approvals'),
      cell: (r) => t('admin.seats.approvals', { approvals: r.approvals, required: r.approvalsRequired }),
      className: 'num nowrap',
    },
  ];
}

/** What a reviewer needs: the amount, the member's score and limit now, the terms and cost, and the loan's state. */
function LoanDetail({ r }: { r: LoanReview }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const when = (iso: string | null) => (iso ? t('common.jst', { time: jstText(iso, 'Y-M-D h:m:s', locale) }) : '—');
  const rows: DetailRow[] = [
    { label: t('funds.orderNo'), value: r.orderNo, className: 'mono', testId: 'admin-detail-order' },
    { label: t('admin.cols.account'), value: r.account, className: 'num' },
    {
      label: t('admin.cols.realName'),
      value: r.realName ?? t('admin.members.unverifiedName'),
      testId: 'admin-detail-name',
    },
    { label: t('admin.loanQueue.score'), value: String(r.score), className: 'num', testId: 'admin-detail-score' },
    { label: t('admin.loanQueue.limit'), value: moneyText(r.creditLimit), className: 'num' },
    { label: t('admin.loanQueue.term'), value: t('admin.loanQueue.days', { days: r.termDays }), className: 'num' },
    { label: t('admin.loanQueue.plan'), value: t(`admin.loanQueue.plans.${r.plan}`) },
    { label: t('admin.loanQueue.rate'), value: `${percent(r.dailyRate, 3)} / ${percent(r.apr, 2)}`, className: 'num' },
    { label: t('admin.loanQueue.totalInterest'), value: moneyText(totalInterest(r)), className: 'num' },
    { label: t('admin.seats.appliedAt'), value: when(r.createdAt), className: 'num', testId: 'admin-detail-applied' },
    {
      label: t('admin.cols.approvals'),
      value: t('admin.seats.approvals', { approvals: r.approvals, required: r.approvalsRequired }),
      className: 'num',
      testId: 'admin-detail-approvals',
    },
  ];
  if (r.status === 'approved')
    rows.push(
      {
        label: t('admin.loanQueue.state'),
        value: t(`admin.loanQueue.states.${r.loanStatus}`),
        testId: 'admin-detail-state',
      },
      {
        label: t('admin.loanQueue.owed'),
        value: moneyText(money(r.principal).plus(r.interest).toFixed()),
        className: 'num',
      },
      { label: t('admin.loanQueue.disbursedAt'), value: when(r.disbursedAt), className: 'num' },
    );
  return (
    <>
      <div className="detail-pane__amount num" data-testid="admin-detail-amount">
        {moneyText(r.amount)}
      </div>
      <DetailList compact rows={rows} />
      {r.status === 'pending' && <p className="decision__hint">{t('admin.loanQueue.hint')}</p>}
    </>
  );
}

/** Quick reasons for the loan queue, translated. */
function useQuickReasons(): Record<Decision, readonly string[]> {
  const { t } = useTranslation();
  const list = (decision: Decision) => {
    const texts: unknown = t(`admin.quick.loan.${decision}`, { returnObjects: true });
    return typeof texts === 'object' && texts !== null
      ? Object.values(texts).filter((x): x is string => typeof x === 'string')
      : [];
  };
  return { approve: list('approve'), reject: list('reject') };
}

/**
 * Credit-loan applications (issue 26): the review lifecycle's queue like the others; approval pays the loan out
 * through the ledger, a rejection keeps its reason. Four eyes at or above the threshold; never one's own application.
 */
export function LoanQueue(props: { mayDecide: boolean; onOpenMember: (memberId: string) => void }) {
  const { t } = useTranslation();
  return (
    <ReviewQueue<LoanReview>
      queue="loan"
      fetchPage={reviewCalls.loan.list}
      decideCall={reviewCalls.loan.decide}
      columns={columns(t)}
      quickReasons={useQuickReasons()}
      decisionReason={(r) => r.remarks}
      detail={(r) => <LoanDetail r={r} />}
      {...props}
    />
  );
}
