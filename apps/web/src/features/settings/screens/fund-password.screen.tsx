import { useState } from 'react';
import { Button, Skeleton } from 'antd-mobile';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { errorKeys, successKeys } from '@kabuto/contracts/errors';
import { requestChangeFundPassword, requestSetFundPassword } from '../api/account.api.ts';
import { PasswordInput } from '../../../shared/components/form-input.tsx';
import { Page } from '../../../shared/components/page.tsx';
import { SignInRequired } from '../../../shared/components/sign-in-required.tsx';
import { errorKeyOf } from '../../../shared/api/error-key.ts';
import { showSuccess } from '../../../shared/api/notice.ts';
import { FieldMessage } from '../../../shared/forms/field-message.tsx';
import { FormError } from '../../../shared/forms/form-error.tsx';
import { confirmError, fundPinError, requiredError } from '../../../shared/forms/field-rules.ts';
import { useTouched } from '../../../shared/forms/use-touched.ts';
import { back } from '../../../shared/navigation/navigation.ts';
import { useSession } from '../../../shared/session/session.store.ts';
import { useUserInfo, userInfoKey } from '../../../shared/session/use-user-info.ts';
import { Field, FieldList } from '../../../shared/forms/field-list.tsx';
import { useFormValues } from '../../../shared/forms/use-form-values.ts';

interface FundValues {
  current: string;
  pin: string;
  confirm: string;
}

type Mode = 'set' | 'change';

/** Fund password (/user/setPassword): a six-digit PIN, set the first time with the login password, later changed with the old PIN. */
export function FundPasswordScreen() {
  const session = useSession();
  const info = useUserInfo();
  if (session.token === '') {
    return (
      <Page testId="fund-password-screen">
        <SignInRequired />
      </Page>
    );
  }
  if (!info.isSuccess) {
    return (
      <Page testId="fund-password-screen">
        <div className="centered-block">
          <Skeleton.Paragraph lineCount={5} animated />
        </div>
      </Page>
    );
  }
  return (
    <FundPasswordForm key={String(info.data.hasFundPassword)} mode={info.data.hasFundPassword ? 'change' : 'set'} />
  );
}

function FundPasswordForm({ mode }: { mode: Mode }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { token } = useSession();
  const [serverError, setServerError] = useState<string | null>(null);
  const { values, field } = useFormValues<FundValues>({ current: '', pin: '', confirm: '' }, () =>
    setServerError(null),
  );
  const { touched, touch } = useTouched<keyof FundValues>();

  const errors = {
    current:
      mode === 'set' ? requiredError(values.current, errorKeys.account.passwordEmpty) : fundPinError(values.current),
    pin: fundPinError(values.pin),
    confirm: confirmError(values.pin, values.confirm),
  };
  const valid = Object.values(errors).every((e) => e === null);

  const save = useMutation({
    mutationFn: (v: FundValues) =>
      mode === 'set'
        ? requestSetFundPassword({ loginPassword: v.current, password: v.pin, confirmPassword: v.confirm })
        : requestChangeFundPassword({ oldPassword: v.current, newPassword: v.pin, confirmPassword: v.confirm }),
    onSuccess: async () => {
      showSuccess(successKeys.changed);
      await queryClient.invalidateQueries({ queryKey: userInfoKey(token) });
      back('/user/setting');
    },
    onError: (error) => setServerError(errorKeyOf(error)),
  });

  const submit = () => {
    if (!valid || save.isPending) return;
    setServerError(null);
    save.mutate(values);
  };

  return (
    <Page
      testId="fund-password-screen"
      title={t(mode === 'set' ? 'fundPassword.setTitle' : 'fundPassword.changeTitle')}
      footer={
        <Button
          block
          color="primary"
          size="large"
          disabled={!valid}
          loading={save.isPending}
          onClick={submit}
          data-testid="fund-submit"
        >
          {t(mode === 'set' ? 'fundPassword.setSubmit' : 'fundPassword.changeSubmit')}
        </Button>
      }
    >
      <p className="screen-intro" data-testid={`fund-mode-${mode}`}>
        {t(mode === 'set' ? 'fundPassword.setIntro' : 'fundPassword.changeIntro')}
      </p>
      <FieldList>
        {mode === 'set' ? (
          <Field
            label={t('fields.loginPassword')}
            description={<FieldMessage error={errors.current} touched={touched.current === true} />}
          >
            <PasswordInput
              {...field('current')}
              testId="fund-login-password"
              autoComplete="current-password"
              onBlur={() => touch('current')}
              maxLength={128}
            />
          </Field>
        ) : (
          <Field
            label={t('fields.oldFundPassword')}
            description={<FieldMessage error={errors.current} touched={touched.current === true} />}
          >
            <PasswordInput
              {...field('current')}
              testId="fund-old"
              digitsOnly
              maxLength={6}
              autoComplete="off"
              onBlur={() => touch('current')}
            />
          </Field>
        )}
        <Field
          label={t('fields.newFundPassword')}
          description={
            <FieldMessage
              error={errors.pin}
              touched={touched.pin === true || values.pin.length === 6}
              hint={t('fundPassword.pinHint')}
            />
          }
        >
          <PasswordInput
            {...field('pin')}
            testId="fund-new"
            digitsOnly
            maxLength={6}
            autoComplete="off"
            onBlur={() => touch('pin')}
          />
        </Field>
        <Field
          label={t('fields.confirmFundPassword')}
          description={
            <FieldMessage error={errors.confirm} touched={touched.confirm === true || values.confirm.length === 6} />
          }
        >
          <PasswordInput
            {...field('confirm')}
            testId="fund-confirm"
            digitsOnly
            maxLength={6}
            autoComplete="off"
            onBlur={() => touch('confirm')}
            onEnterPress={submit}
          />
        </Field>
      </FieldList>
      <FormError error={serverError} testId="fund-error" />
    </Page>
  );
}
