import { useState } from 'react';
import { Button, Result, Skeleton } from 'antd-mobile';
import { CircleAlert } from 'lucide-react';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { successKeys } from '@kabuto/contracts/errors';
import { idNumberPattern, patternIssue, textIssue } from '@kabuto/contracts/formats';
import { submitRealName } from '../api/funds.api.ts';
import type { RealNameStatus } from '../api/funds.api.ts';
import { useRealNameStatus, useRefreshFunds } from '../api/funds.queries.ts';
import { FormInput } from '../../../shared/components/form-input.tsx';
import { LoadFailure } from '../../../shared/components/load-failure.tsx';
import { Page } from '../../../shared/components/page.tsx';
import { SignInRequired } from '../../../shared/components/sign-in-required.tsx';
import { errorKeyOf } from '../../../shared/api/error-key.ts';
import { showSuccess } from '../../../shared/api/notice.ts';
import { FieldMessage } from '../../../shared/forms/field-message.tsx';
import { FormError } from '../../../shared/forms/form-error.tsx';
import { useTouched } from '../../../shared/forms/use-touched.ts';
import { jstText, useLocale } from '../../../shared/format/jst.ts';
import { push } from '../../../shared/navigation/navigation.ts';
import { useSession } from '../../../shared/session/session.store.ts';
import { ImageUploadField } from '../../../shared/uploads/image-upload-field.tsx';
import { Field, FieldList } from '../../../shared/forms/field-list.tsx';
import { useFormValues } from '../../../shared/forms/use-form-values.ts';
import '../../../shared/components/detail-list.css';
import '../funds.css';

/** Real-name verification (/user/bandCard): unverified → under review → verified; a rejection shows its reason and allows a new submission. */
export function RealNameScreen() {
  const session = useSession();
  const status = useRealNameStatus();

  if (session.token !== '' && status.isSuccess) {
    if (status.data.status === 'verified' || status.data.status === 'pending')
      return <RealNameOutcome status={status.data} />;
    return <RealNameForm status={status.data} />;
  }
  return (
    <Page testId="real-name-screen">
      {session.token === '' ? (
        <SignInRequired />
      ) : status.isError ? (
        <LoadFailure
          titleKey="funds.loadFailedTitle"
          messageKey="funds.loadFailedBody"
          onRetry={() => void status.refetch()}
          testId="rn-failed"
        />
      ) : (
        <Skeleton.Paragraph lineCount={8} animated className="centered-block" />
      )}
    </Page>
  );
}

function RealNameOutcome({ status }: { status: RealNameStatus }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const verified = status.status === 'verified';
  return (
    <Page
      testId="real-name-screen"
      footer={
        verified ? (
          <Button block size="large" color="primary" onClick={() => push('/user/WithCard')} data-testid="rn-add-card">
            {t('realNameForm.addCard')}
          </Button>
        ) : (
          <Button block size="large" onClick={() => push('/user/usercenter')} data-testid="rn-home">
            {t('common.toMemberCentre')}
          </Button>
        )
      }
    >
      <div className="outcome" data-testid="rn-status" data-status={status.status}>
        <Result
          status={verified ? 'success' : 'waiting'}
          title={t(`realName.${status.status}`)}
          description={t(verified ? 'realNameForm.verifiedBody' : 'realNameForm.pendingBody')}
        />
        <dl className="detail-list">
          {status.realName && (
            <div>
              <dt>{t('realNameForm.name')}</dt>
              <dd data-testid="rn-verified-name">{status.realName}</dd>
            </div>
          )}
          {status.idNumberMasked && (
            <div>
              <dt>{t('realNameForm.idNumber')}</dt>
              <dd className="mono">{status.idNumberMasked}</dd>
            </div>
          )}
          {status.submittedAt && (
            <div>
              <dt>{t('realNameForm.submittedAt')}</dt>
              <dd className="num">{t('common.jst', { time: jstText(status.submittedAt, 'Y-M-D h:m', locale) })}</dd>
            </div>
          )}
        </dl>
      </div>
    </Page>
  );
}

interface RealNameValues {
  realName: string;
  idNumber: string;
}

function RealNameForm({ status }: { status: RealNameStatus }) {
  const { t } = useTranslation();
  const refresh = useRefreshFunds();
  const [serverError, setServerError] = useState<string | null>(null);
  const { values, field } = useFormValues<RealNameValues>({ realName: '', idNumber: '' }, () => setServerError(null));
  const [front, setFront] = useState<string | null>(null);
  const [back, setBack] = useState<string | null>(null);
  const { touched, touch } = useTouched<keyof RealNameValues>();

  const errors = {
    realName: textIssue(values.realName, 64) === null ? null : 'realNameForm.nameRequired',
    idNumber: patternIssue(values.idNumber, idNumberPattern) === null ? null : 'realNameForm.idFormat',
  };
  const valid = errors.realName === null && errors.idNumber === null && front !== null && back !== null;

  const submit = useMutation({
    mutationFn: () =>
      submitRealName({
        realName: values.realName.trim(),
        idNumber: values.idNumber.trim(),
        frontImageId: front ?? '',
        backImageId: back ?? '',
      }),
    onSuccess: async () => {
      showSuccess(successKeys.submitted);
      await refresh();
    },
    onError: (error) => setServerError(errorKeyOf(error)),
  });

  const send = () => {
    if (!valid || submit.isPending) return;
    setServerError(null);
    submit.mutate();
  };

  return (
    <Page
      testId="real-name-screen"
      footer={
        <Button
          block
          size="large"
          color="primary"
          disabled={!valid}
          loading={submit.isPending}
          onClick={send}
          data-testid="rn-submit"
        >
          {t('realNameForm.submit')}
        </Button>
      }
    >
      <div className="status-strip" data-testid="rn-status" data-status={status.status}>
        <span>{t('realNameForm.statusLabel')}</span>
        <strong>{t(`realName.${status.status}`)}</strong>
      </div>
      {status.status === 'rejected' && (
        <div className="reject-note" role="alert" data-testid="rn-reason">
          <CircleAlert aria-hidden="true" />
          <span>{t('realNameForm.rejectedReason', { reason: status.reason ?? t('realNameForm.noReason') })}</span>
        </div>
      )}
      <p className="screen-intro">{t('realNameForm.intro')}</p>
      <FieldList>
        <Field
          label={t('realNameForm.nameLabel')}
          description={
            <FieldMessage
              error={errors.realName}
              touched={touched.realName === true}
              hint={t('realNameForm.nameHint')}
            />
          }
        >
          <FormInput
            {...field('realName')}
            testId="rn-name"
            placeholder={t('realNameForm.namePlaceholder')}
            maxLength={64}
            autoComplete="name"
            onBlur={() => touch('realName')}
          />
        </Field>
        <Field
          label={t('realNameForm.idNumber')}
          description={
            <FieldMessage error={errors.idNumber} touched={touched.idNumber === true} hint={t('realNameForm.idHint')} />
          }
        >
          <FormInput
            {...field('idNumber')}
            testId="rn-id"
            placeholder={t('realNameForm.idPlaceholder')}
            maxLength={32}
            autoCapitalize="characters"
            autoComplete="off"
            onBlur={() => touch('idNumber')}
          />
        </Field>
      </FieldList>
      <section className="card upload-card">
        <ImageUploadField
          purpose="id_front"
          label={t('realNameForm.front')}
          hint={t('realNameForm.frontHint')}
          testId="rn-front"
          onChange={setFront}
        />
        <ImageUploadField
          purpose="id_back"
          label={t('realNameForm.back')}
          hint={t('realNameForm.backHint')}
          testId="rn-back"
          onChange={setBack}
        />
        <p className="upload-card__privacy">{t('realNameForm.privacy')}</p>
      </section>
      <FormError error={serverError} testId="rn-error" />
    </Page>
  );
}
