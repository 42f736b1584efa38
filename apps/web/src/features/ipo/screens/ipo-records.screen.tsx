import { useState } from 'react';
import { Button, Tabs } from 'antd-mobile';
import { ChevronRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { amountFor } from '@kabuto/domain/ipo/offering';
import type { IpoEntry } from '../api/ipo.api.ts';
import { useIpoRecords } from '../api/ipo.queries.ts';
import { EntryStatusPill } from '../components/ipo-pills.tsx';
import { useIpoFormat } from '../components/ipo-format.ts';
import { ListSkeleton } from '../../../shared/components/list-skeleton.tsx';
import { LoadFailure } from '../../../shared/components/load-failure.tsx';
import { Refreshable } from '../../../shared/components/refreshable.tsx';
import { Page } from '../../../shared/components/page.tsx';
import { SignInRequired } from '../../../shared/components/sign-in-required.tsx';
import { StatusBlock } from '../../../shared/components/status-block.tsx';
import { groupByDay } from '../../../shared/format/group-by-day.ts';
import { useLocale } from '../../../shared/format/jst.ts';
import { moneyText } from '../../../shared/format/money-text.ts';
import { push } from '../../../shared/navigation/navigation.ts';
import { useSession } from '../../../shared/session/session.store.ts';
import { translateKey } from '../../../i18n/i18n.ts';
import '../ipo.css';

/** SPEC §2 "subscription record and lottery record": every application, and those the lottery has decided. */
type Tab = 'subscriptions' | 'lottery';
const tabs: readonly Tab[] = ['subscriptions', 'lottery'];

/** The member's IPO record (/market/subscribeRecord): each entry with every state change, its time and amounts. */
export function IpoRecordsScreen() {
  const { t } = useTranslation();
  const session = useSession();
  const [tab, setTab] = useState<Tab>('subscriptions');
  return (
    <Page testId="ipo-records-screen">
      {session.token === '' ? (
        <SignInRequired />
      ) : (
        <>
          <Tabs activeKey={tab} onChange={(key) => setTab(key as Tab)} className="ipo-tabs">
            {tabs.map((key) => (
              <Tabs.Tab key={key} title={t(`ipo.record.tabs.${key}`)} data-testid={`ipo-record-tab-${key}`} />
            ))}
          </Tabs>
          <RecordList tab={tab} />
        </>
      )}
    </Page>
  );
}

// An entry's height at 390 px (name, amounts and its steps): the skeleton stands where the rows will.
const IPO_ROW_HEIGHT = 152;

function RecordList({ tab }: { tab: Tab }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const records = useIpoRecords();
  if (records.isPending)
    return (
      <ListSkeleton rows={4} rowHeight={IPO_ROW_HEIGHT} label={t('ipo.record.loading')} testId="ipo-records-loading" />
    );
  if (records.isError)
    return (
      <LoadFailure
        titleKey="ipo.loadFailedTitle"
        messageKey="ipo.loadFailedBody"
        onRetry={() => void records.refetch()}
        retrying={records.isFetching}
        testId="ipo-records-failed"
      />
    );
  // The lottery record: the entries the draw has decided (won, paid, not won, lapsed).
  const items = tab === 'lottery' ? records.data.items.filter((e) => e.drawnAt !== null) : records.data.items;
  if (items.length === 0)
    return (
      <Refreshable onRefresh={() => records.refetch()}>
        <div className="centered-block" data-testid="ipo-records-empty">
          <StatusBlock
            kind="empty"
            title={t(tab === 'lottery' ? 'ipo.record.emptyLotteryTitle' : 'ipo.record.emptyTitle')}
            description={t('ipo.record.emptyBody')}
          />
          <Button color="primary" onClick={() => push('/market/subscribe')} data-testid="ipo-records-to-list">
            {t('ipo.record.toOfferings')}
          </Button>
        </div>
      </Refreshable>
    );
  return (
    <Refreshable onRefresh={() => records.refetch()}>
      <div className="ipo-records" data-testid="ipo-records">
        {groupByDay(items, (e) => e.subscribedAt, locale).map((group) => (
          <section key={group.day} className="ipo-records__group">
            <h2 className="ipo-records__day num">{group.day}</h2>
            {group.items.map((e) => (
              <RecordRow key={e.id} entry={e} />
            ))}
          </section>
        ))}
      </div>
    </Refreshable>
  );
}

interface Step {
  key: 'subscribed' | 'won' | 'notWon' | 'paid' | 'lapsed' | 'cancelled' | 'awaitingDraw' | 'awaitingPayment';
  at: string | null;
  text: string;
  detail?: string;
}

/** Every state change of an entry, in order, with its time; the step still ahead last, without a time. */
function stepsOf(
  e: IpoEntry,
  t: (key: string, options?: Record<string, string>) => string,
  f: ReturnType<typeof useIpoFormat>,
): Step[] {
  const steps: Step[] = [
    {
      key: 'subscribed',
      at: e.subscribedAt,
      text: t('ipo.record.step.subscribed', {
        shares: f.shares(e.shares),
        amount: moneyText(amountFor(e.price, e.shares).toFixed()),
      }),
    },
  ];
  if (e.drawnAt !== null)
    steps.push(
      e.won === '0'
        ? { key: 'notWon', at: e.drawnAt, text: t('ipo.record.step.notWon') }
        : {
            key: 'won',
            at: e.drawnAt,
            text: t('ipo.record.step.won', { shares: f.shares(e.won), amount: moneyText(e.amountDue) }),
          },
    );
  if (e.paidAt !== null)
    steps.push({ key: 'paid', at: e.paidAt, text: t('ipo.record.step.paid', { amount: moneyText(e.amountPaid) }) });
  if (e.endedAt !== null && (e.status === 'lapsed' || e.status === 'cancelled'))
    steps.push({
      key: e.status,
      at: e.endedAt,
      text: t(e.status === 'lapsed' ? 'ipo.record.step.lapsed' : 'ipo.record.step.cancelled'),
      ...(e.endReason ? { detail: t('ipo.record.reason', { reason: translateKey(e.endReason) }) } : {}),
    });
  if (e.status === 'awaitingDraw')
    steps.push({ key: 'awaitingDraw', at: null, text: t('ipo.record.step.awaitingDraw') });
  if (e.status === 'won')
    steps.push({
      key: 'awaitingPayment',
      at: null,
      text: t('ipo.record.step.awaitingPayment', { payBy: f.when(e.payBy) }),
    });
  return steps;
}

function RecordRow({ entry: e }: { entry: IpoEntry }) {
  const { t } = useTranslation();
  const lang = useLocale();
  const f = useIpoFormat();
  const figures = [
    { key: 'held', label: t('ipo.fields.held'), value: moneyText(e.held), testId: 'ipo-record-held' },
    { key: 'due', label: t('ipo.fields.amountDue'), value: moneyText(e.amountDue), testId: 'ipo-record-due' },
    { key: 'paid', label: t('ipo.fields.amountPaid'), value: moneyText(e.amountPaid), testId: 'ipo-record-paid' },
  ];
  return (
    <article className="ipo-card" data-testid="ipo-record-row" data-status={e.status} data-entry-id={e.id}>
      <button
        type="button"
        className="ipo-card__open"
        onClick={() => push(`/market/subscribeDetail?id=${encodeURIComponent(e.offeringId)}`)}
        data-testid="ipo-record-open"
      >
        <div className="ipo-card__head">
          <div className="ipo-card__name">
            <strong>{e.names[lang]}</strong> <span className="ipo-code num">{e.code}</span>
          </div>
          <ChevronRight className="ipo-card__chevron" aria-hidden="true" />
        </div>
        <div className="ipo-card__tags">
          <EntryStatusPill status={e.status} />
          <span className="ipo-card__label num">{f.shares(e.shares)}</span>
        </div>
        <dl className="ipo-figures ipo-figures--three">
          {figures.map((x) => (
            <div key={x.key}>
              <dt>{x.label}</dt>
              <dd className="num" data-testid={x.testId}>
                {x.value}
              </dd>
            </div>
          ))}
        </dl>
        <ol className="ipo-steps" aria-label={t('ipo.record.history')}>
          {stepsOf(e, t, f).map((s) => (
            <li
              key={s.key}
              className={`ipo-step${s.at === null ? ' ipo-step--ahead' : ''}`}
              data-testid="ipo-record-step"
              data-step={s.key}
            >
              <span className="ipo-step__text">
                {s.text}
                {s.detail && <span className="ipo-step__detail">{s.detail}</span>}
              </span>
              {s.at !== null && <span className="ipo-step__time num">{f.when(s.at)}</span>}
            </li>
          ))}
        </ol>
      </button>
    </article>
  );
}
