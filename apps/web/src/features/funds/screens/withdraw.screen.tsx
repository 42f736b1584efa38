import { useState } from 'react';
import { Button, NoticeBar, Popup, Skeleton } from 'antd-mobile';
import { CircleCheck, Plus } from 'lucide-react';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { errorKeys, successKeys } from '@kabuto/contracts/errors';
import type { BankCard } from '@kabuto/contracts/funds/bank-cards';
import { createWithdrawal } from '../api/funds.api.ts';
import type { WithdrawInfo, WithdrawResult } from '../api/funds.api.ts';
import { useBankCards, useCreditScore, useRefreshFunds, useWithdrawInfo } from '../api/funds.queries.ts';
import { AmountChips } from '../components/amount-chips.tsx';
import { BankCardView } from '../components/bank-card-view.tsx';
import { CreditScorePanel } from '../components/credit-score-panel.tsx';
import { MoneyResult, waitingActions } from '../components/money-result.tsx';
import { DetailList } from '../../../shared/components/detail-list.tsx';
import { FormInput, PasswordInput } from '../../../shared/components/form-input.tsx';
import { LoadFailure } from '../../../shared/components/load-failure.tsx';
import { MoneyWindowText } from '../../../shared/components/money-window.tsx';
import { Page } from '../../../shared/components/page.tsx';
import { SignInRequired } from '../../../shared/components/sign-in-required.tsx';
import { StatusPill } from '../../../shared/components/status-pill.tsx';
import { TwoFactorCodeField, twoFactorCodeReady } from '../../../shared/components/two-factor-code-field.tsx';
import { useTwoFactorStatus } from '../../../shared/security/use-two-factor.ts';
import { errorKeyOf } from '../../../shared/api/error-key.ts';
import { useIdempotentSubmission } from '../../../shared/api/idempotency.ts';
import { showSuccess } from '../../../shared/api/notice.ts';
import { amountError, isPositive, minAmount, sanitizeAmount, shareOf } from '../../../shared/forms/amount.ts';
import { FieldMessage } from '../../../shared/forms/field-message.tsx';
import { FormError } from '../../../shared/forms/form-error.tsx';
import { fundPinError } from '../../../shared/forms/field-rules.ts';
import { moneyText } from '../../../shared/format/money-text.ts';
import { jstText, useLocale } from '../../../shared/format/jst.ts';
import { push } from '../../../shared/navigation/navigation.ts';
import { useSession } from '../../../shared/session/session.store.ts';
import { useUserInfo } from '../../../shared/session/use-user-info.ts';
import { translateKey } from '../../../i18n/i18n.ts';
import { withdrawalBlocker, type WithdrawalBlocker } from '@kabuto/domain/funds/withdrawal-eligibility';
import '../funds.css';

// What the member reads for each blocker of the domain rule.
const withdrawalBlockerText: Record<WithdrawalBlocker | 'none', string | null> = {
  frozen: errorKeys.restriction.frozen,
  noWithdrawal: errorKeys.restriction.noWithdrawal,
  noCard: 'withdraw.blockNoCard',
  noFundPassword: 'withdraw.blockNoPin',
  pendingWithdrawal: 'withdraw.blockPending',
  creditScoreTooLow: errorKeys.funds.creditScoreTooLow,
  windowClosed: errorKeys.funds.withdrawClosed,
  none: null,
};

/** Withdraw (/user/withdraw): the rule first, then amount, card and fund PIN; confirm in a bottom sheet (SPEC §5, UX). */
export function WithdrawScreen() {
  const session = useSession();
  const info = useWithdrawInfo();
  const cards = useBankCards();
  const [result, setResult] = useState<{ record: WithdrawResult; card: BankCard | undefined } | null>(null);

  if (result) return <WithdrawResultView result={result.record} card={result.card} />;
  if (session.token !== '' && info.isSuccess && cards.isSuccess)
    return <WithdrawForm info={info.data} cards={cards.data} onDone={(record, card) => setResult({ record, card })} />;
  return (
    <Page testId="withdraw-screen">
      {session.token === '' ? (
        <SignInRequired />
      ) : info.isError || cards.isError ? (
        <LoadFailure
          titleKey="funds.loadFailedTitle"
          messageKey="funds.loadFailedBody"
          onRetry={() => {
            void info.refetch();
            void cards.refetch();
          }}
          testId="wd-failed"
        />
      ) : (
        <Skeleton.Paragraph lineCount={10} animated className="centered-block" />
      )}
    </Page>
  );
}

function WithdrawForm({
  info,
  cards,
  onDone,
}: {
  info: WithdrawInfo;
  cards: readonly BankCard[];
  onDone: (record: WithdrawResult, card: BankCard | undefined) => void;
}) {
  const { t } = useTranslation();
  const refresh = useRefreshFunds();
  const credit = useCreditScore();
  const userInfo = useUserInfo();
  const submission = useIdempotentSubmission();
  const [amount, setAmount] = useState('');
  const [cardId, setCardId] = useState<string | null>(cards[0]?.id ?? null);
  const [pin, setPin] = useState('');
  // Issue 27: with two-step sign-in on, every withdrawal carries a code from the app.
  const twoFactor = useTwoFactorStatus();
  const askCode = twoFactor.data?.enabled === true;
  const [code, setCode] = useState('');
  const [touched, setTouched] = useState({ amount: false, pin: false });
  const [sheetOpen, setSheetOpen] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);

  const card = cards.find((c) => c.id === cardId);
  const maxNow = minAmount(info.withdrawable, info.max);
  const amountIssue = amountError(amount, {
    min: info.min,
    max: info.max,
    balance: info.withdrawable,
    belowMinKey: errorKeys.funds.withdrawBelowMin,
    aboveMaxKey: errorKeys.funds.withdrawAboveMax,
    aboveBalanceKey: errorKeys.funds.insufficientWithdrawable,
  });
  const pinIssue = fundPinError(pin);
  // The same rule the server refuses with (packages/domain), explained before the member types.
  const blocker =
    withdrawalBlockerText[
      withdrawalBlocker({
        restrictions: (userInfo.data?.restrictions ?? []).map((r) => r.kind),
        cardCount: cards.length,
        hasFundPassword: info.hasFundPassword,
        pendingWithdrawal: info.pendingWithdrawal,
        creditScore: info.creditScore,
        creditThreshold: info.threshold,
        windowOpen: info.window.open,
      }) ?? 'none'
    ];
  const valid =
    blocker === null &&
    amountIssue === null &&
    pinIssue === null &&
    card !== undefined &&
    (!askCode || twoFactorCodeReady(code));

  const submit = useMutation({
    mutationFn: (body: { amount: string; fundPassword: string; bankCardId: string; twoFactorCode?: string }) =>
      createWithdrawal(body, submission.headersFor(body)),
    onSuccess: async (record) => {
      submission.settle();
      setSheetOpen(false);
      showSuccess(successKeys.withdraw);
      onDone(record, card);
      await refresh();
    },
    onError: (error) => {
      submission.settle(error);
      setSheetOpen(false);
      setServerError(errorKeyOf(error));
    },
  });

  const review = () => {
    setTouched({ amount: true, pin: true });
    if (!valid) return;
    setServerError(null);
    setSheetOpen(true);
  };
  const confirm = () => {
    if (!card || submit.isPending) return;
    submit.mutate({
      amount,
      fundPassword: pin,
      bankCardId: card.id,
      ...(askCode ? { twoFactorCode: code.trim() } : {}),
    });
  };

  const chips = isPositive(maxNow)
    ? [
        { value: shareOf(maxNow, '0.25', 0), label: '25%', id: '25' },
        { value: shareOf(maxNow, '0.5', 0), label: '50%', id: '50' },
        { value: shareOf(maxNow, '1', 0), label: t('withdraw.max'), id: 'max' },
      ]
    : [];

  return (
    <Page
      testId="withdraw-screen"
      footer={
        <Button block size="large" color="primary" disabled={blocker !== null} onClick={review} data-testid="wd-submit">
          {t('withdraw.submit')}
        </Button>
      }
    >
      <section className="card rule-card" data-testid="wd-rule">
        <h2 className="card__title">{t('withdraw.rule')}</h2>
        <DetailList
          compact
          rows={[
            {
              label: t('funds.limits'),
              value: `${moneyText(info.min)} – ${moneyText(info.max)}`,
              className: 'num',
              testId: 'wd-limits',
            },
            {
              label: t('funds.fee'),
              value: isPositive(info.fee) ? moneyText(info.fee) : t('funds.feeNone'),
              testId: 'wd-fee',
            },
            { label: t('funds.window'), value: <MoneyWindowText window={info.window} testId="wd-window" /> },
          ]}
        />
        <CreditScorePanel score={info.creditScore} threshold={info.threshold} detail={credit.data} />
      </section>

      {blocker !== null && (
        <NoticeBar
          color="alert"
          wrap
          data-testid="wd-blocked"
          content={
            <span>
              {translateKey(blocker)}{' '}
              {blocker === 'withdraw.blockNoPin' && (
                <a
                  href="#/user/setPassword"
                  onClick={(e) => {
                    e.preventDefault();
                    push('/user/setPassword');
                  }}
                  className="link-button"
                  data-testid="wd-set-pin"
                >
                  {t('withdraw.setPin')}
                </a>
              )}
            </span>
          }
        />
      )}

      <section className="card amount-card">
        <div className="amount-card__head">
          <span>{t('withdraw.amount')}</span>
          <span className="num" data-testid="wd-withdrawable">
            {t('withdraw.withdrawable', { amount: moneyText(info.withdrawable) })}
          </span>
        </div>
        <label className="amount-field">
          <span className="amount-field__symbol">¥</span>
          <FormInput
            testId="wd-amount"
            aria-label={t('withdraw.amount')}
            inputMode="numeric"
            placeholder={t('withdraw.amountPlaceholder', { min: moneyText(info.min) })}
            value={amount}
            onChange={(v) => {
              setAmount(sanitizeAmount(v, 0));
              setServerError(null);
            }}
            onBlur={() => setTouched((x) => ({ ...x, amount: true }))}
            clearable
          />
        </label>
        <FieldMessage error={amountIssue} touched={touched.amount && amount !== ''} testId="wd-amount-error" />
        <AmountChips
          chips={chips.map((c) => ({ value: c.value, label: c.label }))}
          value={amount}
          onPick={(v) => {
            setAmount(v);
            setTouched((x) => ({ ...x, amount: true }));
          }}
          testIdPrefix="wd-chip"
        />
      </section>

      <h2 className="section-title">{t('withdraw.toCard')}</h2>
      <div className="card-picker" role="radiogroup" aria-label={t('withdraw.toCard')}>
        {cards.map((c) => (
          <div
            key={c.id}
            role="radio"
            tabIndex={0}
            aria-checked={c.id === cardId}
            className="card-picker__option"
            onClick={() => setCardId(c.id)}
            onKeyDown={(e) => {
              if (e.key === 'Enter' || e.key === ' ') setCardId(c.id);
            }}
            data-testid="wd-card"
            data-card-id={c.id}
          >
            <BankCardView
              card={c}
              testId="wd-card-view"
              selected={c.id === cardId}
              action={c.id === cardId ? <CircleCheck className="card-picker__check" /> : null}
            />
          </div>
        ))}
        <Button block fill="outline" color="primary" onClick={() => push('/user/WithCard')} data-testid="wd-add-card">
          <Plus /> {t(cards.length === 0 ? 'withdraw.addFirstCard' : 'withdraw.addCard')}
        </Button>
        <p className="screen-note">{t('cards.nameRule')}</p>
      </div>

      <h2 className="section-title">{t('withdraw.pin')}</h2>
      <section className="card pin-card">
        <PasswordInput
          testId="wd-pin"
          digitsOnly
          maxLength={6}
          autoComplete="off"
          placeholder={t('withdraw.pinPlaceholder')}
          value={pin}
          onChange={setPin}
          onBlur={() => setTouched((x) => ({ ...x, pin: true }))}
          disabled={!info.hasFundPassword}
        />
        <FieldMessage error={pinIssue} touched={touched.pin} testId="wd-pin-error" />
      </section>
      {askCode && (
        <TwoFactorCodeField
          value={code}
          onChange={(v) => {
            setCode(v);
            setServerError(null);
          }}
          testId="wd-two-factor-code"
        />
      )}

      <FormError error={serverError} testId="wd-error" />

      <Popup
        visible={sheetOpen}
        onMaskClick={() => !submit.isPending && setSheetOpen(false)}
        bodyClassName="sheet"
        data-testid="wd-sheet"
        destroyOnClose
      >
        <h2 className="sheet__title">{t('withdraw.confirmTitle')}</h2>
        <div className="sheet__amount num" data-testid="wd-sheet-amount">
          {moneyText(amount || '0')}
        </div>
        <dl className="detail-list detail-list--compact">
          <div>
            <dt>{t('withdraw.toCard')}</dt>
            <dd>
              {card?.bankName} {card?.branchName}
              <br />
              <span className="mono">{card?.cardNumberMasked}</span> · {card?.holderName}
            </dd>
          </div>
          <div>
            <dt>{t('funds.fee')}</dt>
            <dd>{t('funds.feeNone')}</dd>
          </div>
          <div>
            <dt>{t('withdraw.youReceive')}</dt>
            <dd className="num">{moneyText(amount || '0')}</dd>
          </div>
        </dl>
        <p className="sheet__note">{t('withdraw.confirmNote')}</p>
        <Button
          block
          size="large"
          color="primary"
          loading={submit.isPending}
          onClick={confirm}
          data-testid="wd-confirm"
        >
          {t('withdraw.confirm')}
        </Button>
        <Button
          block
          size="large"
          fill="none"
          disabled={submit.isPending}
          onClick={() => setSheetOpen(false)}
          data-testid="wd-cancel"
        >
          {t('common.cancel')}
        </Button>
      </Popup>
    </Page>
  );
}

function WithdrawResultView({ result, card }: { result: WithdrawResult; card: BankCard | undefined }) {
  const { t } = useTranslation();
  const locale = useLocale();
  return (
    <MoneyResult
      testId="withdraw-result-screen"
      listTestId="wd-result"
      orderNoTestId="wd-order-no"
      status="waiting"
      title={t('withdraw.resultTitle')}
      description={t('withdraw.resultBody')}
      orderNo={result.orderNo}
      rows={[
        { label: t('withdraw.amount'), value: moneyText(result.amount, result.currency), className: 'num' },
        { label: t('withdraw.toCard'), value: card ? `${card.bankName} ${card.cardNumberMasked}` : result.detail },
        { label: t('funds.status'), value: <StatusPill status={result.status} testId="wd-result-status" /> },
        {
          label: t('funds.submittedAt'),
          value: t('common.jst', { time: jstText(result.createdAt, 'Y-M-D h:m', locale) }),
          className: 'num',
        },
      ]}
      {...waitingActions(t, { records: 'wd-records', done: 'wd-done' })}
      nextSteps={[t('withdraw.next1'), t('withdraw.next2'), t('withdraw.next3')]}
    />
  );
}
