import { useState } from 'react';
import { Button, NoticeBar, Skeleton, Tabs, Tag } from 'antd-mobile';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { successKeys } from '@kabuto/contracts/errors';
import { checkApplication } from '@kabuto/domain/daytrade/day-trade';
import { applyRefusalKey } from '@kabuto/contracts/daytrade/refusals';
import {
  applyQuota,
  endQuota,
  type DayTradeApplication,
  type DayTradeOverview,
  type PositionWire,
} from '../api/daytrade.api.ts';
import {
  useDayTradeApplications,
  useDayTradeEvents,
  useDayTradeOverview,
  useDayTrades,
  useRefreshDayTrade,
} from '../api/daytrade.queries.ts';
import { ConfirmSheet } from '../../../shared/components/confirm-sheet.tsx';
import { DetailList, type DetailRow } from '../../../shared/components/detail-list.tsx';
import { FormInput } from '../../../shared/components/form-input.tsx';
import { LoadFailure } from '../../../shared/components/load-failure.tsx';
import { Page } from '../../../shared/components/page.tsx';
import { SignInRequired } from '../../../shared/components/sign-in-required.tsx';
import { StatusBlock } from '../../../shared/components/status-block.tsx';
import { StatusPill } from '../../../shared/components/status-pill.tsx';
import { errorKeyOf } from '../../../shared/api/error-key.ts';
import { useIdempotentSubmission } from '../../../shared/api/idempotency.ts';
import { preloadNotice, showSuccess } from '../../../shared/api/notice.ts';
import { FormError } from '../../../shared/forms/form-error.tsx';
import { moneyText } from '../../../shared/format/money-text.ts';
import { AmountText } from '../../../shared/components/amount-text.tsx';
import { jstText, useLocale } from '../../../shared/format/jst.ts';
import { push, replace } from '../../../shared/navigation/navigation.ts';
import { useAddressParam } from '../../../shared/navigation/use-address-param.ts';
import { useSession } from '../../../shared/session/session.store.ts';
import '../../../shared/components/detail-list.css';
import '../daytrade.css';

/** SPEC §2 day trading: order submission, transactions (open), transaction details (settled), already applied. */
const tabs = ['order', 'trades', 'details', 'applied'] as const;
type Tab = (typeof tabs)[number];
const isTab = (v: string | null): v is Tab => tabs.includes(v as Tab);

/** Day trading (/common/dayTrading?tab=): the quota, the day trades and the applications (issue 26). */
export function DayTradingScreen() {
  const { t } = useTranslation();
  const session = useSession();
  const param = useAddressParam('tab');
  const tab: Tab = isTab(param) ? param : 'order';
  return (
    <Page testId="daytrade-screen">
      {session.token === '' ? (
        <SignInRequired />
      ) : (
        <>
          <Live />
          <Tabs activeKey={tab} onChange={(key) => replace(`/common/dayTrading?tab=${key}`)} className="daytrade__tabs">
            {tabs.map((key) => (
              <Tabs.Tab key={key} title={t(`daytrade.tabs.${key}`)} data-testid={`dt-tab-${key}`} />
            ))}
          </Tabs>
          {tab === 'order' && <OrderTab />}
          {tab === 'trades' && <TradesTab settled={false} />}
          {tab === 'details' && <TradesTab settled />}
          {tab === 'applied' && <AppliedTab />}
        </>
      )}
    </Page>
  );
}

function Live() {
  useDayTradeEvents();
  return null;
}

const Loading = ({ testId }: { testId: string }) => (
  <div className="daytrade-loading" aria-busy="true" data-testid={testId}>
    {Array.from({ length: 3 }, (_, i) => (
      <Skeleton.Paragraph key={i} lineCount={3} animated />
    ))}
  </div>
);

function OrderTab() {
  const overview = useDayTradeOverview();
  if (overview.isPending) return <Loading testId="dt-loading" />;
  if (overview.isError)
    return (
      <LoadFailure
        titleKey="daytrade.loadFailedTitle"
        messageKey="daytrade.loadFailedBody"
        onRetry={() => void overview.refetch()}
        retrying={overview.isFetching}
        testId="dt-failed"
      />
    );
  const o = overview.data;
  return (
    <div className="daytrade-body">
      <CutOffNotice o={o} />
      {o.inForce ? (
        <QuotaCard o={o} quota={o.inForce} />
      ) : o.pending ? (
        <PendingCard a={o.pending} />
      ) : (
        <ApplyForm o={o} />
      )}
    </div>
  );
}

/** Under `demo` the market never closes, but day trades still close at the staff's cut-off; under `tse`, at 15:30. */
function CutOffNotice({ o }: { o: DayTradeOverview }) {
  const { t } = useTranslation();
  return (
    <NoticeBar
      color="info"
      wrap
      content={t(o.profile === 'demo' ? 'daytrade.cutOff.demo' : 'daytrade.cutOff.tse', { time: o.cutOff })}
      data-testid="dt-cutoff-notice"
    />
  );
}

function QuotaCard({ o, quota }: { o: DayTradeOverview; quota: DayTradeApplication }) {
  const { t } = useTranslation();
  const lang = useLocale();
  const [symbol, setSymbol] = useState('7203');
  const [ending, setEnding] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const refresh = useRefreshDayTrade();
  const end = useMutation({
    mutationFn: () => endQuota(),
    onSuccess: async () => {
      setEnding(false);
      showSuccess(successKeys.saved);
      await refresh();
    },
    onError: (e) => {
      setEnding(false);
      setError(errorKeyOf(e));
    },
  });
  const rows: DetailRow[] = [
    {
      label: t('daytrade.fields.quota'),
      value: moneyText(o.inForce?.quota ?? '0'),
      className: 'num',
      testId: 'dt-quota',
    },
    { label: t('daytrade.fields.used'), value: moneyText(o.used), className: 'num', testId: 'dt-used' },
    {
      label: t('daytrade.fields.remaining'),
      value: moneyText(o.remaining),
      className: 'num',
      testId: 'dt-remaining',
      rowClassName: 'detail-list__strong',
    },
    { label: t('daytrade.fields.openTrades'), value: String(o.openTrades), className: 'num', testId: 'dt-open-trades' },
    {
      label: t('daytrade.fields.nextCutOff'),
      value: t('common.jst', { time: jstText(o.nextCutOffAt, 'Y-M-D h:m', lang) }),
      className: 'num',
      testId: 'dt-next-cutoff',
    },
    { label: t('daytrade.fields.orderNo'), value: quota.orderNo, className: 'mono' },
  ];
  const validSymbol = /^\d{4}$/.test(symbol);
  return (
    <section className="daytrade-card" data-testid="dt-quota-card">
      <div className="daytrade-card__head">
        <h2>{t('daytrade.quota.title')}</h2>
        <Tag color="success" fill="outline" data-testid="dt-state">
          {t('daytrade.state.inProgress')}
        </Tag>
      </div>
      <DetailList rows={rows} />
      <label className="daytrade-field">
        <span>{t('daytrade.quota.symbol')}</span>
        <FormInput
          value={symbol}
          onChange={setSymbol}
          digitsOnly
          maxLength={4}
          inputMode="numeric"
          testId="dt-symbol"
          aria-label={t('daytrade.quota.symbol')}
        />
      </label>
      <Button
        block
        color="primary"
        size="large"
        disabled={!validSymbol}
        onClick={() => push(`/market/marketBuy?symbol=${symbol}&side=long&dayTrade=1`)}
        data-testid="dt-to-ticket"
      >
        {t('daytrade.quota.toTicket')}
      </Button>
      <p className="daytrade-hint">{t('daytrade.quota.hint')}</p>
      <FormError error={error} testId="dt-end-error" />
      <Button block fill="outline" onClick={() => setEnding(true)} data-testid="dt-end">
        {t('daytrade.quota.end')}
      </Button>
      <ConfirmSheet
        open={ending}
        title={t('daytrade.quota.endTitle')}
        rows={[{ label: t('daytrade.fields.quota'), value: moneyText(quota.quota), className: 'num' }]}
        note={t('daytrade.quota.endNote')}
        confirmLabel={t('daytrade.quota.endConfirm')}
        busy={end.isPending}
        onConfirm={() => end.mutate()}
        onClose={() => setEnding(false)}
        testId="dt-end-sheet"
      />
    </section>
  );
}

function PendingCard({ a }: { a: DayTradeApplication }) {
  const { t } = useTranslation();
  const lang = useLocale();
  return (
    <section className="daytrade-card" data-testid="dt-pending-card">
      <div className="daytrade-card__head">
        <h2>{t('daytrade.pending.title')}</h2>
        <StatusPill status={a.status} testId="dt-pending-status" />
      </div>
      <DetailList
        rows={[
          { label: t('daytrade.fields.quota'), value: moneyText(a.quota), className: 'num' },
          { label: t('daytrade.fields.orderNo'), value: a.orderNo, className: 'mono' },
          {
            label: t('daytrade.fields.appliedAt'),
            value: t('common.jst', { time: jstText(a.createdAt, 'Y-M-D h:m', lang) }),
            className: 'num',
          },
        ]}
      />
      <p className="daytrade-hint">{t('daytrade.pending.hint')}</p>
    </section>
  );
}

/** The quota application: whole yen, checked by the domain's rule as typed and again by the server. */
function ApplyForm({ o }: { o: DayTradeOverview }) {
  const { t } = useTranslation();
  const [amount, setAmount] = useState('');
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const refresh = useRefreshDayTrade();
  const submission = useIdempotentSubmission();
  const check = checkApplication(amount, { pendingOrInForce: false });
  const problem = amount === '' ? null : 'refused' in check ? applyRefusalKey[check.refused] : null;
  const apply = useMutation({
    mutationFn: (value: string) => applyQuota(value, submission.headersFor({ amount: value })),
    onSuccess: async () => {
      submission.settle();
      setConfirming(false);
      setAmount('');
      showSuccess(successKeys.dayTradeApplied);
      await refresh();
    },
    onError: (e) => {
      submission.settle(e);
      setConfirming(false);
      setError(errorKeyOf(e));
    },
  });
  return (
    <section className="daytrade-card" data-testid="dt-apply-form">
      <h2>{t('daytrade.apply.title')}</h2>
      <p className="daytrade-hint">{t('daytrade.apply.intro')}</p>
      <label className="daytrade-field">
        <span>{t('daytrade.fields.quota')}</span>
        <FormInput
          value={amount}
          onChange={(v) => {
            setAmount(v);
            setError(null);
          }}
          digitsOnly
          maxLength={12}
          inputMode="numeric"
          placeholder={t('daytrade.apply.placeholder')}
          testId="dt-amount"
          aria-label={t('daytrade.fields.quota')}
        />
      </label>
      <p className="daytrade-hint num">{t('daytrade.apply.max', { amount: moneyText(o.maxQuota) })}</p>
      <FormError error={problem ?? error} testId="dt-apply-error" />
      <Button
        block
        color="primary"
        size="large"
        disabled={amount === '' || 'refused' in check}
        onClick={() => {
          preloadNotice();
          setConfirming(true);
        }}
        data-testid="dt-apply"
      >
        {t('daytrade.apply.submit')}
      </Button>
      <ConfirmSheet
        open={confirming}
        title={t('daytrade.apply.confirmTitle')}
        headlineLabel={t('daytrade.fields.quota')}
        headline={<span className="num">{'ok' in check ? moneyText(check.ok.toFixed()) : ''}</span>}
        rows={[{ label: t('daytrade.fields.cutOff'), value: o.cutOff, className: 'num' }]}
        note={t('daytrade.apply.confirmNote')}
        confirmLabel={t('daytrade.apply.confirm')}
        busy={apply.isPending}
        onConfirm={() => 'ok' in check && apply.mutate(check.ok.toFixed())}
        onClose={() => setConfirming(false)}
        testId="dt-apply-sheet"
      />
    </section>
  );
}

/** Open day trades (placing and in progress), or settled ones (closed, cancelled) with the reason they closed. */
function TradesTab({ settled }: { settled: boolean }) {
  const { t } = useTranslation();
  const holding = useDayTrades(settled ? 'closed' : 'holding');
  const placing = useDayTrades('placing');
  const lists = settled ? [holding] : [placing, holding];
  if (lists.some((l) => l.isPending)) return <Loading testId="dt-trades-loading" />;
  if (lists.some((l) => l.isError))
    return (
      <LoadFailure
        titleKey="daytrade.loadFailedTitle"
        messageKey="daytrade.loadFailedBody"
        onRetry={() => lists.forEach((l) => void l.refetch())}
        retrying={lists.some((l) => l.isFetching)}
        testId="dt-trades-failed"
      />
    );
  const items = lists.flatMap((l) => l.data?.items ?? []);
  if (items.length === 0)
    return (
      <div className="centered-block" data-testid="dt-trades-empty">
        <StatusBlock
          kind="empty"
          title={t(settled ? 'daytrade.trades.emptySettled' : 'daytrade.trades.emptyOpen')}
          description={t('daytrade.trades.emptyBody')}
        />
      </div>
    );
  return (
    <div className="daytrade-body" data-testid={settled ? 'dt-settled' : 'dt-open'}>
      {items.map((p) => (
        <TradeRow key={p.orderNo} p={p} />
      ))}
    </div>
  );
}

function TradeRow({ p }: { p: PositionWire }) {
  const { t } = useTranslation();
  const lang = useLocale();
  const pnl = p.status === 'closed' ? p.netPnl : p.pnl;
  return (
    <article
      className="daytrade-card daytrade-trade"
      data-testid="dt-trade"
      data-status={p.status}
      data-order={p.orderNo}
    >
      <button
        type="button"
        className="daytrade-trade__open"
        onClick={() => push(`/position/positionDetail?orderNo=${encodeURIComponent(p.orderNo)}`)}
        data-testid="dt-trade-open"
      >
        <div className="daytrade-card__head">
          <div>
            <strong>{p.names[lang]}</strong> <span className="num daytrade-code">{p.symbol}</span>
          </div>
          <Tag color={p.side === 'long' ? 'danger' : 'success'} fill="outline">
            {t(`daytrade.side.${p.side}`)}
          </Tag>
        </div>
        <dl className="daytrade-figures">
          <div>
            <dt>{t('daytrade.fields.quantity')}</dt>
            <dd className="num">{p.quantity}</dd>
          </div>
          <div>
            <dt>{t('daytrade.fields.margin')}</dt>
            <dd className="num">{moneyText(p.margin)}</dd>
          </div>
          <div>
            <dt>{t('daytrade.fields.pnl')}</dt>
            <dd>{pnl ? <AmountText amount={pnl} signed testId="dt-trade-pnl" /> : '—'}</dd>
          </div>
        </dl>
        <p className="daytrade-hint">
          {t(`daytrade.status.${p.status}`)}
          {p.closeReason ? ` · ${t(`daytrade.closeReason.${p.closeReason}`)}` : ''}
          {p.closedAt ? ` · ${jstText(p.closedAt, 'M-D h:m', lang)}` : ''}
        </p>
      </button>
    </article>
  );
}

function AppliedTab() {
  const { t } = useTranslation();
  const lang = useLocale();
  const list = useDayTradeApplications();
  if (list.isPending) return <Loading testId="dt-applied-loading" />;
  if (list.isError)
    return (
      <LoadFailure
        titleKey="daytrade.loadFailedTitle"
        messageKey="daytrade.loadFailedBody"
        onRetry={() => void list.refetch()}
        retrying={list.isFetching}
        testId="dt-applied-failed"
      />
    );
  if (list.data.items.length === 0)
    return (
      <div className="centered-block" data-testid="dt-applied-empty">
        <StatusBlock
          kind="empty"
          title={t('daytrade.applied.emptyTitle')}
          description={t('daytrade.applied.emptyBody')}
        />
        <Button color="primary" onClick={() => replace('/common/dayTrading?tab=order')}>
          {t('daytrade.applied.toApply')}
        </Button>
      </div>
    );
  return (
    <div className="daytrade-body" data-testid="dt-applied">
      {list.data.items.map((a) => (
        <article key={a.id} className="daytrade-card" data-testid="dt-application" data-status={a.status}>
          <div className="daytrade-card__head">
            <strong className="num">{moneyText(a.quota)}</strong>
            <span className="daytrade-tags">
              <StatusPill status={a.status} testId="dt-application-status" />
              {a.state && (
                <Tag
                  color={a.state === 'inProgress' ? 'success' : 'default'}
                  fill="outline"
                  data-testid="dt-application-state"
                >
                  {t(`daytrade.state.${a.state}`)}
                </Tag>
              )}
            </span>
          </div>
          <DetailList
            compact
            rows={[
              { label: t('daytrade.fields.orderNo'), value: a.orderNo, className: 'mono' },
              {
                label: t('daytrade.fields.appliedAt'),
                value: jstText(a.createdAt, 'Y-M-D h:m', lang),
                className: 'num',
              },
              ...(a.decidedAt
                ? [
                    {
                      label: t('daytrade.fields.decidedAt'),
                      value: jstText(a.decidedAt, 'Y-M-D h:m', lang),
                      className: 'num',
                    },
                  ]
                : []),
              ...(a.remarks ? [{ label: t('daytrade.fields.remarks'), value: a.remarks, testId: 'dt-remarks' }] : []),
              ...(a.endedAt
                ? [
                    {
                      label: t('daytrade.fields.endedAt'),
                      value: jstText(a.endedAt, 'Y-M-D h:m', lang),
                      className: 'num',
                    },
                  ]
                : []),
            ]}
          />
        </article>
      ))}
    </div>
  );
}
