import { useEffect, useState } from 'react';
import { Button, Steps } from 'antd-mobile';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { successKeys } from '@kabuto/contracts/errors';
import { requestPasswordReset, requestResetCode } from '../api/auth.api.ts';
import { FormInput, PasswordInput } from '../../../shared/components/form-input.tsx';
import { Page } from '../../../shared/components/page.tsx';
import { errorKeyOf } from '../../../shared/api/error-key.ts';
import { showSuccess } from '../../../shared/api/notice.ts';
import { FieldMessage } from '../../../shared/forms/field-message.tsx';
import { FormError } from '../../../shared/forms/form-error.tsx';
import { accountError, confirmError, newPasswordError } from '../../../shared/forms/field-rules.ts';
import { useTouched } from '../../../shared/forms/use-touched.ts';
import { addressParam, replace } from '../../../shared/navigation/navigation.ts';
import { getSession } from '../../../shared/session/session.store.ts';
import { Field, FieldList } from '../../../shared/forms/field-list.tsx';
import { useFormValues } from '../../../shared/forms/use-form-values.ts';
import '../auth.css';

// Product choice, not a SPEC number: wait a minute before asking for another SMS.
const RESEND_COOLDOWN_SECONDS = 60;

interface ResetValues {
  code: string;
  password: string;
  confirmPassword: string;
}

function codeError(code: string): string | null {
  return /^\d{6}$/.test(code) ? null : 'validation.codeFormat';
}

/** Forgot password: account → one-time code by SMS → code, new password and confirmation. */
export function ForgotPasswordScreen() {
  const { t } = useTranslation();
  const [account, setAccount] = useState(() => addressParam('account') ?? getSession().account);
  const [step, setStep] = useState<0 | 1>(0);
  const [validMinutes, setValidMinutes] = useState(10);
  const [cooldown, setCooldown] = useState(0);
  const [serverError, setServerError] = useState<string | null>(null);
  const { values, field } = useFormValues<ResetValues>({ code: '', password: '', confirmPassword: '' }, () =>
    setServerError(null),
  );
  const { touched, touch } = useTouched<'account' | 'code' | 'password' | 'confirmPassword'>();

  useEffect(() => {
    if (cooldown <= 0) return;
    const timer = setTimeout(() => setCooldown((s) => s - 1), 1000);
    return () => clearTimeout(timer);
  }, [cooldown]);

  const sendCode = useMutation({
    mutationFn: requestResetCode,
    onSuccess: (answer) => {
      showSuccess(successKeys.codeSent);
      setValidMinutes(Math.max(1, Math.round(answer.expiresInSeconds / 60)));
      setCooldown(RESEND_COOLDOWN_SECONDS);
      setStep(1);
    },
    onError: (error) => setServerError(errorKeyOf(error)),
  });

  const reset = useMutation({
    mutationFn: requestPasswordReset,
    onSuccess: () => {
      showSuccess(successKeys.changed);
      replace(`/login/login?account=${encodeURIComponent(account.trim())}`);
    },
    onError: (error) => setServerError(errorKeyOf(error)),
  });

  const accountProblem = accountError(account);
  const errors = {
    code: codeError(values.code),
    password: newPasswordError(values.password),
    confirmPassword: confirmError(values.password, values.confirmPassword),
  };
  const canSend = accountProblem === null && cooldown === 0 && !sendCode.isPending;
  const canReset = Object.values(errors).every((e) => e === null) && !reset.isPending;

  const send = () => {
    if (!canSend) return;
    setServerError(null);
    sendCode.mutate({ account: account.trim() });
  };
  const submit = () => {
    if (!canReset) return;
    setServerError(null);
    reset.mutate({ account: account.trim(), ...values });
  };

  return (
    <Page
      testId="forgot-screen"
      footer={
        step === 0 ? (
          <Button
            block
            color="primary"
            size="large"
            disabled={!canSend}
            loading={sendCode.isPending}
            onClick={send}
            data-testid="forgot-send"
          >
            {t('forgot.sendCode')}
          </Button>
        ) : (
          <Button
            block
            color="primary"
            size="large"
            disabled={!canReset}
            loading={reset.isPending}
            onClick={submit}
            data-testid="forgot-submit"
          >
            {t('forgot.submit')}
          </Button>
        )
      }
    >
      <div className="forgot__steps">
        <Steps current={step}>
          <Steps.Step title={t('forgot.stepAccount')} />
          <Steps.Step title={t('forgot.stepPassword')} />
        </Steps>
      </div>

      <FieldList>
        <Field
          label={t('fields.phone')}
          description={
            <FieldMessage
              error={accountProblem}
              touched={touched.account === true || account.length >= 10}
              hint={t('forgot.accountHint')}
            />
          }
        >
          <FormInput
            testId="forgot-account"
            value={account}
            onChange={(v) => {
              setAccount(v);
              setServerError(null);
            }}
            onBlur={() => touch('account')}
            digitsOnly
            type="tel"
            maxLength={10}
            autoComplete="tel-national"
            readOnly={step === 1}
          />
        </Field>
      </FieldList>

      {step === 1 && (
        <>
          <p className="screen-intro" data-testid="forgot-code-sent">
            {t('forgot.codeSent', { minutes: validMinutes })}
          </p>
          <FieldList>
            <Field
              label={t('fields.code')}
              description={<FieldMessage error={errors.code} touched={touched.code === true} />}
              extra={
                <Button
                  size="small"
                  fill="none"
                  color="primary"
                  disabled={!canSend}
                  onClick={send}
                  data-testid="forgot-resend"
                >
                  {cooldown > 0 ? t('forgot.resendIn', { seconds: cooldown }) : t('forgot.resend')}
                </Button>
              }
            >
              <FormInput
                {...field('code')}
                testId="forgot-code"
                digitsOnly
                maxLength={6}
                autoComplete="one-time-code"
                onBlur={() => touch('code')}
              />
            </Field>
            <Field
              label={t('fields.newPassword')}
              description={
                <FieldMessage
                  error={errors.password}
                  touched={touched.password === true}
                  hint={t('register.passwordHint')}
                />
              }
            >
              <PasswordInput
                {...field('password')}
                testId="forgot-password"
                autoComplete="new-password"
                onBlur={() => touch('password')}
                maxLength={128}
              />
            </Field>
            <Field
              label={t('fields.confirmPassword')}
              description={<FieldMessage error={errors.confirmPassword} touched={touched.confirmPassword === true} />}
            >
              <PasswordInput
                {...field('confirmPassword')}
                testId="forgot-confirm"
                autoComplete="new-password"
                onBlur={() => touch('confirmPassword')}
                onEnterPress={submit}
                maxLength={128}
              />
            </Field>
          </FieldList>
        </>
      )}

      <FormError error={serverError} testId="forgot-error" />
    </Page>
  );
}
