import { useState } from 'react';
import { Button } from 'antd-mobile';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { requestSignInCode } from '../api/auth.api.ts';
import { BrandHeader } from '../../../shared/components/brand-header.tsx';
import { FormInput } from '../../../shared/components/form-input.tsx';
import { Page } from '../../../shared/components/page.tsx';
import { twoFactorCodeReady } from '../../../shared/components/two-factor-code-field.tsx';
import { errorKeyOf } from '../../../shared/api/error-key.ts';
import { FormError } from '../../../shared/forms/form-error.tsx';
import { Field, FieldList } from '../../../shared/forms/field-list.tsx';
import type { SignedInAnswer } from './sign-in.screen.tsx';

/**
 * Issue 27: sign-in's second step, for a member or staff member with two-step sign-in on. Its own chunk, loaded with
 * the `security` catalogue part only when the password step answers with a challenge (most members never need it).
 */
export default function SignInCodeStep({
  challenge,
  onSignedIn,
  onExpired,
}: {
  challenge: string;
  onSignedIn: (answer: SignedInAnswer) => void;
  /** The challenge ran out (5 minutes) or was used: back to the password step, saying why. */
  onExpired: (errorKey: string) => void;
}) {
  const { t } = useTranslation();
  const [code, setCode] = useState('');
  const [serverError, setServerError] = useState<string | null>(null);
  const codeMutation = useMutation({
    mutationFn: requestSignInCode,
    onSuccess: onSignedIn,
    onError: (error) => {
      const key = errorKeyOf(error);
      if (key === 'errors.security.challengeExpired') onExpired(key);
      else setServerError(key);
    },
  });
  const ready = twoFactorCodeReady(code);
  const submit = () => {
    if (!ready || codeMutation.isPending) return;
    setServerError(null);
    codeMutation.mutate({ challenge, code: code.trim() });
  };
  return (
    <Page
      testId="sign-in-code-screen"
      footer={
        <Button
          block
          color="primary"
          size="large"
          disabled={!ready}
          loading={codeMutation.isPending}
          onClick={submit}
          data-testid="login-code-submit"
        >
          {t('signIn.submit')}
        </Button>
      }
    >
      <BrandHeader />
      <h2 className="sign-in-code-title">{t('signIn.codeTitle')}</h2>
      <p className="sign-in-code-hint">{t('signIn.codeHint')}</p>
      <FieldList>
        <Field label={t('signIn.codeLabel')}>
          <FormInput
            value={code}
            onChange={(v) => {
              setCode(v);
              setServerError(null);
            }}
            testId="login-code"
            autoComplete="one-time-code"
            autoCapitalize="characters"
            autoCorrect="off"
            onEnterPress={submit}
            maxLength={24}
          />
        </Field>
      </FieldList>
      <FormError error={serverError} testId="login-error" />
    </Page>
  );
}
