import { useState } from 'react';
import { Button } from 'antd-mobile';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { errorKeys, successKeys } from '@kabuto/contracts/errors';
import { requestRegister } from '../api/auth.api.ts';
import { ConsentCheckbox } from '../../../shared/components/consent-checkbox.tsx';
import { FormInput, PasswordInput } from '../../../shared/components/form-input.tsx';
import { Page } from '../../../shared/components/page.tsx';
import { errorKeyOf } from '../../../shared/api/error-key.ts';
import { preloadNotice, showSuccessFirst } from '../../../shared/api/notice.ts';
import { FieldMessage } from '../../../shared/forms/field-message.tsx';
import { FormError } from '../../../shared/forms/form-error.tsx';
import { accountError, confirmError, newPasswordError, requiredError } from '../../../shared/forms/field-rules.ts';
import { useTouched } from '../../../shared/forms/use-touched.ts';
import { addressParam, push, replace } from '../../../shared/navigation/navigation.ts';
import { Field, FieldList } from '../../../shared/forms/field-list.tsx';
import { useFormValues } from '../../../shared/forms/use-form-values.ts';
import '../auth.css';

interface RegisterValues {
  account: string;
  password: string;
  confirmPassword: string;
  inviteCode: string;
}

type FieldName = keyof RegisterValues;

/** Register (SPEC §5): ten-digit phone, 8+ letters and digits, matching confirmation, invitation code, consent. */
export function RegisterScreen() {
  const { t } = useTranslation();
  const [serverError, setServerError] = useState<string | null>(null);
  const { values, field } = useFormValues<RegisterValues>(
    () => ({
      account: '',
      password: '',
      confirmPassword: '',
      inviteCode: addressParam('code') ?? addressParam('inviteCode') ?? '',
    }),
    () => setServerError(null),
  );
  const [agree, setAgree] = useState(false);
  const { touched, touch } = useTouched<FieldName>();

  const errors = {
    account: accountError(values.account),
    password: newPasswordError(values.password),
    confirmPassword: confirmError(values.password, values.confirmPassword),
    inviteCode: requiredError(values.inviteCode, errorKeys.account.inviterNotExist),
  };
  const valid = Object.values(errors).every((e) => e === null) && agree;

  const registerMutation = useMutation({
    mutationFn: requestRegister,
    // SPEC §8: the success notice is on screen before the member is taken to sign in (it stays there 2 s).
    onSuccess: async (answer) => {
      await showSuccessFirst(successKeys.register);
      replace(`/login/login?account=${encodeURIComponent(answer.account)}`);
    },
    onError: (error) => setServerError(errorKeyOf(error)),
  });

  const submit = () => {
    if (!valid || registerMutation.isPending) return;
    setServerError(null);
    preloadNotice();
    registerMutation.mutate({
      ...values,
      account: values.account.trim(),
      inviteCode: values.inviteCode.trim(),
      agree: true,
    });
  };

  return (
    <Page
      testId="register-screen"
      footer={
        <Button
          block
          color="primary"
          size="large"
          disabled={!valid}
          loading={registerMutation.isPending}
          onClick={submit}
          data-testid="register-submit"
        >
          {t('register.submit')}
        </Button>
      }
    >
      <p className="screen-intro">{t('register.intro')}</p>
      <FieldList>
        <Field
          label={t('fields.phone')}
          description={
            <FieldMessage
              error={errors.account}
              touched={touched.account === true || values.account.length >= 10}
              hint={t('register.accountHint')}
              testId="register-account-error"
            />
          }
        >
          <FormInput
            {...field('account')}
            testId="register-account"
            digitsOnly
            type="tel"
            maxLength={10}
            autoComplete="tel-national"
            placeholder={t('register.accountPlaceholder')}
            onBlur={() => touch('account')}
            clearable
          />
        </Field>
        <Field
          label={t('fields.password')}
          description={
            <FieldMessage
              error={errors.password}
              touched={touched.password === true}
              hint={t('register.passwordHint')}
              testId="register-password-error"
            />
          }
        >
          <PasswordInput
            {...field('password')}
            testId="register-password"
            autoComplete="new-password"
            placeholder={t('register.passwordPlaceholder')}
            onBlur={() => touch('password')}
            maxLength={128}
          />
        </Field>
        <Field
          label={t('fields.confirmPassword')}
          description={
            <FieldMessage
              error={errors.confirmPassword}
              touched={
                touched.confirmPassword === true ||
                (values.confirmPassword.length >= values.password.length && values.confirmPassword !== '')
              }
              testId="register-confirm-error"
            />
          }
        >
          <PasswordInput
            {...field('confirmPassword')}
            testId="register-confirm"
            autoComplete="new-password"
            placeholder={t('register.confirmPlaceholder')}
            onBlur={() => touch('confirmPassword')}
            maxLength={128}
          />
        </Field>
        <Field
          label={t('fields.inviteCode')}
          description={
            <FieldMessage
              error={errors.inviteCode}
              touched={touched.inviteCode === true}
              hint={t('register.inviteHint')}
              testId="register-invite-error"
            />
          }
        >
          <FormInput
            {...field('inviteCode')}
            testId="register-invite"
            autoCapitalize="characters"
            autoComplete="off"
            maxLength={32}
            placeholder={t('register.invitePlaceholder')}
            onBlur={() => touch('inviteCode')}
            clearable
          />
        </Field>
      </FieldList>

      <ConsentCheckbox checked={agree} onChange={setAgree} testId="register-agree" />

      <FormError error={serverError} testId="register-error" />

      <div className="form-links form-links--center">
        <Button
          fill="none"
          size="small"
          color="primary"
          onClick={() => push('/login/login')}
          data-testid="register-to-login"
        >
          {t('register.toSignIn')}
        </Button>
      </div>
    </Page>
  );
}
