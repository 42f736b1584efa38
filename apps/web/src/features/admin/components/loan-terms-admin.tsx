import { useState } from 'react';
import { Button, Skeleton, Switch } from 'antd-mobile';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { successKeys } from '@kabuto/contracts/errors';
import { reasonIssue } from '@kabuto/contracts/formats';
import { apr, checkLendingTerms, creditLimit, type LendingTerms } from '@kabuto/domain/loans/lending-terms';
import { money } from '@kabuto/domain/money';
import {
  fetchLendingSettings,
  loanAdminKeys,
  saveLendingSettings,
  type LendingSettings,
} from '../api/loan-admin.api.ts';
import { errorKeyOf } from '../../../shared/api/error-key.ts';
import { showSuccess } from '../../../shared/api/notice.ts';
import { FormError } from '../../../shared/forms/form-error.tsx';
import { jstText, useLocale } from '../../../shared/format/jst.ts';
import { moneyText } from '../../../shared/format/money-text.ts';

interface Draft {
  open: boolean;
  dailyRate: string;
  minTermDays: string;
  maxTermDays: string;
  yenPerPoint: string;
  scoreFloor: string;
}

const draftOf = (s: LendingSettings): Draft => ({
  open: s.open,
  dailyRate: s.dailyRate,
  minTermDays: String(s.minTermDays),
  maxTermDays: String(s.maxTermDays),
  yenPerPoint: s.yenPerPoint,
  scoreFloor: String(s.scoreFloor),
});

const whole = (s: string): number => (/^\d{1,6}$/.test(s) ? Number(s) : Number.NaN);
const termsOf = (d: Draft): LendingTerms => ({
  open: d.open,
  dailyRate: d.dailyRate,
  minTermDays: whole(d.minTermDays),
  maxTermDays: whole(d.maxTermDays),
  yenPerPoint: d.yenPerPoint,
  scoreFloor: whole(d.scoreFloor),
});

/**
 * Issue 26: the lending terms (open or closed, the daily rate, the terms allowed, the published credit-limit rule).
 * Admin changes them with a reason (audited as `loan.settingsSave`), checked by the domain's `checkLendingTerms` as
 * they type; other staff read them. New applications take the terms in force when they are made.
 */
export function LoanTermsAdmin({ maySave }: { maySave: boolean }) {
  const { t } = useTranslation();
  const settings = useQuery({
    queryKey: loanAdminKeys.settings,
    queryFn: ({ signal }) => fetchLendingSettings(signal),
  });
  if (settings.data)
    return <TermsForm key={settings.data.updatedAt ?? 'none'} settings={settings.data} maySave={maySave} />;
  if (settings.isError)
    return (
      <div className="centered-block">
        <Button color="primary" onClick={() => void settings.refetch()}>
          {t('common.retry')}
        </Button>
      </div>
    );
  return <Skeleton.Paragraph lineCount={6} animated className="centered-block" />;
}

const fields = ['dailyRate', 'minTermDays', 'maxTermDays', 'yenPerPoint', 'scoreFloor'] as const;

function TermsForm({ settings, maySave }: { settings: LendingSettings; maySave: boolean }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<Draft>(() => draftOf(settings));
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const terms = termsOf(draft);
  const problem = checkLendingTerms(terms);
  const changed = JSON.stringify(draft) !== JSON.stringify(draftOf(settings));
  const reasonOk = reasonIssue(reason) === null;
  const save = useMutation({
    mutationFn: () => saveLendingSettings({ ...terms, reason: reason.trim() }),
    onSuccess: (next) => {
      showSuccess(successKeys.saved);
      queryClient.setQueryData(loanAdminKeys.settings, next);
    },
    onError: (e) => setError(errorKeyOf(e)),
  });
  const example = problem === null ? creditLimit(90, terms) : null;
  return (
    <section className="decision admin-form" data-testid="admin-loan-terms">
      <h3 className="decision__title">{t('admin.loans.title')}</h3>
      <p className="decision__hint">{t('admin.loans.published')}</p>
      <p className="restriction-list__meta" data-testid="admin-loan-terms-changed">
        {settings.updatedAt
          ? t('admin.loans.changedLine', {
              time: jstText(settings.updatedAt, 'Y-M-D h:m', locale),
              by: settings.updatedBy ?? '—',
            })
          : t('admin.loans.neverChanged')}
      </p>
      <label className="admin-field">
        <span>{t('admin.loans.fields.open')}</span>
        <Switch
          checked={draft.open}
          disabled={!maySave}
          onChange={(open) => setDraft({ ...draft, open })}
          data-testid="admin-loan-open"
        />
      </label>
      <div className="admin-form__grid">
        {fields.map((f) => (
          <label key={f} className="admin-field">
            <span>{t(`admin.loans.fields.${f}`)}</span>
            <input
              className="admin-input num"
              inputMode={f === 'dailyRate' ? 'decimal' : 'numeric'}
              readOnly={!maySave}
              value={draft[f]}
              aria-invalid={
                (problem === 'dailyRate' && f === 'dailyRate') ||
                (problem === 'termRange' && (f === 'minTermDays' || f === 'maxTermDays')) ||
                problem === f
              }
              onChange={(e) => setDraft({ ...draft, [f]: e.target.value.trim() })}
              data-testid={`admin-loan-${f}`}
            />
          </label>
        ))}
      </div>
      <p className="decision__hint" data-testid="admin-loan-summary">
        {problem === null && example !== null
          ? t('admin.loans.summary', {
              apr: money(apr(terms.dailyRate)).times(100).toFixed(2),
              floor: terms.scoreFloor,
              perPoint: moneyText(terms.yenPerPoint),
              example: moneyText(example.toFixed()),
            })
          : t(`admin.loans.problem.${problem ?? 'dailyRate'}`)}
      </p>
      {maySave ? (
        <>
          <label className="decision__label" htmlFor="admin-loan-reason">
            {t('admin.decision.reason')}
          </label>
          <textarea
            id="admin-loan-reason"
            className="admin-textarea"
            rows={2}
            maxLength={500}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            data-testid="admin-loan-reason"
          />
          <FormError error={error} testId="admin-loan-error" />
          <div className="decision__choices">
            <Button
              onClick={() => {
                setDraft(draftOf(settings));
                setReason('');
              }}
              disabled={!changed && reason === ''}
            >
              {t('common.cancel')}
            </Button>
            <Button
              color="primary"
              disabled={!changed || !reasonOk || problem !== null}
              loading={save.isPending}
              onClick={() => save.mutate()}
              data-testid="admin-loan-save"
            >
              {t('admin.loans.save')}
            </Button>
          </div>
        </>
      ) : (
        <p className="decision__hint">{t('admin.loans.readOnly')}</p>
      )}
    </section>
  );
}
