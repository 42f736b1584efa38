import { useState } from 'react';
import { Button, Form } from 'antd-mobile';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { errorKeys, successKeys } from '@kabuto/contracts/errors';
import { requestRegister } from '../api/auth.api.ts';
import { ConsentCheckbox } from '../../../shared/components/consent-checkbox.tsx';
import { FormInput, PasswordInput } from '../../../shared/components/form-input.tsx';
import { Page } from '../../../shared/components/page.tsx';
import { errorKeyOf } from '../../../shared/api/error-key.ts';
import { showSuccess } from '../../../shared/api/notice.ts';
import { FieldMessage } from '../../../shared/forms/field-message.tsx';
import { FormError } from '../../../shared/forms/form-error.tsx';
import { accountError, confirmError, newPasswordError, requiredError } from '../../../shared/forms/field-rules.ts';
import { useTouched } from '../../../shared/forms/use-touched.ts';
import { addressParam, push, replace } from '../../../shared/navigation/navigation.ts';

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
  const [initial] = useState<RegisterValues>(() => ({
    account: '',
    password: '',
    confirmPassword: '',
    inviteCode: addressParam('code') ?? addressParam('inviteCode') ?? '',
  }));
  const [values, setValues] = useState<RegisterValues>(initial);
  const [agree, setAgree] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
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
    onSuccess: (answer) => {
      showSuccess(successKeys.register);
      replace(`/login/login?account=${encodeURIComponent(answer.account)}`);
    },
    onError: (error) => setServerError(errorKeyOf(error)),
  });

  const submit = () => {
    if (!valid || registerMutation.isPending) return;
    setServerError(null);
    registerMutation.mutate({ ...values, account: values.account.trim(), inviteCode: values.inviteCode.trim(), agree: true });
  };

  return (
    <Page
      testId="register-screen"
      footer={
        <Button block color="primary" size="large" disabled={!valid} loading={registerMutation.isPending} onClick={submit} data-testid="register-submit">
          {t('register.submit')}
        </Button>
      }
    >
      <p className="screen-intro">{t('register.intro')}</p>
      <Form
        layout="vertical"
        mode="card"
        initialValues={initial}
        onValuesChange={(_, all: Partial<RegisterValues>) => {
          setValues({
            account: all.account ?? '',
            password: all.password ?? '',
            confirmPassword: all.confirmPassword ?? '',
            inviteCode: all.inviteCode ?? '',
          });
          setServerError(null);
        }}
      >
        <Form.Item
          name="account"
          label={t('fields.phone')}
          description={<FieldMessage error={errors.account} touched={touched.account === true || values.account.length >= 10} hint={t('register.accountHint')} testId="register-account-error" />}
        >
          <FormInput testId="register-account" digitsOnly type="tel" maxLength={10} autoComplete="tel-national" placeholder={t('register.accountPlaceholder')} onBlur={() => touch('account')} clearable />
        </Form.Item>
        <Form.Item
          name="password"
          label={t('fields.password')}
          description={<FieldMessage error={errors.password} touched={touched.password === true} hint={t('register.passwordHint')} testId="register-password-error" />}
        >
          <PasswordInput testId="register-password" autoComplete="new-password" placeholder={t('register.passwordPlaceholder')} onBlur={() => touch('password')} maxLength={128} />
        </Form.Item>
        <Form.Item
          name="confirmPassword"
          label={t('fields.confirmPassword')}
          description={<FieldMessage error={errors.confirmPassword} touched={touched.confirmPassword === true || (values.confirmPassword.length >= values.password.length && values.confirmPassword !== '')} testId="register-confirm-error" />}
        >
          <PasswordInput testId="register-confirm" autoComplete="new-password" placeholder={t('register.confirmPlaceholder')} onBlur={() => touch('confirmPassword')} maxLength={128} />
        </Form.Item>
        <Form.Item
          name="inviteCode"
          label={t('fields.inviteCode')}
          description={<FieldMessage error={errors.inviteCode} touched={touched.inviteCode === true} hint={t('register.inviteHint')} testId="register-invite-error" />}
        >
          <FormInput testId="register-invite" autoCapitalize="characters" autoComplete="off" maxLength={32} placeholder={t('register.invitePlaceholder')} onBlur={() => touch('inviteCode')} clearable />
        </Form.Item>
      </Form>

      <ConsentCheckbox checked={agree} onChange={setAgree} testId="register-agree" />

      <FormError error={serverError} testId="register-error" />

      <div className="form-links form-links--center">
        <Button fill="none" size="small" color="primary" onClick={() => push('/login/login')} data-testid="register-to-login">
          {t('register.toSignIn')}
        </Button>
      </div>
    </Page>
  );
}
