import { useState } from 'react';
import { Button, Skeleton } from 'antd-mobile';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { errorKeys, successKeys } from '@kabuto/contracts/errors';
import { tryMoney } from '@kabuto/domain/money';
import { followStrategy, type Follow, type StrategyDetail } from '../api/copy.api.ts';
import { useRefreshCopy, useStrategy } from '../api/copy.queries.ts';
import { checkForm, followRefusalKey, stopLossOf, type StopLossMode } from '../components/follow-form.ts';
import { useCopyFormat } from '../components/copy-format.ts';
import { AmountText } from '../../../shared/components/amount-text.tsx';
import { ConfirmSheet } from '../../../shared/components/confirm-sheet.tsx';
import { DetailList } from '../../../shared/components/detail-list.tsx';
import { FormInput } from '../../../shared/components/form-input.tsx';
import { LoadFailure } from '../../../shared/components/load-failure.tsx';
import { Page } from '../../../shared/components/page.tsx';
import { SignInRequired } from '../../../shared/components/sign-in-required.tsx';
import { StatusBlock } from '../../../shared/components/status-block.tsx';
import { ApiError } from '../../../shared/api/http-client.ts';
import { errorKeyOf } from '../../../shared/api/error-key.ts';
import { useIdempotentSubmission } from '../../../shared/api/idempotency.ts';
import { preloadNotice, showSuccessFirst } from '../../../shared/api/notice.ts';
import { FormError } from '../../../shared/forms/form-error.tsx';
import { moneyText } from '../../../shared/format/money-text.ts';
import { useLocale } from '../../../shared/format/jst.ts';
import { useNow } from '../../../shared/hooks/use-now.ts';
import { push, replace } from '../../../shared/navigation/navigation.ts';
import { useAddressParam } from '../../../shared/navigation/use-address-param.ts';
import { useSession } from '../../../shared/session/session.store.ts';
import { translateKey } from '../../../i18n/i18n.ts';
import '../../../shared/components/detail-list.css';
import '../copy.css';

/**
 * One strategy (/follow/detail?id=): its card (SPEC §3 "follow order"), the follow form — the buy amount and an
 * optional copy stop-loss, checked by the domain's `checkFollow` as typed, confirmed in a sheet — and the lead's full
 * track record: every trade closed since publication, none left out.
 */
export function StrategyScreen() {
  const id = (useAddressParam('id') ?? '').trim();
  const session = useSession();
  if (session.token === '')
    return (
      <Page testId="copy-strategy-screen">
        <SignInRequired />
      </Page>
    );
  return <StrategyLoader key={id} id={id} />;
}

function StrategyLoader({ id }: { id: string }) {
  const { t } = useTranslation();
  const detail = useStrategy(id);
  if (detail.data) return <StrategyBody strategy={detail.data} />;
  const missing =
    id === '' ||
    (detail.isError && detail.error instanceof ApiError && detail.error.messageKey === errorKeys.copy.notFound);
  return (
    <Page testId="copy-strategy-screen">
      {missing ? (
        <div className="centered-block" data-testid="copy-strategy-missing">
          <StatusBlock kind="empty" title={t('copy.detail.missingTitle')} description={t('copy.detail.missingBody')} />
          <Button color="primary" onClick={() => replace('/follow/list')}>
            {t('copy.detail.toList')}
          </Button>
        </div>
      ) : detail.isError ? (
        <LoadFailure
          titleKey="copy.loadFailedTitle"
          messageKey="copy.loadFailedBody"
          onRetry={() => void detail.refetch()}
          retrying={detail.isFetching}
          testId="copy-strategy-failed"
        />
      ) : (
        <div className="copy-loading" aria-busy="true">
          <Skeleton.Title animated />
          <Skeleton.Paragraph lineCount={10} animated />
        </div>
      )}
    </Page>
  );
}

const modes: readonly StopLossMode[] = ['none', 'yen', 'percent'];

function StrategyBody({ strategy: s }: { strategy: StrategyDetail }) {
  const { t } = useTranslation();
  const lang = useLocale();
  const f = useCopyFormat();
  const refresh = useRefreshCopy();
  const submission = useIdempotentSubmission();
  const now = useNow(s.status === 'published', 5_000);
  const [amount, setAmount] = useState(s.minInvestment);
  const [mode, setMode] = useState<StopLossMode>('none');
  const [stopValue, setStopValue] = useState('');
  const [reviewing, setReviewing] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const stopLoss = stopLossOf(mode, stopValue);
  const check = checkForm(s, 'me', amount, stopLoss, now);
  const refusal = 'refused' in check ? check.refused : null;
  const availableAfter = 'ok' in check ? (tryMoney(s.available)?.minus(check.ok.capital) ?? null) : null;
  const canFollow = s.status === 'published' && !s.isLead && s.myFollowId === null && now < new Date(s.followDeadline);

  const follow = useMutation({
    mutationFn: (typed: { amount: string; stopLoss: typeof stopLoss }) =>
      followStrategy({ id: s.id, amount: typed.amount, stopLoss: typed.stopLoss }, submission.headersFor(typed)),
    onSuccess: async (done: Follow) => {
      submission.settle();
      setReviewing(false);
      await showSuccessFirst(successKeys.followed);
      void refresh();
      replace(`/follow/follow?id=${encodeURIComponent(done.id)}`);
    },
    onError: (e) => {
      submission.settle(e);
      setReviewing(false);
      setError(errorKeyOf(e));
      void refresh();
    },
  });

  const footer = canFollow ? (
    <>
      <FormError error={error} testId="copy-error" />
      {refusal !== null && amount !== '' && (
        <p className="copy-refusal" role="alert" data-testid="copy-refusal" data-refusal={refusal}>
          {translateKey(followRefusalKey[refusal])}
        </p>
      )}
      <Button
        block
        size="large"
        color="primary"
        disabled={refusal !== null}
        onClick={() => {
          preloadNotice();
          setError(null);
          setReviewing(true);
        }}
        data-testid="copy-follow-submit"
      >
        {t('copy.detail.follow')}
      </Button>
    </>
  ) : error !== null ? (
    <FormError error={error} testId="copy-error" />
  ) : undefined;

  return (
    <Page testId="copy-strategy-screen" footer={footer}>
      <div data-testid="copy-strategy" data-strategy-id={s.id}>
        <header className="copy-head">
          <h1 className="copy-head__name">{s.names[lang]}</h1>
          <p className="copy-muted" data-testid="copy-issuer">
            {t('copy.fields.issuer')}: {s.issuer}
          </p>
          <div className="copy-card__profit">
            <AmountText amount={s.profit} signed testId="copy-profit" />
            <span className="copy-card__profit-label num">{t('copy.profitPercent', { percent: s.profitPercent })}</span>
          </div>
          <p className="copy-hint">{t('copy.fields.profitNote')}</p>
        </header>

        {s.myFollowId !== null && (
          <button
            type="button"
            className="copy-link-row"
            onClick={() => push(`/follow/follow?id=${encodeURIComponent(s.myFollowId ?? '')}`)}
            data-testid="copy-my-follow"
          >
            <span>{t('copy.detail.following')}</span>
          </button>
        )}
        {s.isLead && <p className="copy-intro">{t('copy.detail.yourStrategy')}</p>}
        {s.status === 'closed' && <p className="copy-intro">{t('copy.detail.closedNote')}</p>}
        {s.status === 'published' && !canFollow && s.myFollowId === null && !s.isLead && (
          <p className="copy-intro" data-testid="copy-past-deadline">
            {translateKey(errorKeys.copy.pastDeadline)}
          </p>
        )}

        {canFollow && (
          <section className="copy-section" aria-labelledby="copy-form-title" data-testid="copy-follow-form">
            <h2 className="copy-section__title" id="copy-form-title">
              {t('copy.detail.formTitle')}
            </h2>
            <p className="copy-hint">{t('copy.detail.formRule', { min: moneyText(s.minInvestment) })}</p>
            <div className="copy-field">
              <label className="copy-field__label" htmlFor="copy-amount">
                {t('copy.fields.buyAmount')}
              </label>
              <FormInput
                id="copy-amount"
                testId="copy-amount"
                inputMode="numeric"
                maxLength={16}
                value={amount}
                onChange={(v) => {
                  setAmount(v);
                  setError(null);
                }}
              />
            </div>
            <div className="copy-field">
              <span className="copy-field__label">{t('copy.fields.stopLoss')}</span>
              <div className="copy-choices" role="group" aria-label={t('copy.fields.stopLoss')}>
                {modes.map((m) => (
                  <button
                    key={m}
                    type="button"
                    className="copy-choice"
                    aria-pressed={mode === m}
                    onClick={() => {
                      setMode(m);
                      setError(null);
                    }}
                    data-testid={`copy-stop-${m}`}
                  >
                    {t(`copy.stopLoss.${m}`)}
                  </button>
                ))}
              </div>
              {mode !== 'none' && (
                <FormInput
                  testId="copy-stop-value"
                  inputMode="decimal"
                  maxLength={16}
                  aria-label={t(`copy.stopLoss.${mode}Label`)}
                  placeholder={t(`copy.stopLoss.${mode}Label`)}
                  value={stopValue}
                  onChange={(v) => {
                    setStopValue(v);
                    setError(null);
                  }}
                />
              )}
              <p className="copy-hint">{t('copy.stopLoss.hint')}</p>
            </div>
            <DetailList
              compact
              rows={[
                {
                  label: t('copy.fields.available'),
                  value: moneyText(s.available),
                  className: 'num',
                  testId: 'copy-available',
                },
                {
                  label: t('copy.detail.availableAfter'),
                  value: availableAfter === null ? '—' : moneyText(availableAfter.toFixed()),
                  className: 'num',
                  testId: 'copy-available-after',
                },
              ]}
            />
            <p className="copy-hint">{t('copy.detail.howMirrored')}</p>
          </section>
        )}

        <section className="copy-section" aria-labelledby="copy-terms-title" data-testid="copy-terms">
          <h2 className="copy-section__title" id="copy-terms-title">
            {t('copy.detail.terms')}
          </h2>
          <DetailList
            compact
            rows={[
              { label: t('copy.fields.issuer'), value: s.issuer },
              { label: t('copy.fields.fundSize'), value: moneyText(s.fundSize), className: 'num', testId: 'copy-fund' },
              { label: t('copy.fields.followers'), value: String(s.followers), className: 'num' },
              { label: t('copy.fields.term'), value: f.term(s.termDays), className: 'num' },
              { label: t('copy.fields.minInvestment'), value: moneyText(s.minInvestment), className: 'num' },
              { label: t('copy.fields.capitalBase'), value: moneyText(s.capitalBase), className: 'num' },
              { label: t('copy.fields.fee'), value: f.fee(s.performanceFee), className: 'num', testId: 'copy-fee' },
              { label: t('copy.fields.deadline'), value: f.when(s.followDeadline), className: 'num' },
              { label: t('copy.fields.publishedAt'), value: f.when(s.publishedAt), className: 'num' },
            ]}
          />
          <p className="copy-hint">{t('copy.detail.feeNote')}</p>
        </section>

        <section className="copy-section" aria-labelledby="copy-track-title" data-testid="copy-track">
          <h2 className="copy-section__title" id="copy-track-title">
            {t('copy.detail.track', { n: s.track.length })}
          </h2>
          <p className="copy-hint">{t('copy.detail.trackNote')}</p>
          {s.track.length === 0 ? (
            <p className="copy-hint" data-testid="copy-track-empty">
              {t('copy.detail.trackEmpty')}
            </p>
          ) : (
            <ul className="copy-track">
              {s.track.map((x) => (
                <li key={x.orderNo} data-testid="copy-track-row">
                  <span>
                    {x.names[lang]} <span className="copy-muted num">{x.code}</span>
                  </span>
                  <AmountText amount={x.pnl} signed />
                  <span className="copy-muted num">
                    {t(`copy.side.${x.side}`)} {f.shares(x.quantity)} · {moneyText(x.openPrice)} →{' '}
                    {moneyText(x.closePrice)}
                  </span>
                  <span className="copy-muted num">{f.time(x.closedAt)}</span>
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>

      {reviewing && 'ok' in check && (
        <ConfirmSheet
          open
          title={t('copy.detail.sheetTitle')}
          headline={moneyText(check.ok.capital.toFixed())}
          headlineLabel={t('copy.fields.buyAmount')}
          rows={[
            { label: t('copy.fields.strategy'), value: s.names[lang] },
            { label: t('copy.fields.issuer'), value: s.issuer },
            { label: t('copy.fields.term'), value: f.term(s.termDays), className: 'num' },
            { label: t('copy.fields.stopLoss'), value: f.stopLoss(check.ok.stopLoss), className: 'num' },
            { label: t('copy.fields.fee'), value: f.fee(s.performanceFee), className: 'num' },
            {
              label: t('copy.detail.availableAfter'),
              value: availableAfter === null ? '—' : moneyText(availableAfter.toFixed()),
              className: 'num',
            },
          ]}
          note={t('copy.detail.sheetNote')}
          confirmLabel={t('copy.detail.confirm')}
          busy={follow.isPending}
          onConfirm={() => !follow.isPending && follow.mutate({ amount: amount.trim(), stopLoss })}
          onClose={() => setReviewing(false)}
          testId="copy-sheet"
        />
      )}
    </Page>
  );
}
