import { useState } from 'react';
import { Button, List, Skeleton, Tag } from 'antd-mobile';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { successKeys } from '@kabuto/contracts/errors';
import {
  disableTwoFactor,
  enableTwoFactor,
  fetchTwoFactorStatus,
  renewRecoveryCodes,
  startTwoFactorSetup,
  twoFactorKey,
  type TwoFactorSetup,
  type TwoFactorStatus,
} from '../api/two-factor.api.ts';
import { FormInput, PasswordInput } from '../../../shared/components/form-input.tsx';
import { LoadFailure } from '../../../shared/components/load-failure.tsx';
import { Page } from '../../../shared/components/page.tsx';
import { SignInRequired } from '../../../shared/components/sign-in-required.tsx';
import { errorKeyOf } from '../../../shared/api/error-key.ts';
import { showSuccess } from '../../../shared/api/notice.ts';
import { FormError } from '../../../shared/forms/form-error.tsx';
import { Field, FieldList } from '../../../shared/forms/field-list.tsx';
import { useSession } from '../../../shared/session/session.store.ts';
import { replace } from '../../../shared/navigation/navigation.ts';
import '../settings.css';

/** Six digits (full-width too) or a recovery code: the server reads the exact shape; this only enables the button. */
const codeReady = (code: string): boolean => code.replace(/[\s-]/g, '').length >= 6;

/**
 * Two-step sign-in (/user/security, issue 27): turn it on with a QR code (or the secret typed by hand) and a first code,
 * keep the ten recovery codes shown once; once on, a code and the login password renew the recovery codes or turn it
 * off.
 */
export function TwoFactorScreen() {
  const { t } = useTranslation();
  const session = useSession();
  const status = useQuery({
    queryKey: twoFactorKey(session.token),
    queryFn: ({ signal }) => fetchTwoFactorStatus(signal),
    enabled: session.token !== '',
  });
  // Recovery codes stay on screen until the member says they have kept them, even after the status refetches.
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);

  if (session.token === '') {
    return (
      <Page testId="two-factor-screen">
        <SignInRequired />
      </Page>
    );
  }
  return (
    <Page testId="two-factor-screen">
      <p className="screen-intro">{t('security.intro')}</p>
      {recoveryCodes ? (
        <RecoveryCodes
          codes={recoveryCodes}
          onDone={() => {
            setRecoveryCodes(null);
            // Staff turned it on to reach the back office: take them there.
            if (session.isAdmin) replace('/admin');
          }}
        />
      ) : status.isPending ? (
        <div className="centered-block" data-testid="two-factor-loading">
          <Skeleton.Paragraph lineCount={5} animated />
        </div>
      ) : status.isError ? (
        <LoadFailure
          titleKey="security.loadFailedTitle"
          messageKey="security.loadFailedBody"
          onRetry={() => void status.refetch()}
          retrying={status.isFetching}
        />
      ) : status.data.enabled ? (
        <TwoFactorOn status={status.data} onRenewed={setRecoveryCodes} />
      ) : (
        <TurnOn onEnabled={setRecoveryCodes} />
      )}
    </Page>
  );
}

function TurnOn({ onEnabled }: { onEnabled: (codes: string[]) => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { token } = useSession();
  const [setup, setSetup] = useState<TwoFactorSetup | null>(null);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);

  const start = useMutation({
    mutationFn: startTwoFactorSetup,
    onSuccess: (answer) => {
      setSetup(answer);
      setError(null);
    },
    onError: (e) => setError(errorKeyOf(e)),
  });
  const confirm = useMutation({
    mutationFn: enableTwoFactor,
    onSuccess: async (answer) => {
      showSuccess(successKeys.changed);
      onEnabled(answer.recoveryCodes);
      await queryClient.invalidateQueries({ queryKey: twoFactorKey(token) });
    },
    onError: (e) => setError(errorKeyOf(e)),
  });
  const submit = () => {
    if (!codeReady(code) || confirm.isPending) return;
    setError(null);
    confirm.mutate({ code: code.trim() });
  };

  if (!setup) {
    return (
      <section className="two-factor" data-testid="two-factor-off">
        <div className="two-factor__state">
          <Tag color="default" data-testid="two-factor-state">
            {t('security.stateOff')}
          </Tag>
        </div>
        <ol className="two-factor__steps">
          <li>{t('security.stepApp')}</li>
          <li>{t('security.stepScan')}</li>
          <li>{t('security.stepCode')}</li>
        </ol>
        <FormError error={error} testId="two-factor-error" />
        <div className="two-factor__actions">
          <Button
            block
            color="primary"
            size="large"
            loading={start.isPending}
            onClick={() => start.mutate()}
            data-testid="two-factor-start"
          >
            {t('security.turnOn')}
          </Button>
        </div>
      </section>
    );
  }
  return (
    <section className="two-factor" data-testid="two-factor-setup">
      <p className="two-factor__lead">{t('security.scanLead')}</p>
      <img
        className="two-factor__qr"
        src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(setup.qrSvg)}`}
        width={200}
        height={200}
        alt={t('security.qrAlt')}
        data-testid="two-factor-qr"
      />
      <p className="two-factor__lead">{t('security.manualLead')}</p>
      <p className="two-factor__secret mono" data-testid="two-factor-secret">
        {setup.secret}
      </p>
      <FieldList>
        <Field label={t('security.codeLabel')}>
          <FormInput
            value={code}
            onChange={(v) => {
              setCode(v);
              setError(null);
            }}
            testId="two-factor-code"
            autoComplete="one-time-code"
            inputMode="numeric"
            maxLength={24}
            onEnterPress={submit}
          />
        </Field>
      </FieldList>
      <FormError error={error} testId="two-factor-error" />
      <div className="two-factor__actions">
        <Button
          block
          color="primary"
          size="large"
          disabled={!codeReady(code)}
          loading={confirm.isPending}
          onClick={submit}
          data-testid="two-factor-confirm"
        >
          {t('security.confirm')}
        </Button>
      </div>
    </section>
  );
}

function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const { t } = useTranslation();
  return (
    <section className="two-factor" data-testid="two-factor-recovery">
      <h2 className="two-factor__title">{t('security.recoveryTitle')}</h2>
      <p className="two-factor__lead">{t('security.recoveryLead')}</p>
      <ol className="two-factor__codes mono" data-testid="two-factor-recovery-codes">
        {codes.map((c) => (
          <li key={c}>{c}</li>
        ))}
      </ol>
      <div className="two-factor__actions">
        <Button block color="primary" size="large" onClick={onDone} data-testid="two-factor-recovery-done">
          {t('security.recoveryDone')}
        </Button>
      </div>
    </section>
  );
}

function TwoFactorOn({ status, onRenewed }: { status: TwoFactorStatus; onRenewed: (codes: string[]) => void }) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const { token } = useSession();
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const refetchStatus = () => queryClient.invalidateQueries({ queryKey: twoFactorKey(token) });
  const off = useMutation({
    mutationFn: disableTwoFactor,
    onSuccess: async () => {
      showSuccess(successKeys.changed);
      await refetchStatus();
    },
    onError: (e) => setError(errorKeyOf(e)),
  });
  const renew = useMutation({
    mutationFn: renewRecoveryCodes,
    onSuccess: async (answer) => {
      showSuccess(successKeys.changed);
      onRenewed(answer.recoveryCodes);
      await refetchStatus();
    },
    onError: (e) => setError(errorKeyOf(e)),
  });
  const busy = off.isPending || renew.isPending;
  const valid = codeReady(code) && password !== '';
  /** One form, two actions: both send the code and the password the member typed. */
  const send = (action: typeof off | typeof renew) => {
    if (!valid || busy) return;
    setError(null);
    action.mutate({ code: code.trim(), loginPassword: password });
  };
  const since = status.enabledAt
    ? new Intl.DateTimeFormat(i18n.language === 'en' ? 'en-GB' : i18n.language === 'tw' ? 'zh-TW' : 'ja-JP', {
        dateStyle: 'medium',
        timeZone: 'Asia/Tokyo',
      }).format(new Date(status.enabledAt))
    : '';
  return (
    <section className="two-factor" data-testid="two-factor-on">
      <List mode="card">
        <List.Item
          extra={
            <Tag color="success" data-testid="two-factor-state">
              {t('security.stateOn')}
            </Tag>
          }
          description={t('security.onSince', { date: since })}
        >
          {t('security.settingsRow')}
        </List.Item>
        <List.Item extra={<span className="num">{status.recoveryCodesLeft}</span>} data-testid="two-factor-codes-left">
          {t('security.recoveryLeft')}
        </List.Item>
      </List>
      <h2 className="two-factor__title">{t('security.manageTitle')}</h2>
      <p className="two-factor__lead">{t('security.manageLead')}</p>
      <FieldList>
        <Field label={t('security.codeLabel')}>
          <FormInput
            value={code}
            onChange={(v) => {
              setCode(v);
              setError(null);
            }}
            testId="two-factor-off-code"
            autoComplete="one-time-code"
            maxLength={24}
          />
        </Field>
        <Field label={t('fields.loginPassword')}>
          <PasswordInput
            value={password}
            onChange={(v) => {
              setPassword(v);
              setError(null);
            }}
            testId="two-factor-off-password"
            autoComplete="current-password"
            maxLength={128}
          />
        </Field>
      </FieldList>
      <FormError error={error} testId="two-factor-error" />
      <div className="two-factor__actions">
        <Button
          block
          color="primary"
          fill="outline"
          size="large"
          disabled={!valid || off.isPending}
          loading={renew.isPending}
          onClick={() => send(renew)}
          data-testid="two-factor-renew-codes"
        >
          {t('security.renewCodes')}
        </Button>
        <Button
          block
          color="danger"
          fill="outline"
          size="large"
          disabled={!valid || renew.isPending}
          loading={off.isPending}
          onClick={() => send(off)}
          data-testid="two-factor-turn-off"
        >
          {t('security.turnOff')}
        </Button>
      </div>
    </section>
  );
}
