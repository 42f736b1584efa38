import { useState } from 'react';
import { Button, Skeleton, Switch } from 'antd-mobile';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { errorKeys, successKeys } from '@kabuto/contracts/errors';
import { bankCardPatterns, cardTypes, patternIssue, textIssue } from '@kabuto/contracts/formats';
import { addBankCard } from '../api/funds.api.ts';
import { useRealNameStatus, useRefreshFunds } from '../api/funds.queries.ts';
import { VerifyFirst } from '../components/verify-first.tsx';
import { FormInput } from '../../../shared/components/form-input.tsx';
import { LoadFailure } from '../../../shared/components/load-failure.tsx';
import { Page } from '../../../shared/components/page.tsx';
import { SignInRequired } from '../../../shared/components/sign-in-required.tsx';
import { errorKeyOf } from '../../../shared/api/error-key.ts';
import { showSuccess } from '../../../shared/api/notice.ts';
import { FieldMessage } from '../../../shared/forms/field-message.tsx';
import { FormError } from '../../../shared/forms/form-error.tsx';
import { TwoFactorCodeField, twoFactorCodeReady } from '../../../shared/components/two-factor-code-field.tsx';
import { useTwoFactorStatus } from '../../../shared/security/use-two-factor.ts';
import { useTouched } from '../../../shared/forms/use-touched.ts';
import { back } from '../../../shared/navigation/navigation.ts';
import { useSession } from '../../../shared/session/session.store.ts';
import { Field, FieldList } from '../../../shared/forms/field-list.tsx';
import { useFormValues } from '../../../shared/forms/use-form-values.ts';
import '../funds.css';

type CardType = (typeof cardTypes)[number];

interface CardValues {
  holderName: string;
  bankName: string;
  branchName: string;
  branchCode: string;
  cardNumber: string;
  ifsc: string;
  upi: string;
}

const fieldKeys = ['holderName', 'bankName', 'branchName', 'branchCode', 'cardNumber', 'ifsc', 'upi'] as const;

/** The whitespace-insensitive comparison the holder name is held to (it must be the verified name). */
const sameName = (a: string, b: string) => a.replace(/\s+/g, '') === b.replace(/\s+/g, '');

/** Add bank card (/user/WithCard): in the verified name; IFSC and UPI for an Indian bank (SPEC §3, §5). */
export function AddCardScreen() {
  const session = useSession();
  const realName = useRealNameStatus();
  if (session.token !== '' && realName.isSuccess && realName.data.status === 'verified')
    return <AddCardForm verifiedName={realName.data.realName ?? ''} />;
  return (
    <Page testId="add-card-screen">
      {session.token === '' ? (
        <SignInRequired />
      ) : realName.isError ? (
        <LoadFailure
          titleKey="funds.loadFailedTitle"
          messageKey="funds.loadFailedBody"
          onRetry={() => void realName.refetch()}
          testId="card-failed"
        />
      ) : realName.isPending ? (
        <Skeleton.Paragraph lineCount={8} animated className="centered-block" />
      ) : (
        <VerifyFirst pending={realName.data.status === 'pending'} />
      )}
    </Page>
  );
}

function AddCardForm({ verifiedName }: { verifiedName: string }) {
  const { t } = useTranslation();
  const refresh = useRefreshFunds();
  const [serverError, setServerError] = useState<string | null>(null);
  const { values, field } = useFormValues<CardValues>(
    { holderName: verifiedName, bankName: '', branchName: '', branchCode: '', cardNumber: '', ifsc: '', upi: '' },
    () => setServerError(null),
  );
  const [cardType, setCardType] = useState<CardType>('ordinary');
  const [indian, setIndian] = useState(false);
  const { touched, touch, touchAll } = useTouched<keyof CardValues>();
  // Issue 27: with two-step sign-in on, a new card carries a code from the app.
  const askCode = useTwoFactorStatus().data?.enabled === true;
  const [code, setCode] = useState('');

  const errors: Record<keyof CardValues, string | null> = {
    holderName:
      values.holderName.trim() === ''
        ? 'cardForm.required'
        : sameName(values.holderName, verifiedName)
          ? null
          : errorKeys.cards.holderMismatch,
    bankName: textIssue(values.bankName, 64) === null ? null : 'cardForm.required',
    branchName: textIssue(values.branchName, 64) === null ? null : 'cardForm.required',
    branchCode:
      patternIssue(values.branchCode, bankCardPatterns.branchCode) === null ? null : 'cardForm.branchCodeFormat',
    cardNumber: patternIssue(values.cardNumber, bankCardPatterns.cardNumber) === null ? null : 'cardForm.numberFormat',
    ifsc: !indian || patternIssue(values.ifsc, bankCardPatterns.ifsc) === null ? null : 'cardForm.ifscFormat',
    upi: !indian || patternIssue(values.upi, bankCardPatterns.upi) === null ? null : 'cardForm.upiFormat',
  };
  const valid = Object.values(errors).every((e) => e === null) && (!askCode || twoFactorCodeReady(code));

  const save = useMutation({
    mutationFn: () =>
      addBankCard({
        holderName: values.holderName.trim(),
        bankName: values.bankName.trim(),
        branchName: values.branchName.trim(),
        branchCode: values.branchCode.trim(),
        cardNumber: values.cardNumber,
        cardType,
        indianBank: indian,
        ...(indian ? { ifsc: values.ifsc.trim(), upi: values.upi.trim() } : {}),
        ...(askCode ? { twoFactorCode: code.trim() } : {}),
      }),
    onSuccess: async () => {
      showSuccess(successKeys.cardAdded);
      await refresh();
      back('/user/BankCard');
    },
    onError: (error) => setServerError(errorKeyOf(error)),
  });

  const submit = () => {
    if (save.isPending) return;
    if (!valid) {
      touchAll(fieldKeys);
      return;
    }
    setServerError(null);
    save.mutate();
  };

  const message = (key: keyof CardValues, hint?: string) => (
    <FieldMessage
      error={errors[key]}
      touched={touched[key] === true}
      {...(hint ? { hint } : {})}
      testId={`card-error-${key}`}
    />
  );

  return (
    <Page
      testId="add-card-screen"
      footer={
        <Button block size="large" color="primary" loading={save.isPending} onClick={submit} data-testid="card-submit">
          {t('cardForm.submit')}
        </Button>
      }
    >
      <p className="screen-intro">{t('cardForm.intro')}</p>
      <FieldList>
        <Field
          label={t('cardForm.holder')}
          description={message('holderName', t('cardForm.holderHint', { name: verifiedName }))}
        >
          <FormInput
            {...field('holderName')}
            testId="card-holder"
            maxLength={64}
            autoComplete="name"
            onBlur={() => touch('holderName')}
          />
        </Field>
        <Field label={t('cardForm.bank')} description={message('bankName')}>
          <FormInput
            {...field('bankName')}
            testId="card-bank"
            placeholder={t('cardForm.bankPlaceholder')}
            maxLength={64}
            onBlur={() => touch('bankName')}
          />
        </Field>
        <Field label={t('cardForm.branch')} description={message('branchName')}>
          <FormInput
            {...field('branchName')}
            testId="card-branch"
            placeholder={t('cardForm.branchPlaceholder')}
            maxLength={64}
            onBlur={() => touch('branchName')}
          />
        </Field>
        <Field label={t('cardForm.branchCode')} description={message('branchCode', t('cardForm.branchCodeHint'))}>
          <FormInput
            {...field('branchCode')}
            testId="card-branch-code"
            placeholder="123"
            maxLength={11}
            autoCapitalize="characters"
            autoComplete="off"
            onBlur={() => touch('branchCode')}
          />
        </Field>
        <Field label={t('cardForm.number')} description={message('cardNumber', t('cardForm.numberHint'))}>
          <FormInput
            {...field('cardNumber')}
            testId="card-number"
            digitsOnly
            maxLength={20}
            placeholder="1234567"
            autoComplete="off"
            onBlur={() => touch('cardNumber')}
          />
        </Field>
        <Field label={t('cardForm.type')}>
          <div className="segmented" role="radiogroup" aria-label={t('cardForm.type')}>
            {cardTypes.map((type) => (
              <button
                key={type}
                type="button"
                role="radio"
                aria-checked={cardType === type}
                className={`segmented__option${cardType === type ? ' segmented__option--on' : ''}`}
                onClick={() => setCardType(type)}
                data-testid={`card-type-${type}`}
              >
                {t(`cards.types.${type}`)}
              </button>
            ))}
          </div>
        </Field>
        <Field>
          <div className="switch-row">
            <div>
              <div className="switch-row__label">{t('cardForm.indian')}</div>
              <div className="switch-row__hint">{t('cardForm.indianHint')}</div>
            </div>
            <Switch checked={indian} onChange={setIndian} data-testid="card-indian" aria-label={t('cardForm.indian')} />
          </div>
        </Field>
        {indian && (
          <>
            <Field label="IFSC" description={message('ifsc', t('cardForm.ifscHint'))}>
              <FormInput
                {...field('ifsc', (v) => v.toUpperCase())}
                testId="card-ifsc"
                placeholder="SBIN0001234"
                maxLength={11}
                autoCapitalize="characters"
                autoComplete="off"
                onBlur={() => touch('ifsc')}
              />
            </Field>
            <Field label="UPI ID" description={message('upi', t('cardForm.upiHint'))}>
              <FormInput
                {...field('upi')}
                testId="card-upi"
                placeholder="name@bank"
                maxLength={97}
                autoCapitalize="off"
                autoComplete="off"
                onBlur={() => touch('upi')}
              />
            </Field>
          </>
        )}
      </FieldList>
      {askCode && (
        <TwoFactorCodeField
          value={code}
          onChange={(v) => {
            setCode(v);
            setServerError(null);
          }}
          testId="card-two-factor-code"
        />
      )}
      <FormError error={serverError} testId="card-error" />
    </Page>
  );
}
