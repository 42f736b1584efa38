import { useEffect, useMemo, useState } from 'react';
import { Button, NoticeBar, Skeleton } from 'antd-mobile';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { errorKeys, successKeys } from '@kabuto/contracts/errors';
import { amountFor, checkSubscription, offeringPhase } from '@kabuto/domain/ipo/offering';
import { tryMoney } from '@kabuto/domain/money';
import { payEntry, subscribeOffering, type IpoEntry, type OfferingDetail } from '../api/ipo.api.ts';
import { useOffering, useRefreshIpo } from '../api/ipo.queries.ts';
import { DrawVerification } from '../components/draw-verification.tsx';
import { GrabAction, GrabSection, GrabSheet, useGrabPress } from '../components/grab-section.tsx';
import { EntryStatusPill, PhasePill } from '../components/ipo-pills.tsx';
import { useIpoFormat } from '../components/ipo-format.ts';
import {
  offeringFacts,
  ratioPercent,
  sharesDigits,
  stepShares,
  subscribeRefusalKey,
} from '../components/subscription.ts';
import { ConfirmSheet } from '../../../shared/components/confirm-sheet.tsx';
import { DetailList, type DetailRow } from '../../../shared/components/detail-list.tsx';
import { LoadFailure } from '../../../shared/components/load-failure.tsx';
import { Page } from '../../../shared/components/page.tsx';
import { SignInRequired } from '../../../shared/components/sign-in-required.tsx';
import { StatusBlock } from '../../../shared/components/status-block.tsx';
import { ApiError } from '../../../shared/api/http-client.ts';
import { errorKeyOf } from '../../../shared/api/error-key.ts';
import { useIdempotentSubmission } from '../../../shared/api/idempotency.ts';
import { preloadNotice, showSuccess } from '../../../shared/api/notice.ts';
import { FormError } from '../../../shared/forms/form-error.tsx';
import { StepperField } from '../../../shared/forms/stepper-field.tsx';
import { groupThousands } from '../../../shared/format/price-change.ts';
import { moneyText } from '../../../shared/format/money-text.ts';
import { useLocale } from '../../../shared/format/jst.ts';
import { useNow } from '../../../shared/hooks/use-now.ts';
import { push, replace } from '../../../shared/navigation/navigation.ts';
import { useAddressParam } from '../../../shared/navigation/use-address-param.ts';
import { useSession } from '../../../shared/session/session.store.ts';
import { useUserInfo } from '../../../shared/session/use-user-info.ts';
import { translateKey } from '../../../i18n/i18n.ts';
import '../../../shared/components/detail-list.css';
import '../ipo.css';

/**
 * One offering (/market/subscribeDetail?id=): its terms and phase, the draw's commitment, the member's application
 * (ブックビルディング申込) or entry, the purchase confirmation of a win (購入申込), after the draw the odds and the
 * draw checked in this browser, and the grab window for lapsed wins (追加販売・先着順). Keyed by the id: another id in
 * the address starts afresh.
 */
export function IpoOfferingDetailScreen() {
  const id = (useAddressParam('id') ?? '').trim();
  const session = useSession();
  if (session.token === '')
    return (
      <Page testId="ipo-detail-screen">
        <SignInRequired />
      </Page>
    );
  return <DetailLoader key={id} id={id} />;
}

function DetailLoader({ id }: { id: string }) {
  const { t } = useTranslation();
  const detail = useOffering(id);
  if (detail.data) return <OfferingBody offering={detail.data} onStale={() => void detail.refetch()} />;
  const missing =
    id === '' ||
    (detail.isError && detail.error instanceof ApiError && detail.error.messageKey === errorKeys.ipo.notFound);
  return (
    <Page testId="ipo-detail-screen">
      {missing ? (
        <div className="centered-block" data-testid="ipo-detail-missing">
          <StatusBlock kind="empty" title={t('ipo.detail.missingTitle')} description={t('ipo.detail.missingBody')} />
          <Button color="primary" onClick={() => replace('/market/subscribe')}>
            {t('ipo.detail.toList')}
          </Button>
        </div>
      ) : detail.isError ? (
        <LoadFailure
          titleKey="ipo.loadFailedTitle"
          messageKey="ipo.loadFailedBody"
          onRetry={() => void detail.refetch()}
          retrying={detail.isFetching}
          testId="ipo-detail-failed"
        />
      ) : (
        <div className="ipo-loading" aria-busy="true">
          <Skeleton.Title animated />
          <Skeleton.Paragraph lineCount={10} animated />
        </div>
      )}
    </Page>
  );
}

type Sheet = 'subscribe' | 'pay' | null;
/** What the member confirmed: the shares as read when they confirmed, or the entry whose win they buy. */
type Action = { what: 'subscribe'; shares: string } | { what: 'pay'; entryId: string };

function OfferingBody({ offering: o, onStale }: { offering: OfferingDetail; onStale: () => void }) {
  const { t } = useTranslation();
  const lang = useLocale();
  const f = useIpoFormat();
  const refresh = useRefreshIpo();
  const info = useUserInfo();
  const submission = useIdempotentSubmission();
  const now = useNow(true, 1_000);
  const facts = useMemo(() => offeringFacts(o), [o]);
  const mine = o.mine;

  // The window opened or closed while the screen was open: the server says what the offering is now.
  const clientPhase = offeringPhase(facts, now);
  useEffect(() => {
    if (clientPhase !== o.phase && (o.phase === 'notYetOpen' || o.phase === 'subscribing')) onStale();
  }, [clientPhase, o.phase]);

  const [shares, setShares] = useState('100');
  const [sheet, setSheet] = useState<Sheet>(null);
  const [error, setError] = useState<string | null>(null);
  // The one subscription check the server runs too; until the member's verification is known the server decides.
  const check = checkSubscription({
    offering: facts,
    now,
    shares,
    alreadySubscribed: mine !== null,
    realNameVerified: info.data ? info.data.realNameStatus === 'verified' : true,
    available: o.available,
  });
  const refusal = 'refused' in check ? check.refused : null;
  const amount = /^\d{1,12}$/.test(shares) ? amountFor(o.price, shares) : null;
  const availableAfter = amount === null ? null : (tryMoney(o.available)?.minus(amount) ?? null);

  const act = useMutation({
    mutationFn: (action: Action) =>
      action.what === 'subscribe'
        ? subscribeOffering(o.id, action.shares, submission.headersFor({ id: o.id, shares: action.shares }))
        : payEntry(action.entryId, submission.headersFor({ entryId: action.entryId })),
    onSuccess: async (_entry, action) => {
      submission.settle();
      setSheet(null);
      setError(null);
      showSuccess(action.what === 'subscribe' ? successKeys.subscribed : successKeys.paid);
      await refresh();
    },
    onError: (e) => {
      submission.settle(e);
      setSheet(null);
      setError(errorKeyOf(e));
      void refresh();
    },
  });
  const open = (what: Exclude<Sheet, null>) => {
    preloadNotice();
    setError(null);
    setSheet(what);
  };

  // The grab window's phase follows the same clock: it opens, closes or sells out without polling.
  const grab = useGrabPress(o, now);

  const subscribing = mine === null && o.phase === 'subscribing';
  const payable = mine?.status === 'won' && now < new Date(mine.payBy);
  const drawn = o.secret !== null;
  const name = `${o.names[lang]} ${o.code}`;

  const footer = subscribing ? (
    <>
      <FormError error={error} testId="ipo-error" />
      {refusal !== null && <Refusal refusal={refusal} />}
      <Button
        block
        size="large"
        color="primary"
        disabled={refusal !== null}
        onClick={() => open('subscribe')}
        data-testid="ipo-subscribe-submit"
      >
        {t('ipo.subscribe.submit')}
      </Button>
    </>
  ) : payable ? (
    <>
      <FormError error={error} testId="ipo-error" />
      <Button block size="large" color="primary" onClick={() => open('pay')} data-testid="ipo-pay">
        {t('ipo.pay.button')}
      </Button>
    </>
  ) : grab.offered ? (
    <GrabAction offering={o} press={grab} />
  ) : error !== null ? (
    <FormError error={error} testId="ipo-error" />
  ) : undefined;

  return (
    <Page testId="ipo-detail-screen" footer={footer}>
      <div data-testid="ipo-detail" data-offering-id={o.id} data-phase={o.phase}>
        <header className="ipo-head">
          <h1 className="ipo-head__name">
            {o.names[lang]} <span className="ipo-code num">{o.code}</span>
          </h1>
          <div className="ipo-card__tags">
            <PhasePill phase={o.phase} />
          </div>
          <PhaseNote offering={o} />
        </header>

        {o.phase === 'cancelled' && (
          <NoticeBar
            color="alert"
            wrap
            content={t('ipo.detail.cancelled', { time: f.when(o.cancelledAt), reason: o.cancelReason ?? '—' })}
            data-testid="ipo-cancelled"
          />
        )}

        <GrabSection offering={o} press={grab} />

        {mine ? (
          <EntryCard entry={mine} payable={payable} />
        ) : subscribing ? (
          <section className="ipo-section" aria-labelledby="ipo-subscribe-title" data-testid="ipo-subscribe">
            <h2 className="ipo-section__title" id="ipo-subscribe-title">
              {t('ipo.subscribe.title')}
            </h2>
            <p className="ipo-hint">
              {t('ipo.subscribe.rule', { closes: f.when(o.closesAt), draw: f.when(o.drawAt) })}
            </p>
            <div className="ipo-field">
              <span className="ipo-field__label">{t('ipo.subscribe.shares')}</span>
              <StepperField
                label={t('ipo.subscribe.shares')}
                value={shares}
                decimals={0}
                inputMode="numeric"
                onChange={(typed) => {
                  setShares(sharesDigits(typed));
                  setError(null);
                }}
                onStep={(direction) => {
                  setShares(stepShares(shares, direction));
                  setError(null);
                }}
                unit={t('ipo.sharesUnit')}
                invalid={refusal === 'sharesRequired'}
                testId="ipo-subscribe-shares"
              />
              <p className="ipo-hint">{t('ipo.subscribe.unitHint')}</p>
            </div>
            <DetailList
              compact
              rows={[
                { label: t('ipo.fields.price'), value: moneyText(o.price), className: 'num' },
                {
                  label: t('ipo.subscribe.amount'),
                  value: amount === null ? '—' : moneyText(amount.toFixed()),
                  className: 'num',
                  testId: 'ipo-subscribe-amount',
                  rowClassName: 'detail-list__strong',
                },
                {
                  label: t('ipo.fields.available'),
                  value: moneyText(o.available),
                  className: 'num',
                  testId: 'ipo-subscribe-available',
                },
                {
                  label: t('ipo.subscribe.availableAfter'),
                  value: availableAfter === null ? '—' : moneyText(availableAfter.toFixed()),
                  className: 'num',
                  testId: 'ipo-subscribe-after',
                },
              ]}
            />
          </section>
        ) : null}

        <Terms offering={o} />
        <Commitment offering={o} />
        {drawn && <Odds offering={o} />}
        {drawn && <DrawVerification offering={o} />}
      </div>

      {sheet === 'subscribe' && amount !== null && (
        <ConfirmSheet
          open
          title={t('ipo.subscribe.sheetTitle')}
          headline={moneyText(amount.toFixed())}
          headlineLabel={t('ipo.subscribe.amount')}
          rows={[
            { label: t('ipo.fields.stock'), value: name },
            { label: t('ipo.fields.price'), value: moneyText(o.price), className: 'num' },
            { label: t('ipo.fields.shares'), value: f.shares(shares), className: 'num' },
            {
              label: t('ipo.subscribe.availableAfter'),
              value: availableAfter === null ? '—' : moneyText(availableAfter.toFixed()),
              className: 'num',
            },
            { label: t('ipo.fields.drawAt'), value: f.when(o.drawAt), className: 'num' },
          ]}
          note={t('ipo.subscribe.sheetNote')}
          confirmLabel={t('ipo.subscribe.confirm')}
          busy={act.isPending}
          onConfirm={() => !act.isPending && act.mutate({ what: 'subscribe', shares })}
          onClose={() => setSheet(null)}
          testId="ipo-sheet"
        />
      )}
      <GrabSheet offering={o} press={grab} />
      {sheet === 'pay' && mine && (
        <ConfirmSheet
          open
          title={t('ipo.pay.sheetTitle')}
          headline={moneyText(mine.amountDue)}
          headlineLabel={t('ipo.fields.amountDue')}
          rows={[
            { label: t('ipo.fields.stock'), value: name },
            { label: t('ipo.fields.won'), value: f.shares(mine.won), className: 'num' },
            { label: t('ipo.fields.price'), value: moneyText(mine.price), className: 'num' },
            { label: t('ipo.fields.payBy'), value: f.when(mine.payBy), className: 'num' },
          ]}
          note={t('ipo.pay.sheetNote')}
          confirmLabel={t('ipo.pay.confirm')}
          busy={act.isPending}
          onConfirm={() => !act.isPending && act.mutate({ what: 'pay', entryId: mine.id })}
          onClose={() => setSheet(null)}
          testId="ipo-sheet"
        />
      )}
    </Page>
  );
}

/** One line under the phase: what happens next, and when. */
function PhaseNote({ offering: o }: { offering: OfferingDetail }) {
  const { t } = useTranslation();
  const f = useIpoFormat();
  const note =
    o.phase === 'notYetOpen'
      ? t('ipo.detail.note.notYetOpen', { opens: f.when(o.opensAt) })
      : o.phase === 'subscribing'
        ? t('ipo.detail.note.subscribing', { closes: f.when(o.closesAt) })
        : o.phase === 'ended'
          ? t('ipo.detail.note.ended', { draw: f.when(o.drawAt) })
          : o.phase === 'drawn'
            ? t('ipo.detail.note.drawn', { payBy: f.when(o.payBy), lists: f.day(o.listsAt) })
            : o.phase === 'listed'
              ? t('ipo.detail.note.listed', { lists: f.day(o.listsAt) })
              : t('ipo.detail.note.cancelled');
  return (
    <p className="ipo-hint" data-testid="ipo-phase-note">
      {note}
    </p>
  );
}

/** Why the application cannot go ahead, before it is sent, with the way forward where there is one. */
function Refusal({ refusal }: { refusal: keyof typeof subscribeRefusalKey }) {
  const { t } = useTranslation();
  const action =
    refusal === 'realNameRequired'
      ? { label: t('ipo.subscribe.verify'), path: '/user/bandCard' }
      : refusal === 'insufficientBalance'
        ? { label: t('ipo.subscribe.deposit'), path: '/user/recharge' }
        : null;
  return (
    <div className="ipo-refusal" data-testid="ipo-subscribe-refusal" data-refusal={refusal}>
      <p role="alert">{translateKey(subscribeRefusalKey[refusal])}</p>
      {action && (
        <Button size="small" color="primary" fill="outline" onClick={() => push(action.path)}>
          {action.label}
        </Button>
      )}
    </div>
  );
}

/** The member's entry: its status and every figure and time, the purchase deadline of a win, and the position. */
function EntryCard({ entry: e, payable }: { entry: IpoEntry; payable: boolean }) {
  const { t } = useTranslation();
  const f = useIpoFormat();
  const afterDraw = e.status !== 'awaitingDraw' && e.status !== 'cancelled';
  const rows: DetailRow[] = [
    { label: t('ipo.fields.shares'), value: f.shares(e.shares), className: 'num', testId: 'ipo-entry-shares' },
    { label: t('ipo.fields.held'), value: moneyText(e.held), className: 'num', testId: 'ipo-entry-held' },
    ...(afterDraw
      ? [
          { label: t('ipo.fields.won'), value: f.shares(e.won), className: 'num', testId: 'ipo-entry-won' },
          {
            label: t('ipo.fields.amountDue'),
            value: moneyText(e.amountDue),
            className: 'num',
            testId: 'ipo-entry-due',
          },
          {
            label: t('ipo.fields.amountPaid'),
            value: moneyText(e.amountPaid),
            className: 'num',
            testId: 'ipo-entry-paid',
          },
        ]
      : []),
    ...(e.status === 'won' || e.status === 'paid' || e.status === 'lapsed'
      ? [{ label: t('ipo.fields.payBy'), value: f.when(e.payBy), className: 'num', testId: 'ipo-entry-pay-by' }]
      : []),
    { label: t('ipo.fields.subscribedAt'), value: f.when(e.subscribedAt), className: 'num' },
    ...(e.drawnAt ? [{ label: t('ipo.fields.drawnAt'), value: f.when(e.drawnAt), className: 'num' }] : []),
    ...(e.paidAt ? [{ label: t('ipo.fields.paidAt'), value: f.when(e.paidAt), className: 'num' }] : []),
    ...(e.endedAt ? [{ label: t('ipo.fields.endedAt'), value: f.when(e.endedAt), className: 'num' }] : []),
    ...(e.endReason ? [{ label: t('ipo.fields.endReason'), value: translateKey(e.endReason) }] : []),
  ];
  return (
    <section
      className="ipo-section"
      aria-labelledby="ipo-entry-title"
      data-testid="ipo-entry"
      data-status={e.status}
      data-entry-id={e.id}
    >
      <div className="ipo-section__head">
        <h2 className="ipo-section__title" id="ipo-entry-title">
          {t('ipo.entry.title')}
        </h2>
        <EntryStatusPill status={e.status} />
      </div>
      <DetailList compact rows={rows} />
      {e.status === 'won' && (
        <p className="ipo-hint" data-testid="ipo-entry-next">
          {payable ? t('ipo.entry.payNext', { payBy: f.when(e.payBy) }) : t('ipo.entry.payPassed')}
        </p>
      )}
      {e.status === 'awaitingDraw' && <p className="ipo-hint">{t('ipo.entry.awaitingNext')}</p>}
      {e.status === 'paid' && e.positionOrderNo && (
        <Button
          block
          color="primary"
          fill="outline"
          onClick={() => push(`/position/positionDetail?orderNo=${encodeURIComponent(e.positionOrderNo ?? '')}`)}
          data-testid="ipo-to-position"
        >
          {t('ipo.entry.toPosition')}
        </Button>
      )}
      <Button
        block
        fill="none"
        color="primary"
        onClick={() => push('/market/subscribeRecord')}
        data-testid="ipo-entry-records"
      >
        {t('ipo.list.toRecords')}
      </Button>
    </section>
  );
}

/** SPEC §3 "IPO subscription" fields: every term of the offering. */
function Terms({ offering: o }: { offering: OfferingDetail }) {
  const { t } = useTranslation();
  const f = useIpoFormat();
  const rows: DetailRow[] = [
    { label: t('ipo.fields.code'), value: o.code, className: 'num' },
    { label: t('ipo.fields.price'), value: moneyText(o.price), className: 'num', testId: 'ipo-terms-price' },
    { label: t('ipo.fields.sharesOnOffer'), value: f.shares(o.sharesOnOffer), className: 'num' },
    { label: t('ipo.fields.opensAt'), value: f.when(o.opensAt), className: 'num' },
    { label: t('ipo.fields.closesAt'), value: f.when(o.closesAt), className: 'num' },
    { label: t('ipo.fields.drawAt'), value: f.when(o.drawAt), className: 'num' },
    { label: t('ipo.fields.payBy'), value: f.when(o.payBy), className: 'num' },
    { label: t('ipo.fields.listsAt'), value: f.day(o.listsAt), className: 'num' },
    {
      label: t('ipo.fields.lockUp'),
      value: o.lockUpUntil === null ? t('ipo.lockUpNone') : t('ipo.lockUpUntil', { time: f.when(o.lockUpUntil) }),
      className: 'num',
      testId: 'ipo-terms-lock-up',
    },
    { label: t('ipo.fields.entries'), value: groupThousands(String(o.entries)), className: 'num' },
  ];
  return (
    <section className="ipo-section" aria-labelledby="ipo-terms-title" data-testid="ipo-terms">
      <h2 className="ipo-section__title" id="ipo-terms-title">
        {t('ipo.detail.terms')}
      </h2>
      <DetailList compact rows={rows} />
    </section>
  );
}

/** The sealed secret's fingerprint, published when the window opened, and the secret once revealed at the draw. */
function Commitment({ offering: o }: { offering: OfferingDetail }) {
  const { t } = useTranslation();
  return (
    <section className="ipo-section" aria-labelledby="ipo-commitment-title" data-testid="ipo-commitment">
      <h2 className="ipo-section__title" id="ipo-commitment-title">
        {t('ipo.commitment.title')}
      </h2>
      <p className="ipo-hint">{t('ipo.commitment.body')}</p>
      {o.commitment === null ? (
        <p className="ipo-hint" data-testid="ipo-commitment-pending">
          {t('ipo.commitment.pending')}
        </p>
      ) : (
        <dl className="ipo-hashes">
          <div>
            <dt>{t('ipo.commitment.fingerprint')}</dt>
            <dd className="mono" data-testid="ipo-commitment-value">
              {o.commitment}
            </dd>
          </div>
          <div>
            <dt>{t('ipo.commitment.secret')}</dt>
            <dd className="mono" data-testid="ipo-commitment-secret">
              {o.secret ?? t('ipo.commitment.secretSealed')}
            </dd>
          </div>
        </dl>
      )}
    </section>
  );
}

/** After the draw: winners ÷ entries (every applicant's odds), and shares given out ÷ shares on offer. */
function Odds({ offering: o }: { offering: OfferingDetail }) {
  const { t } = useTranslation();
  const f = useIpoFormat();
  const winners = o.winners ?? 0;
  const allocated = o.allocated ?? '0';
  const rows: DetailRow[] = [
    {
      label: t('ipo.odds.winners'),
      value: t('ipo.odds.ratio', {
        part: groupThousands(String(winners)),
        whole: groupThousands(String(o.entries)),
        percent: ratioPercent(winners, o.entries) ?? '—',
      }),
      className: 'num',
      testId: 'ipo-odds-winners',
    },
    {
      label: t('ipo.odds.allocated'),
      value: t('ipo.odds.ratio', {
        part: groupThousands(allocated),
        whole: groupThousands(o.sharesOnOffer),
        percent: ratioPercent(allocated, o.sharesOnOffer) ?? '—',
      }),
      className: 'num',
      testId: 'ipo-odds-allocated',
    },
    { label: t('ipo.fields.drawnAt'), value: f.when(o.drawnAt), className: 'num' },
  ];
  return (
    <section className="ipo-section" aria-labelledby="ipo-odds-title" data-testid="ipo-odds">
      <h2 className="ipo-section__title" id="ipo-odds-title">
        {t('ipo.odds.title')}
      </h2>
      <DetailList compact rows={rows} />
    </section>
  );
}
