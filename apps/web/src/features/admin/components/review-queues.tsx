import { useTranslation } from 'react-i18next';
import { reviewCalls } from '../api/back-office.api.ts';
import type { DepositReview, RealNameReview, WithdrawalReview } from '../api/back-office.api.ts';
import { ReviewQueue } from './review-queue.tsx';
import type { Column } from './review-queue.tsx';
import { moneyText } from '../../../shared/format/money-text.ts';
import { PrivateImage } from '../../../shared/uploads/private-image.tsx';

interface QueueProps {
  mayDecide: boolean;
  onOpenMember: (memberId: string) => void;
}

/** Quick reasons, translated, for one queue. */
function useQuickReasons(queue: 'realName' | 'deposits' | 'withdrawals') {
  const { t } = useTranslation();
  const list = (decision: 'approve' | 'reject') => {
    const texts: unknown = t(`admin.quick.${queue}.${decision}`, { returnObjects: true });
    return typeof texts === 'object' && texts !== null ? Object.values(texts).filter((x): x is string => typeof x === 'string') : [];
  };
  return { approve: list('approve'), reject: list('reject') };
}

/** Real-name submissions: name, ID number and both ID images. */
export function RealNameQueue(props: QueueProps) {
  const { t } = useTranslation();
  const quick = useQuickReasons('realName');
  const columns: Column<RealNameReview>[] = [
    { key: 'account', head: t('admin.cols.account'), cell: (r) => r.account, className: 'num' },
    { key: 'name', head: t('admin.cols.realName'), cell: (r) => r.realName },
    { key: 'id', head: t('admin.cols.idNumber'), cell: (r) => r.idNumber, className: 'mono' },
  ];
  return (
    <ReviewQueue<RealNameReview>
      queue="realName"
      fetchPage={reviewCalls.realName.list}
      decideCall={reviewCalls.realName.decide}
      columns={columns}
      quickReasons={quick}
      decisionReason={(r) => r.reason}
      detail={(r) => (
        <>
          <dl className="detail-list detail-list--compact">
            <div>
              <dt>{t('admin.cols.realName')}</dt>
              <dd data-testid="admin-detail-name">{r.realName}</dd>
            </div>
            <div>
              <dt>{t('admin.cols.idNumber')}</dt>
              <dd className="mono">{r.idNumber}</dd>
            </div>
          </dl>
          <div className="detail-pane__images">
            <figure>
              <PrivateImage id={r.frontImageId} alt={t('realNameForm.front')} testId="admin-image-front" />
              <figcaption>{t('realNameForm.front')}</figcaption>
            </figure>
            <figure>
              <PrivateImage id={r.backImageId} alt={t('realNameForm.back')} testId="admin-image-back" />
              <figcaption>{t('realNameForm.back')}</figcaption>
            </figure>
          </div>
        </>
      )}
      {...props}
    />
  );
}

/** Deposits: amount, channel, the transfer reference to match, and the receipt. */
export function DepositQueue(props: QueueProps) {
  const { t } = useTranslation();
  const quick = useQuickReasons('deposits');
  const columns: Column<DepositReview>[] = [
    { key: 'order', head: t('funds.orderNo'), cell: (r) => r.orderNo, className: 'mono nowrap' },
    { key: 'account', head: t('admin.cols.account'), cell: (r) => r.account, className: 'num' },
    { key: 'name', head: t('admin.cols.realName'), cell: (r) => r.realName ?? '—' },
    { key: 'amount', head: t('admin.cols.amount'), cell: (r) => moneyText(r.amount, r.currency), className: 'num nowrap admin-table__amount' },
    { key: 'reference', head: t('deposit.reference'), cell: (r) => r.referenceCode, className: 'mono' },
    { key: 'channel', head: t('deposit.channel'), cell: (r) => r.channelName },
  ];
  return (
    <ReviewQueue<DepositReview>
      queue="deposits"
      fetchPage={reviewCalls.deposits.list}
      decideCall={reviewCalls.deposits.decide}
      columns={columns}
      quickReasons={quick}
      decisionReason={(r) => r.remarks}
      detail={(r) => (
        <>
          <div className="detail-pane__amount num" data-testid="admin-detail-amount">
            {moneyText(r.amount, r.currency)}
          </div>
          <dl className="detail-list detail-list--compact">
            <div>
              <dt>{t('funds.orderNo')}</dt>
              <dd className="mono">{r.orderNo}</dd>
            </div>
            <div>
              <dt>{t('deposit.reference')}</dt>
              <dd className="mono detail-pane__reference" data-testid="admin-detail-reference">
                {r.referenceCode}
              </dd>
            </div>
            <div>
              <dt>{t('deposit.channel')}</dt>
              <dd>{r.channelName}</dd>
            </div>
            <div>
              <dt>{t('admin.cols.realName')}</dt>
              <dd>{r.realName ?? t('admin.members.unverifiedName')}</dd>
            </div>
          </dl>
          <p className="decision__hint">{t('admin.queue.matchHint')}</p>
          <div className="detail-pane__images detail-pane__images--single">
            <figure>
              <PrivateImage id={r.receiptImageId} alt={t('deposit.receipt')} testId="admin-image-receipt" />
              <figcaption>{t('deposit.receipt')}</figcaption>
            </figure>
          </div>
        </>
      )}
      {...props}
    />
  );
}

const sameName = (a: string | null, b: string) => a !== null && a.replace(/\s+/g, '') === b.replace(/\s+/g, '');

/** Withdrawals: amount and the destination card, whose holder must be the verified name. */
export function WithdrawalQueue(props: QueueProps) {
  const { t } = useTranslation();
  const quick = useQuickReasons('withdrawals');
  const columns: Column<WithdrawalReview>[] = [
    { key: 'order', head: t('funds.orderNo'), cell: (r) => r.orderNo, className: 'mono nowrap' },
    { key: 'account', head: t('admin.cols.account'), cell: (r) => r.account, className: 'num' },
    { key: 'name', head: t('admin.cols.realName'), cell: (r) => r.realName ?? '—' },
    { key: 'amount', head: t('admin.cols.amount'), cell: (r) => moneyText(r.amount, r.currency), className: 'num nowrap admin-table__amount' },
    { key: 'bank', head: t('cardForm.bank'), cell: (r) => `${r.bankName} ${r.branchName}` },
    { key: 'card', head: t('cardForm.number'), cell: (r) => r.cardNumber, className: 'mono' },
  ];
  return (
    <ReviewQueue<WithdrawalReview>
      queue="withdrawals"
      fetchPage={reviewCalls.withdrawals.list}
      decideCall={reviewCalls.withdrawals.decide}
      columns={columns}
      quickReasons={quick}
      decisionReason={(r) => r.remarks}
      detail={(r) => (
        <>
          <div className="detail-pane__amount num" data-testid="admin-detail-amount">
            {moneyText(r.amount, r.currency)}
          </div>
          <dl className="detail-list detail-list--compact">
            <div>
              <dt>{t('funds.orderNo')}</dt>
              <dd className="mono">{r.orderNo}</dd>
            </div>
            <div>
              <dt>{t('cardForm.bank')}</dt>
              <dd>
                {r.bankName} {r.branchName}
              </dd>
            </div>
            <div>
              <dt>{t('cardForm.number')}</dt>
              <dd className="mono" data-testid="admin-detail-card">
                {r.cardNumber}
              </dd>
            </div>
            <div>
              <dt>{t('cardForm.holder')}</dt>
              <dd>
                {r.holderName}{' '}
                <span className={sameName(r.realName, r.holderName) ? 'name-check name-check--ok' : 'name-check name-check--bad'} data-testid="admin-name-check">
                  {t(sameName(r.realName, r.holderName) ? 'admin.queue.nameMatches' : 'admin.queue.nameDiffers', { name: r.realName ?? '—' })}
                </span>
              </dd>
            </div>
          </dl>
          <p className="decision__hint">{t('admin.queue.payHint')}</p>
        </>
      )}
      {...props}
    />
  );
}
