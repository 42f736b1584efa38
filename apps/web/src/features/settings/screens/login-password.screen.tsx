import { useState } from 'react';
import { Button } from 'antd-mobile';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { errorKeys } from '@kabuto/contracts/errors';
import { requestChangePassword } from '../api/account.api.ts';
import { PasswordInput } from '../../../shared/components/form-input.tsx';
import { Page } from '../../../shared/components/page.tsx';
import { errorKeyOf } from '../../../shared/api/error-key.ts';
import { showSuccess } from '../../../shared/api/notice.ts';
import { FieldMessage } from '../../../shared/forms/field-message.tsx';
import { FormError } from '../../../shared/forms/form-error.tsx';
import { confirmError, newPasswordError, requiredError } from '../../../shared/forms/field-rules.ts';
import { useTouched } from '../../../shared/forms/use-touched.ts';
import { replace } from '../../../shared/navigation/navigation.ts';
import { clearSession, getSession } from '../../../shared/session/session.store.ts';
import { Field, FieldList } from '../../../shared/forms/field-list.tsx';
import { useFormValues } from '../../../shared/forms/use-form-values.ts';

interface PasswordValues {
  oldPassword: string;
  newPassword: string;
  confirmPassword: string;
}

/** Change login password (SPEC §5: old, new, confirm required). The server ends every session afterwards. */
export function LoginPasswordScreen() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [serverError, setServerError] = useState<string | null>(null);
  const { values, field } = useFormValues<PasswordValues>(
    { oldPassword: '', newPassword: '', confirmPassword: '' },
    () => setServerError(null),
  );
  const { touched, touch } = useTouched<keyof PasswordValues>();

  const errors = {
    oldPassword: requiredError(values.oldPassword, errorKeys.account.passwordEmpty),
    newPassword:
      newPasswordError(values.newPassword) ??
      (values.newPassword === values.oldPassword ? errorKeys.password.sameAsOld : null),
    confirmPassword: confirmError(values.newPassword, values.confirmPassword),
  };
  const valid = Object.values(errors).every((e) => e === null);

  const change = useMutation({
    mutationFn: requestChangePassword,
    onSuccess: () => {
      const account = getSession().account;
      showSuccess('loginPassword.done');
      // Every session of the member has ended on the server: sign in again with the new password.
      clearSession();
      queryClient.clear();
      replace(`/login/login?account=${encodeURIComponent(account)}`);
    },
    onError: (error) => setServerError(errorKeyOf(error)),
  });

  const submit = () => {
    if (!valid || change.isPending) return;
    setServerError(null);
    change.mutate(values);
  };

  return (
    <Page
      testId="login-password-screen"
      footer={
        <Button
          block
          color="primary"
          size="large"
          disabled={!valid}
          loading={change.isPending}
          onClick={submit}
          data-testid="pwd-submit"
        >
          {t('loginPassword.submit')}
        </Button>
      }
    >
      <p className="screen-intro">{t('loginPassword.intro')}</p>
      <FieldList>
        <Field
          label={t('fields.oldPassword')}
          description={<FieldMessage error={errors.oldPassword} touched={touched.oldPassword === true} />}
        >
          <PasswordInput
            {...field('oldPassword')}
            testId="pwd-old"
            autoComplete="current-password"
            onBlur={() => touch('oldPassword')}
            maxLength={128}
          />
        </Field>
        <Field
          label={t('fields.newPassword')}
          description={
            <FieldMessage
              error={errors.newPassword}
              touched={touched.newPassword === true}
              hint={t('register.passwordHint')}
            />
          }
        >
          <PasswordInput
            {...field('newPassword')}
            testId="pwd-new"
            autoComplete="new-password"
            onBlur={() => touch('newPassword')}
            maxLength={128}
          />
        </Field>
        <Field
          label={t('fields.confirmPassword')}
          description={<FieldMessage error={errors.confirmPassword} touched={touched.confirmPassword === true} />}
        >
          <PasswordInput
            {...field('confirmPassword')}
            testId="pwd-confirm"
            autoComplete="new-password"
            onBlur={() => touch('confirmPassword')}
            onEnterPress={submit}
            maxLength={128}
          />
        </Field>
      </FieldList>
      <FormError error={serverError} testId="pwd-error" />
    </Page>
  );
}
