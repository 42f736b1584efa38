import { useState } from 'react';
import { Button, NoticeBar, Skeleton } from 'antd-mobile';
import { ChevronRight } from 'lucide-react';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { errorKeys, successKeys } from '@kabuto/contracts/errors';
import { createDeposit } from '../api/funds.api.ts';
import type { DepositChannel, DepositChannels, DepositResult } from '../api/funds.api.ts';
import { useDepositChannels, useRefreshFunds } from '../api/funds.queries.ts';
import { resetDepositDraft, updateDepositDraft, useDepositDraft } from '../api/deposit-draft.store.ts';
import { ChannelDetails } from '../components/channel-details.tsx';
import { CopyButton } from '../components/copy-button.tsx';
import { AmountChips } from '../components/amount-chips.tsx';
import { MoneyResult, waitingActions } from '../components/money-result.tsx';
import { DetailList } from '../../../shared/components/detail-list.tsx';
import { FormInput } from '../../../shared/components/form-input.tsx';
import { LoadFailure } from '../../../shared/components/load-failure.tsx';
import { MoneyWindowText } from '../../../shared/components/money-window.tsx';
import { Page } from '../../../shared/components/page.tsx';
import { SignInRequired } from '../../../shared/components/sign-in-required.tsx';
import { StatusPill } from '../../../shared/components/status-pill.tsx';
import { errorKeyOf } from '../../../shared/api/error-key.ts';
import { useIdempotentSubmission } from '../../../shared/api/idempotency.ts';
import { showSuccess } from '../../../shared/api/notice.ts';
import { amountError, atLeast, sanitizeAmount } from '../../../shared/forms/amount.ts';
import { FieldMessage } from '../../../shared/forms/field-message.tsx';
import { FormError } from '../../../shared/forms/form-error.tsx';
import { moneyText } from '../../../shared/format/money-text.ts';
import { jstText, useLocale } from '../../../shared/format/jst.ts';
import { push } from '../../../shared/navigation/navigation.ts';
import { useSession } from '../../../shared/session/session.store.ts';
import { ImageUploadField } from '../../../shared/uploads/image-upload-field.tsx';
import { StatusBlock } from '../../../shared/components/status-block.tsx';
import '../funds.css';

const QUICK_AMOUNTS = ['10000', '50000', '100000', '500000', '1000000'] as const;

/** The chosen channel, or the first one when none (or an unknown one) is chosen. */
export function chosenChannel(data: DepositChannels, channelId: string | null): DepositChannel | undefined {
  return data.channels.find((c) => c.id === channelId) ?? data.channels[0];
}

/** Deposit (/user/recharge): where to transfer, the member's reference, the rule in force, amount and receipt (SPEC §5). */
export function DepositScreen() {
  const session = useSession();
  const channels = useDepositChannels();
  const [result, setResult] = useState<DepositResult | null>(null);

  if (result) return <DepositResultView result={result} />;
  if (session.token !== '' && channels.isSuccess) return <DepositForm data={channels.data} onDone={setResult} />;
  return (
    <Page testId="deposit-screen">
      {session.token === '' ? (
        <SignInRequired />
      ) : channels.isError ? (
        <LoadFailure
          titleKey="funds.loadFailedTitle"
          messageKey="funds.loadFailedBody"
          onRetry={() => void channels.refetch()}
          testId="dep-failed"
        />
      ) : (
        <Skeleton.Paragraph lineCount={10} animated className="centered-block" />
      )}
    </Page>
  );
}

function DepositForm({ data, onDone }: { data: DepositChannels; onDone: (result: DepositResult) => void }) {
  const { t } = useTranslation();
  const refresh = useRefreshFunds();
  const draft = useDepositDraft();
  const submission = useIdempotentSubmission();
  const receiptId = draft.receiptId;
  const [touchedAmount, setTouchedAmount] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const channel = chosenChannel(data, draft.channelId);

  const amountIssue = channel
    ? amountError(draft.amount, {
        min: channel.min,
        max: channel.max,
        belowMinKey: errorKeys.funds.depositBelowMin,
        aboveMaxKey: errorKeys.funds.depositAboveMax,
      })
    : errorKeys.funds.channelNotFound;
  const open = channel?.window.open ?? false;
  const valid = channel !== undefined && amountIssue === null && receiptId !== null && open;

  const submit = useMutation({
    mutationFn: (body: { channelId: string; amount: string; receiptImageId: string }) =>
      createDeposit(body, submission.headersFor(body)),
    onSuccess: async (answer) => {
      submission.settle();
      showSuccess(successKeys.deposit);
      resetDepositDraft();
      onDone(answer);
      await refresh();
    },
    onError: (error) => {
      submission.settle(error);
      setServerError(errorKeyOf(error));
    },
  });

  const send = () => {
    setTouchedAmount(true);
    if (!valid || submit.isPending || !channel || receiptId === null) return;
    setServerError(null);
    submit.mutate({ channelId: channel.id, amount: draft.amount, receiptImageId: receiptId });
  };

  if (!channel) {
    return (
      <Page testId="deposit-screen">
        <div className="centered-block" data-testid="dep-no-channel">
          <StatusBlock kind="empty" title={t('deposit.noChannelTitle')} description={t('deposit.noChannelBody')} />
        </div>
      </Page>
    );
  }

  const chips = QUICK_AMOUNTS.filter((a) => atLeast(a, channel.min) && atLeast(channel.max, a));

  return (
    <Page
      testId="deposit-screen"
      footer={
        <Button
          block
          size="large"
          color="primary"
          disabled={!valid}
          loading={submit.isPending}
          onClick={send}
          data-testid="dep-submit"
        >
          {t('deposit.submit')}
        </Button>
      }
    >
      <h2 className="section-title">{t('deposit.step1')}</h2>
      <section className="card channel-card" data-testid="dep-channel" data-channel-id={channel.id}>
        <div className="channel-card__head">
          <div className="channel-card__name">{channel.name}</div>
          {data.channels.length > 1 && (
            <Button
              size="small"
              fill="none"
              color="primary"
              onClick={() => push('/user/rechargeChannel')}
              data-testid="dep-channel-change"
            >
              {t('deposit.changeChannel')} <ChevronRight />
            </Button>
          )}
        </div>
        <ChannelDetails channel={channel} />
      </section>

      <section className="card reference-card">
        <div className="reference-card__label">{t('deposit.reference')}</div>
        <div className="reference-card__row">
          <span className="reference-card__code mono" data-testid="dep-reference">
            {data.referenceCode}
          </span>
          <CopyButton value={data.referenceCode} testId="dep-reference-copy" />
        </div>
        <p className="reference-card__hint">{t('deposit.referenceHint', { code: data.referenceCode })}</p>
      </section>

      <section className="card rule-card" data-testid="dep-rule">
        <h2 className="card__title">{t('deposit.rule')}</h2>
        <DetailList
          compact
          rows={[
            {
              label: t('funds.limits'),
              value: `${moneyText(channel.min)} – ${moneyText(channel.max)}`,
              className: 'num',
              testId: 'dep-limits',
            },
            { label: t('funds.window'), value: <MoneyWindowText window={channel.window} testId="dep-window" /> },
            { label: t('funds.fee'), value: t('funds.feeNone') },
          ]}
        />
      </section>
      {!open && <NoticeBar color="alert" wrap content={t('deposit.closedNotice')} data-testid="dep-closed" />}

      <h2 className="section-title">{t('deposit.step2')}</h2>
      <section className="card amount-card">
        <label className="amount-field">
          <span className="amount-field__symbol">¥</span>
          <FormInput
            testId="dep-amount"
            aria-label={t('deposit.amount')}
            inputMode="numeric"
            placeholder={t('deposit.amountPlaceholder', { min: moneyText(channel.min) })}
            value={draft.amount}
            onChange={(v) => {
              updateDepositDraft({ amount: sanitizeAmount(v, 0) });
              setServerError(null);
            }}
            onBlur={() => setTouchedAmount(true)}
            clearable
          />
        </label>
        <FieldMessage error={amountIssue} touched={touchedAmount && draft.amount !== ''} testId="dep-amount-error" />
        <AmountChips
          chips={chips.map((a) => ({ value: a, label: moneyText(a).replace(/\.00$/, '') }))}
          value={draft.amount}
          onPick={(v) => {
            updateDepositDraft({ amount: v });
            setTouchedAmount(true);
          }}
          testIdPrefix="dep-chip"
        />
      </section>

      <h2 className="section-title">{t('deposit.step3')}</h2>
      <section className="card upload-card">
        <ImageUploadField
          purpose="deposit_receipt"
          label={t('deposit.receipt')}
          hint={t('deposit.receiptHint')}
          testId="dep-receipt"
          initialId={draft.receiptId}
          onChange={(id) => updateDepositDraft({ receiptId: id })}
        />
      </section>

      <FormError error={serverError} testId="dep-error" />
    </Page>
  );
}

function DepositResultView({ result }: { result: DepositResult }) {
  const { t } = useTranslation();
  const locale = useLocale();
  return (
    <MoneyResult
      testId="deposit-result-screen"
      listTestId="dep-result"
      orderNoTestId="dep-order-no"
      status="waiting"
      title={t('deposit.resultTitle')}
      description={t('deposit.resultBody')}
      orderNo={result.orderNo}
      rows={[
        { label: t('deposit.amount'), value: moneyText(result.amount, result.currency), className: 'num' },
        { label: t('deposit.channel'), value: result.detail },
        { label: t('deposit.reference'), value: result.referenceCode, className: 'mono' },
        { label: t('funds.status'), value: <StatusPill status={result.status} testId="dep-result-status" /> },
        {
          label: t('funds.submittedAt'),
          value: t('common.jst', { time: jstText(result.createdAt, 'Y-M-D h:m', locale) }),
          className: 'num',
        },
      ]}
      {...waitingActions(t, { records: 'dep-records', done: 'dep-done' })}
      nextSteps={[t('deposit.next1'), t('deposit.next2'), t('deposit.next3')]}
    />
  );
}
