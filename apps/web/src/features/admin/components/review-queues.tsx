import type { ReactNode } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { reviewCalls } from '../api/back-office.api.ts';
import type {
  BlockReview,
  DecideRequest,
  DepositReview,
  RealNameReview,
  ReviewListRequest,
  SeatReview,
  WithdrawalReview,
} from '../api/back-office.api.ts';
import { ReviewQueue } from './review-queue.tsx';
import type { Column, DecisionOutcome, ReviewItem } from './review-queue.tsx';
import { DetailList } from '../../../shared/components/detail-list.tsx';
import type { DetailRow } from '../../../shared/components/detail-list.tsx';
import { moneyText } from '../../../shared/format/money-text.ts';
import { groupThousands } from '../../../shared/format/price-change.ts';
import { jstText, useLocale } from '../../../shared/format/jst.ts';
import { PrivateImage } from '../../../shared/uploads/private-image.tsx';

type QueueName = 'realName' | 'deposits' | 'withdrawals' | 'seats' | 'block';

interface QueueProps {
  mayDecide: boolean;
  onOpenMember: (memberId: string) => void;
}

/** What makes one queue: its calls, table columns, detail pane and recorded reason. */
interface QueueDefinition<T extends ReviewItem> {
  queue: QueueName;
  calls: {
    list: (body: ReviewListRequest, signal: AbortSignal) => Promise<{ items: T[]; total: number }>;
    decide: (body: DecideRequest) => Promise<DecisionOutcome>;
  };
  columns: (t: TFunction) => Column<T>[];
  detail: (item: T, t: TFunction) => ReactNode;
  decisionReason: (item: T) => string;
}

/** Quick reasons, translated, for one queue. */
function useQuickReasons(queue: QueueName) {
  const { t } = useTranslation();
  const list = (decision: 'approve' | 'reject') => {
    const texts: unknown = t(`admin.quick.${queue}.${decision}`, { returnObjects: true });
    return typeof texts === 'object' && texts !== null
      ? Object.values(texts).filter((x): x is string => typeof x === 'string')
      : [];
  };
  return { approve: list('approve'), reject: list('reject') };
}

function DefinedQueue<T extends ReviewItem>({ definition, ...props }: QueueProps & { definition: QueueDefinition<T> }) {
  const { t } = useTranslation();
  const quick = useQuickReasons(definition.queue);
  return (
    <ReviewQueue<T>
      queue={definition.queue}
      fetchPage={definition.calls.list}
      decideCall={definition.calls.decide}
      columns={definition.columns(t)}
      quickReasons={quick}
      decisionReason={definition.decisionReason}
      detail={(r) => definition.detail(r, t)}
      {...props}
    />
  );
}

/** Real-name submissions: name, ID number and both ID images. */
const realNameQueue: QueueDefinition<RealNameReview> = {
  queue: 'realName',
  calls: reviewCalls.realName,
  columns: (t) => [
    { key: 'account', head: t('admin.cols.account'), cell: (r) => r.account, className: 'num' },
    { key: 'name', head: t('admin.cols.realName'), cell: (r) => r.realName },
    { key: 'id', head: t('admin.cols.idNumber'), cell: (r) => r.idNumber, className: 'mono' },
  ],
  decisionReason: (r) => r.reason,
  detail: (r, t) => (
    <>
      <DetailList
        compact
        rows={[
          { label: t('admin.cols.realName'), value: r.realName, testId: 'admin-detail-name' },
          { label: t('admin.cols.idNumber'), value: r.idNumber, className: 'mono' },
        ]}
      />
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
  ),
};

type MoneyReview = DepositReview | WithdrawalReview;

/** The columns a money order opens with: order, member, amount. */
function moneyColumns<T extends MoneyReview>(t: TFunction): Column<T>[] {
  return [
    { key: 'order', head: t('funds.orderNo'), cell: (r) => r.orderNo, className: 'mono nowrap' },
    { key: 'account', head: t('admin.cols.account'), cell: (r) => r.account, className: 'num' },
    { key: 'name', head: t('admin.cols.realName'), cell: (r) => r.realName ?? '—' },
    {
      key: 'amount',
      head: t('admin.cols.amount'),
      cell: (r) => moneyText(r.amount, r.currency),
      className: 'num nowrap admin-table__amount',
    },
  ];
}

/** A money order's detail pane: the amount large, then its details, then what the reviewer checks. */
function moneyDetail(r: MoneyReview, t: TFunction, rows: readonly DetailRow[], rest: ReactNode) {
  return (
    <>
      <div className="detail-pane__amount num" data-testid="admin-detail-amount">
        {moneyText(r.amount, r.currency)}
      </div>
      <DetailList compact rows={[{ label: t('funds.orderNo'), value: r.orderNo, className: 'mono' }, ...rows]} />
      {rest}
    </>
  );
}

/** Deposits: amount, channel, the transfer reference to match, and the receipt. */
const depositQueue: QueueDefinition<DepositReview> = {
  queue: 'deposits',
  calls: reviewCalls.deposits,
  columns: (t) => [
    ...moneyColumns<DepositReview>(t),
    { key: 'reference', head: t('deposit.reference'), cell: (r) => r.referenceCode, className: 'mono' },
    { key: 'channel', head: t('deposit.channel'), cell: (r) => r.channelName },
  ],
  decisionReason: (r) => r.remarks,
  detail: (r, t) =>
    moneyDetail(
      r,
      t,
      [
        {
          label: t('deposit.reference'),
          value: r.referenceCode,
          className: 'mono detail-pane__reference',
          testId: 'admin-detail-reference',
        },
        { label: t('deposit.channel'), value: r.channelName },
        { label: t('admin.cols.realName'), value: r.realName ?? t('admin.members.unverifiedName') },
      ],
      <>
        <p className="decision__hint">{t('admin.queue.matchHint')}</p>
        <div className="detail-pane__images detail-pane__images--single">
          <figure>
            <PrivateImage id={r.receiptImageId} alt={t('deposit.receipt')} testId="admin-image-receipt" />
            <figcaption>{t('deposit.receipt')}</figcaption>
          </figure>
        </div>
      </>,
    ),
};

const sameName = (a: string | null, b: string) => a !== null && a.replace(/\s+/g, '') === b.replace(/\s+/g, '');

/** Withdrawals: amount and the destination card, whose holder must be the verified name. */
const withdrawalQueue: QueueDefinition<WithdrawalReview> = {
  queue: 'withdrawals',
  calls: reviewCalls.withdrawals,
  columns: (t) => [
    ...moneyColumns<WithdrawalReview>(t),
    { key: 'bank', head: t('cardForm.bank'), cell: (r) => `${r.bankName} ${r.branchName}` },
    { key: 'card', head: t('cardForm.number'), cell: (r) => r.cardNumber, className: 'mono' },
  ],
  decisionReason: (r) => r.remarks,
  detail: (r, t) =>
    moneyDetail(
      r,
      t,
      [
        {
          label: t('cardForm.bank'),
          value: (
            <>
              {r.bankName} {r.branchName}
            </>
          ),
        },
        { label: t('cardForm.number'), value: r.cardNumber, className: 'mono', testId: 'admin-detail-card' },
        {
          label: t('cardForm.holder'),
          value: (
            <>
              {r.holderName}{' '}
              <span
                className={
                  sameName(r.realName, r.holderName) ? 'name-check name-check--ok' : 'name-check name-check--bad'
                }
                data-testid="admin-name-check"
              >
                {t(sameName(r.realName, r.holderName) ? 'admin.queue.nameMatches' : 'admin.queue.nameDiffers', {
                  name: r.realName ?? '—',
                })}
              </span>
            </>
          ),
        },
      ],
      <p className="decision__hint">{t('admin.queue.payHint')}</p>,
    ),
};

export function RealNameQueue(props: QueueProps) {
  return <DefinedQueue definition={realNameQueue} {...props} />;
}

export function DepositQueue(props: QueueProps) {
  return <DefinedQueue definition={depositQueue} {...props} />;
}

export function WithdrawalQueue(props: QueueProps) {
  return <DefinedQueue definition={withdrawalQueue} {...props} />;
}

/** A seat-account application's detail: who applied, under which verified name, when, and the approvals so far. */
function SeatDetail({ r }: { r: SeatReview }) {
  const { t } = useTranslation();
  const locale = useLocale();
  return (
    <>
      <DetailList
        compact
        rows={[
          { label: t('funds.orderNo'), value: r.orderNo, className: 'mono', testId: 'admin-detail-order' },
          { label: t('admin.cols.account'), value: r.account, className: 'num' },
          {
            label: t('admin.cols.realName'),
            value: r.realName ?? t('admin.members.unverifiedName'),
            testId: 'admin-detail-name',
          },
          {
            label: t('admin.seats.appliedAt'),
            value: t('common.jst', { time: jstText(r.createdAt, 'Y-M-D h:m:s', locale) }),
            className: 'num',
            testId: 'admin-detail-applied',
          },
          {
            label: t('admin.cols.approvals'),
            value: t('admin.seats.approvals', { approvals: r.approvals, required: r.approvalsRequired }),
            className: 'num',
            testId: 'admin-detail-approvals',
          },
        ]}
      />
      <p className="decision__hint">{t('admin.seats.hint')}</p>
    </>
  );
}

/** Seat-account applications (issue 25, SPEC §6): no money and no documents, so the member and their standing. */
const seatQueue: QueueDefinition<SeatReview> = {
  queue: 'seats',
  calls: reviewCalls.seats,
  columns: (t) => [
    { key: 'order', head: t('funds.orderNo'), cell: (r) => r.orderNo, className: 'mono nowrap' },
    { key: 'account', head: t('admin.cols.account'), cell: (r) => r.account, className: 'num' },
    { key: 'name', head: t('admin.cols.realName'), cell: (r) => r.realName ?? '—' },
    {
      key: 'approvals',
      head: t('admin.cols.approvals'),
      cell: (r) => t('admin.seats.approvals', { approvals: r.approvals, required: r.approvalsRequired }),
      className: 'num nowrap',
    },
  ],
  decisionReason: (r) => r.remarks,
  detail: (r) => <SeatDetail r={r} />,
};

export function SeatQueue(props: QueueProps) {
  return <DefinedQueue definition={seatQueue} {...props} />;
}

/** The product's code and its name in the staff member's language. */
function ProductName({ r }: { r: Pick<BlockReview, 'code' | 'names'> }) {
  const locale = useLocale();
  return (
    <>
      <strong className="num">{r.code}</strong> {r.names[locale]}
    </>
  );
}

/**
 * A block-trade application's detail: the amount held, the product and its terms, the member under their verified
 * name, when they applied, and the approvals so far; decided, what it bought and the position it became.
 */
function BlockDetail({ r }: { r: BlockReview }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const when = (iso: string) => t('common.jst', { time: jstText(iso, 'Y-M-D h:m:s', locale) });
  const rows: DetailRow[] = [
    { label: t('funds.orderNo'), value: r.orderNo, className: 'mono', testId: 'admin-detail-order' },
    { label: t('admin.cols.account'), value: r.account, className: 'num' },
    {
      label: t('admin.cols.realName'),
      value: r.realName ?? t('admin.members.unverifiedName'),
      testId: 'admin-detail-name',
    },
    { label: t('admin.blockQueue.product'), value: <ProductName r={r} />, testId: 'admin-detail-product' },
    { label: t('admin.blockQueue.price'), value: moneyText(r.price), className: 'num' },
    {
      label: t('admin.blockQueue.shares'),
      value: t('admin.block.shares', { shares: groupThousands(r.shares) }),
      className: 'num',
      testId: 'admin-detail-shares',
    },
    { label: t('admin.blockQueue.minAmount'), value: moneyText(r.minAmount), className: 'num' },
    {
      label: t('admin.blockQueue.lockUp'),
      value: r.lockUpUntil ? when(r.lockUpUntil) : t('admin.block.noLockUp'),
      className: 'num',
    },
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
      { label: t('admin.blockQueue.turnover'), value: moneyText(r.turnover), className: 'num' },
      {
        label: t('admin.blockQueue.position'),
        value: r.positionOrderNo ?? '—',
        className: 'mono',
        testId: 'admin-detail-position',
      },
    );
  return (
    <>
      <div className="detail-pane__amount num" data-testid="admin-detail-amount">
        {moneyText(r.amount)}
      </div>
      <DetailList compact rows={rows} />
      {r.status === 'pending' && <p className="decision__hint">{t('admin.blockQueue.hint')}</p>}
    </>
  );
}

/**
 * Block-trade applications (立会外分売, issue 25): price × shares is held from the member's funds while they wait, so the
 * amount leads; four eyes apply at or above the threshold, as for the money queues.
 */
const blockQueue: QueueDefinition<BlockReview> = {
  queue: 'block',
  calls: reviewCalls.block,
  columns: (t) => [
    { key: 'order', head: t('funds.orderNo'), cell: (r) => r.orderNo, className: 'mono nowrap' },
    { key: 'account', head: t('admin.cols.account'), cell: (r) => r.account, className: 'num' },
    { key: 'name', head: t('admin.cols.realName'), cell: (r) => r.realName ?? '—' },
    { key: 'product', head: t('admin.blockQueue.product'), cell: (r) => <ProductName r={r} />, className: 'nowrap' },
    {
      key: 'shares',
      head: t('admin.blockQueue.shares'),
      cell: (r) => groupThousands(r.shares),
      className: 'num admin-table__amount',
    },
    {
      key: 'price',
      head: t('admin.blockQueue.price'),
      cell: (r) => moneyText(r.price),
      className: 'num nowrap admin-table__amount',
    },
    {
      key: 'amount',
      head: t('admin.cols.amount'),
      cell: (r) => moneyText(r.amount),
      className: 'num nowrap admin-table__amount',
    },
    {
      key: 'approvals',
      head: t('admin.cols.approvals'),
      cell: (r) => t('admin.seats.approvals', { approvals: r.approvals, required: r.approvalsRequired }),
      className: 'num nowrap',
    },
  ],
  decisionReason: (r) => r.remarks,
  detail: (r) => <BlockDetail r={r} />,
};

export function BlockQueue(props: QueueProps) {
  return <DefinedQueue definition={blockQueue} {...props} />;
}
