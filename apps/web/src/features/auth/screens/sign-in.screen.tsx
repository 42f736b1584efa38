import { lazy, Suspense, useState } from 'react';
import { Button, Checkbox, DotLoading } from 'antd-mobile';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { SuccessKey } from '@kabuto/contracts/errors';
import { requestSignIn } from '../api/auth.api.ts';
import { loadCatalogueParts } from '../../../i18n/i18n.ts';
import { BrandHeader } from '../../../shared/components/brand-header.tsx';
import { ConsentCheckbox } from '../../../shared/components/consent-checkbox.tsx';
import { FormInput, PasswordInput } from '../../../shared/components/form-input.tsx';
import { Page } from '../../../shared/components/page.tsx';
import { errorKeyOf } from '../../../shared/api/error-key.ts';
import { showSuccess } from '../../../shared/api/notice.ts';
import { FormError } from '../../../shared/forms/form-error.tsx';
import { addressParam, push, replace } from '../../../shared/navigation/navigation.ts';
import { getSession, signIn } from '../../../shared/session/session.store.ts';
import { homePathFor } from '../../../shared/session/home-path.ts';
import { Field, FieldList } from '../../../shared/forms/field-list.tsx';
import { useFormValues } from '../../../shared/forms/use-form-values.ts';
import '../auth.css';

// The catalogue's key as a typed literal: the sign-in route does not download the whole key catalogue for one key.
const signedIn: SuccessKey = 'success.login';
/** Issue 27: where a staff member without two-step sign-in goes first (staff calls wait until it is on). */
const securityPath = '/user/security';

/** Issue 27: the code step, downloaded with its words only when the password step answers with a challenge. */
const SignInCodeStep = lazy(() =>
  Promise.all([import('./sign-in-code-step.tsx'), loadCatalogueParts(['security'])]).then(([step]) => step),
);

export interface SignedInAnswer {
  token: string;
  account: string;
  is_admin: 0 | 1;
  role: Parameters<typeof homePathFor>[0];
}

interface SignInValues {
  account: string;
  password: string;
}

/** Sign-in (/login/login, /login/logon, /login/logon2): SPEC §5 — account and password required, terms agreed. */
export function SignInScreen() {
  const { t } = useTranslation();
  const [serverError, setServerError] = useState<string | null>(null);
  const { values, field } = useFormValues<SignInValues>(
    () => ({ account: addressParam('account') ?? getSession().account, password: '' }),
    () => setServerError(null),
  );
  const [remember, setRemember] = useState(false);
  const [agree, setAgree] = useState(false);

  // Issue 27: with two-step sign-in on, the right password leads to the code step (the challenge waits 5 minutes).
  const [challenge, setChallenge] = useState<string | null>(null);
  const finish = (answer: SignedInAnswer, landing: string) => {
    signIn({ token: answer.token, account: answer.account, isAdmin: answer.is_admin === 1 });
    showSuccess(signedIn);
    replace(landing);
  };

  const signInMutation = useMutation({
    mutationFn: requestSignIn,
    onSuccess: (answer) => {
      if ('challenge' in answer) {
        setChallenge(answer.challenge);
        return;
      }
      // Staff accounts must use two-step sign-in: one without it is sent to turn it on first.
      finish(answer, answer.role === null ? homePathFor(null) : securityPath);
    },
    onError: (error) => setServerError(errorKeyOf(error)),
  });

  if (challenge !== null) {
    return (
      <Suspense
        fallback={
          <div className="screen-loading" aria-busy="true">
            <DotLoading color="primary" />
          </div>
        }
      >
        <SignInCodeStep
          challenge={challenge}
          onSignedIn={(answer) => finish(answer, homePathFor(answer.role))}
          onExpired={(key) => {
            setChallenge(null);
            setServerError(key);
          }}
        />
      </Suspense>
    );
  }

  const valid = values.account.trim() !== '' && values.password !== '' && agree;
  const submit = () => {
    if (!valid || signInMutation.isPending) return;
    setServerError(null);
    signInMutation.mutate({ account: values.account.trim(), password: values.password, remember, agree: true });
  };

  return (
    <Page
      testId="sign-in-screen"
      footer={
        <Button
          block
          color="primary"
          size="large"
          disabled={!valid}
          loading={signInMutation.isPending}
          onClick={submit}
          data-testid="login-submit"
        >
          {t('signIn.submit')}
        </Button>
      }
    >
      <BrandHeader />
      <FieldList>
        <Field label={t('fields.account')}>
          <FormInput
            {...field('account')}
            testId="login-account"
            placeholder={t('signIn.accountPlaceholder')}
            autoComplete="username"
            inputMode="tel"
            clearable
            maxLength={32}
          />
        </Field>
        <Field label={t('fields.password')}>
          <PasswordInput
            {...field('password')}
            testId="login-password"
            placeholder={t('signIn.passwordPlaceholder')}
            autoComplete="current-password"
            onEnterPress={submit}
            maxLength={128}
          />
        </Field>
      </FieldList>

      <div className="consent">
        <Checkbox checked={remember} onChange={setRemember} data-testid="login-remember">
          {t('signIn.remember')}
        </Checkbox>
      </div>
      <ConsentCheckbox checked={agree} onChange={setAgree} testId="login-agree" />

      <FormError error={serverError} testId="login-error" />

      <div className="form-links">
        <Button
          fill="none"
          size="small"
          color="primary"
          onClick={() => push('/login/forgot')}
          data-testid="login-forgot"
        >
          {t('signIn.forgot')}
        </Button>
        <Button
          fill="none"
          size="small"
          color="primary"
          onClick={() => push('/login/register')}
          data-testid="login-register"
        >
          {t('signIn.toRegister')}
        </Button>
      </div>
    </Page>
  );
}
