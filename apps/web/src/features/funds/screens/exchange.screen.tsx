import { useState } from 'react';
import { Button, Skeleton, Tag } from 'antd-mobile';
import { Clock, RefreshCw } from 'lucide-react';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { errorKeys, successKeys } from '@kabuto/contracts/errors';
import { currencyCodes } from '@kabuto/contracts/formats';
import { currencyDecimals } from '@kabuto/domain/currency';
import type { Currency } from '@kabuto/domain/currency';
import { countdown } from '@kabuto/domain/format/countdown';
import { createExchange, fetchExchangeQuote } from '../api/funds.api.ts';
import { pairError } from '../api/exchange-pair.ts';
import type { ExchangeQuote, ExchangeResult } from '../api/funds.api.ts';
import { useAssets, useRefreshFunds } from '../api/funds.queries.ts';
import { AmountChips } from '../components/amount-chips.tsx';
import { MoneyResult } from '../components/money-result.tsx';
import { FormInput } from '../../../shared/components/form-input.tsx';
import { Page } from '../../../shared/components/page.tsx';
import { SignInRequired } from '../../../shared/components/sign-in-required.tsx';
import { errorKeyOf } from '../../../shared/api/error-key.ts';
import { useIdempotentSubmission } from '../../../shared/api/idempotency.ts';
import { showNoticeKey, showSuccess } from '../../../shared/api/notice.ts';
import { amountError, isPositive, sanitizeAmount, shareOf } from '../../../shared/forms/amount.ts';
import { FieldMessage } from '../../../shared/forms/field-message.tsx';
import { FormError } from '../../../shared/forms/form-error.tsx';
import { moneyText } from '../../../shared/format/money-text.ts';
import { jstText, useLocale } from '../../../shared/format/jst.ts';
import { useNow } from '../../../shared/hooks/use-now.ts';
import { replace } from '../../../shared/navigation/navigation.ts';
import { useSession } from '../../../shared/session/session.store.ts';
import '../../../shared/components/detail-list.css';
import '../funds.css';

interface HeldQuote {
  quote: ExchangeQuote;
  /** Client-clock deadline (falls back when the device clock disagrees with the server's). */
  deadline: number;
}

/** Currency exchange (/user/exchange): pair and amount, then a held rate with its source and time, then confirm. No fee (SPEC §9). */
export function ExchangeScreen() {
  const session = useSession();
  const [result, setResult] = useState<ExchangeResult | null>(null);
  if (session.token === '')
    return (
      <Page testId="exchange-screen">
        <SignInRequired />
      </Page>
    );
  if (result) return <ExchangeResultView result={result} onAgain={() => setResult(null)} />;
  return <ExchangeForm onDone={setResult} />;
}

function ExchangeForm({ onDone }: { onDone: (result: ExchangeResult) => void }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const assets = useAssets();
  const refresh = useRefreshFunds();
  const submission = useIdempotentSubmission();
  const [from, setFrom] = useState<Currency>('JPY');
  const [to, setTo] = useState<Currency>('USD');
  const [amount, setAmount] = useState('');
  const [touched, setTouched] = useState(false);
  const [held, setHeld] = useState<HeldQuote | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const now = useNow(held !== null);

  const available =
    assets.data?.balances.find((b) => b.currency === from)?.available ?? (assets.data ? '0' : undefined);
  const decimals = currencyDecimals[from];
  const amountIssue = amountError(
    amount,
    available !== undefined ? { balance: available, aboveBalanceKey: errorKeys.funds.insufficientAvailable } : {},
  );
  const remaining = held ? countdown(new Date(held.deadline), now) : null;
  const secondsLeft = remaining
    ? remaining.day * 86_400 + remaining.hour * 3_600 + remaining.minute * 60 + remaining.second
    : 0;
  const expired = held !== null && secondsLeft <= 0;

  const change = (patch: { from?: Currency; to?: Currency; amount?: string }) => {
    const next = { from: patch.from ?? from, to: patch.to ?? to, amount: patch.amount ?? amount };
    // A new source currency may allow fewer decimals (JPY none): keep the amount, cut to what it allows.
    next.amount = sanitizeAmount(next.amount, currencyDecimals[next.from]);
    if (next.from === from && next.to === to && next.amount === amount) return;
    setFrom(next.from);
    setTo(next.to);
    setAmount(next.amount);
    setHeld(null);
    setFormError(null);
  };

  const quote = useMutation({
    mutationFn: fetchExchangeQuote,
    onSuccess: (q) => {
      const received = Date.now();
      const deadline = Date.parse(q.expiresAt);
      setHeld({ quote: q, deadline: Number.isFinite(deadline) && deadline > received ? deadline : received + 30_000 });
    },
    onError: (error) => setFormError(errorKeyOf(error)),
  });

  const exchange = useMutation({
    mutationFn: (body: { quoteId: string }) => createExchange(body, submission.headersFor(body)),
    onSuccess: async (answer) => {
      submission.settle();
      showSuccess(successKeys.exchange);
      onDone(answer);
      await refresh();
    },
    onError: (error) => {
      submission.settle(error);
      const key = errorKeyOf(error);
      setFormError(key);
      if (key === errorKeys.exchange.quoteExpired) setHeld(null);
    },
  });

  const getRate = () => {
    setTouched(true);
    const refusal = pairError(from, to) ?? amountIssue;
    if (refusal) {
      // SPEC §5: refused here, before any call, with the catalogued message.
      setFormError(refusal);
      showNoticeKey(refusal);
      return;
    }
    setFormError(null);
    quote.mutate({ from, to, amount });
  };

  const chips =
    available !== undefined && isPositive(available)
      ? [
          { value: shareOf(available, '0.25', decimals), label: '25%' },
          { value: shareOf(available, '0.5', decimals), label: '50%' },
          { value: shareOf(available, '1', decimals), label: t('withdraw.max') },
        ]
      : [];

  return (
    <Page
      testId="exchange-screen"
      footer={
        held && !expired ? (
          <Button
            block
            size="large"
            color="primary"
            loading={exchange.isPending}
            onClick={() => exchange.mutate({ quoteId: held.quote.quoteId })}
            data-testid="ex-confirm"
          >
            {t('exchange.confirm', { seconds: secondsLeft })}
          </Button>
        ) : (
          <Button block size="large" color="primary" loading={quote.isPending} onClick={getRate} data-testid="ex-quote">
            {t(held ? 'exchange.requote' : 'exchange.getRate')}
          </Button>
        )
      }
    >
      <section className="card exchange-card">
        <div className="exchange-pair">
          <CurrencySelect
            label={t('exchange.from')}
            value={from}
            onChange={(c) => change({ from: c })}
            testId="ex-from"
          />
          <button
            type="button"
            className="icon-button exchange-pair__swap"
            aria-label={t('exchange.swap')}
            onClick={() => change({ from: to, to: from })}
            data-testid="ex-swap"
          >
            <RefreshCw />
          </button>
          <CurrencySelect label={t('exchange.to')} value={to} onChange={(c) => change({ to: c })} testId="ex-to" />
        </div>
        <p className="screen-note">{t('exchange.inrRule')}</p>

        <div className="amount-card__head">
          <span>{t('exchange.amount')}</span>
          <span className="num" data-testid="ex-available">
            {available === undefined ? '…' : t('exchange.available', { amount: moneyText(available, from) })}
          </span>
        </div>
        <label className="amount-field">
          <span className="amount-field__symbol amount-field__symbol--code">{from}</span>
          <FormInput
            testId="ex-amount"
            aria-label={t('exchange.amount')}
            inputMode={decimals === 0 ? 'numeric' : 'decimal'}
            placeholder="0"
            value={amount}
            onChange={(v) => change({ amount: v })}
            onBlur={() => setTouched(true)}
            clearable
          />
        </label>
        <FieldMessage error={amountIssue} touched={touched && amount !== ''} testId="ex-amount-error" />
        <AmountChips chips={chips} value={amount} onPick={(v) => change({ amount: v })} testIdPrefix="ex-chip" />
      </section>

      <FormError error={formError} testId="ex-error" />

      {held ? (
        <section className={`card quote-card${expired ? ' quote-card--expired' : ''}`} data-testid="ex-quote-panel">
          <div className="quote-card__head">
            <h2 className="card__title">{t('exchange.quoteTitle')}</h2>
            {held.quote.simulated && (
              <Tag color="warning" fill="outline" data-testid="ex-simulated">
                {t('exchange.simulated')}
              </Tag>
            )}
          </div>
          <div className="quote-card__rate num" data-testid="ex-rate" data-rate={held.quote.rate}>
            1 {held.quote.from} = {held.quote.rate} {held.quote.to}
          </div>
          <dl className="detail-list detail-list--compact">
            <div>
              <dt>{t('exchange.source')}</dt>
              <dd data-testid="ex-source">{held.quote.source}</dd>
            </div>
            <div>
              <dt>{t('exchange.asOf')}</dt>
              <dd className="num" data-testid="ex-asof">
                {t('common.jst', { time: jstText(held.quote.asOf, 'Y-M-D h:m:s', locale) })}
              </dd>
            </div>
            <div>
              <dt>{t('exchange.youPay')}</dt>
              <dd className="num">{moneyText(held.quote.amount, held.quote.from)}</dd>
            </div>
            <div>
              <dt>{t('funds.fee')}</dt>
              <dd>{isPositive(held.quote.fee) ? moneyText(held.quote.fee, held.quote.from) : t('funds.feeNone')}</dd>
            </div>
            <div className="detail-list__strong">
              <dt>{t('exchange.youReceive')}</dt>
              <dd className="num" data-testid="ex-receive">
                {moneyText(held.quote.toAmount, held.quote.to)}
              </dd>
            </div>
          </dl>
          <div
            className={`quote-card__countdown${expired ? ' quote-card__countdown--expired' : ''}`}
            data-testid="ex-countdown"
            data-seconds={secondsLeft}
          >
            <Clock aria-hidden="true" />{' '}
            {expired
              ? t('exchange.expired')
              : t('exchange.validFor', {
                  seconds: secondsLeft,
                  time: jstText(new Date(held.deadline).toISOString(), 'h:m:s', locale),
                })}
          </div>
        </section>
      ) : (
        quote.isPending && <Skeleton.Paragraph lineCount={5} animated className="centered-block" />
      )}
      <p className="screen-note">{t('exchange.feeNote')}</p>
    </Page>
  );
}

function CurrencySelect({
  label,
  value,
  onChange,
  testId,
}: {
  label: string;
  value: Currency;
  onChange: (currency: Currency) => void;
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <label className="currency-select">
      <span className="currency-select__label">{label}</span>
      <select value={value} onChange={(e) => onChange(e.target.value as Currency)} data-testid={testId}>
        {currencyCodes.map((c) => (
          <option key={c} value={c}>
            {c} · {t(`currencies.${c}`)}
          </option>
        ))}
      </select>
    </label>
  );
}

function ExchangeResultView({ result, onAgain }: { result: ExchangeResult; onAgain: () => void }) {
  const { t } = useTranslation();
  const locale = useLocale();
  return (
    <MoneyResult
      testId="exchange-result-screen"
      listTestId="ex-result"
      orderNoTestId="ex-order-no"
      status="success"
      title={t('exchange.resultTitle')}
      description={t('exchange.resultBody')}
      orderNo={result.orderNo}
      rows={[
        { label: t('exchange.youPaid'), value: moneyText(result.amount, result.from), className: 'num' },
        {
          label: t('exchange.youReceived'),
          value: moneyText(result.toAmount, result.to),
          className: 'num',
          testId: 'ex-result-receive',
        },
        { label: t('exchange.rate'), value: `1 ${result.from} = ${result.rate} ${result.to}`, className: 'num' },
        { label: t('funds.fee'), value: t('funds.feeNone') },
        {
          label: t('exchange.time'),
          value: t('common.jst', { time: jstText(result.createdAt, 'Y-M-D h:m:s', locale) }),
          className: 'num',
        },
      ]}
      primary={{ label: t('common.toMemberCentre'), onClick: () => replace('/user/usercenter'), testId: 'ex-done' }}
      secondary={{ label: t('exchange.again'), onClick: onAgain, testId: 'ex-again' }}
    />
  );
}
