import { useState } from 'react';
import { Button } from 'antd-mobile';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { successKeys } from '@kabuto/contracts/errors';
import { reasonIssue } from '@kabuto/contracts/formats';
import { saveTradingTerms, tradeAdminKeys, type TradeSettings, type TradingTerms } from '../api/trade-admin.api.ts';
import {
  draftOfTerms,
  leverageChoices,
  MAX_LEVERAGES,
  rateFields,
  termsIssues,
  termsOfDraft,
  toggleLeverage,
  type TermsDraft,
} from '../trade-settings-form.ts';
import { showSuccess } from '../../../shared/api/notice.ts';
import { jstText, useLocale } from '../../../shared/format/jst.ts';

/**
 * The published trading terms: fees, leverage set, maintenance ratio, financing and lending rates, as percentages.
 * Admin changes them with a reason (audited as `trade.termsSave`); other staff read them. New orders only.
 */
export function TradeTerms({ settings, maySave }: { settings: TradeSettings; maySave: boolean }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<TermsDraft>(() => draftOfTerms(settings.terms));
  const [reason, setReason] = useState('');
  const issues = termsIssues(draft);
  const terms = termsOfDraft(draft);
  const changed = terms !== null && JSON.stringify(terms) !== JSON.stringify(draftAsSent(settings));
  const reasonOk = reasonIssue(reason) === null;

  const save = useMutation({
    mutationFn: (next: TradingTerms) => saveTradingTerms({ ...next, reason: reason.trim() }),
    onSuccess: (next) => {
      showSuccess(successKeys.saved);
      // The answer is the settings as saved: the form starts again from them (its key changes with changedAt).
      queryClient.setQueryData(tradeAdminKeys.settings, next);
    },
  });

  return (
    <section className="decision admin-form" data-testid="admin-trade-terms">
      <h3 className="decision__title">{t('admin.trade.terms.title')}</h3>
      <p className="decision__hint trade-admin__published" data-testid="admin-trade-terms-note">
        {t('admin.trade.terms.published')}
      </p>
      <p className="restriction-list__meta" data-testid="admin-trade-terms-changed">
        {settings.changedAt
          ? t('admin.trade.terms.changedLine', {
              time: jstText(settings.changedAt, 'Y-M-D h:m', locale),
              by: settings.changedBy ?? '—',
            })
          : t('admin.trade.terms.neverChanged')}
      </p>
      <div className="admin-form__grid trade-admin__terms">
        {rateFields.map((f) => (
          <label key={f} className="admin-field">
            <span>{t(`admin.trade.terms.fields.${f}`)}</span>
            <input
              className="admin-input num"
              inputMode="decimal"
              readOnly={!maySave}
              value={draft[f]}
              aria-invalid={issues.includes(f)}
              onChange={(e) => setDraft({ ...draft, [f]: e.target.value.trim() })}
              data-testid={`admin-trade-${f}`}
            />
          </label>
        ))}
        <label className="admin-field">
          <span>{t('admin.trade.terms.fields.minimumFee')}</span>
          <input
            className="admin-input num"
            inputMode="numeric"
            readOnly={!maySave}
            value={draft.minimumFee}
            aria-invalid={issues.includes('minimumFee')}
            onChange={(e) => setDraft({ ...draft, minimumFee: e.target.value.trim() })}
            data-testid="admin-trade-minimumFee"
          />
        </label>
      </div>
      <fieldset className="trade-admin__leverages" aria-invalid={issues.includes('leverages')}>
        <legend className="decision__label">{t('admin.trade.terms.fields.leverages')}</legend>
        <div className="trade-admin__chips" data-testid="admin-trade-leverages">
          {leverageChoices.map((l) => {
            const on = draft.leverages.includes(l);
            return (
              <label
                key={l}
                className={`trade-admin__chip${on ? ' trade-admin__chip--on' : ''}`}
                data-testid={`admin-trade-leverage-${l}`}
              >
                <input
                  type="checkbox"
                  checked={on}
                  disabled={!maySave || (!on && draft.leverages.length >= MAX_LEVERAGES)}
                  onChange={() => setDraft({ ...draft, leverages: toggleLeverage(draft.leverages, l) })}
                />
                {t('admin.trade.terms.leverageOption', { leverage: l })}
              </label>
            );
          })}
        </div>
        {maySave && <p className="decision__hint">{t('admin.trade.terms.leveragesHint')}</p>}
      </fieldset>
      {maySave ? (
        <>
          {issues.length > 0 && (
            <p className="decision__hint trade-admin__invalid" data-testid="admin-trade-terms-invalid">
              {t('admin.trade.terms.invalid')}
            </p>
          )}
          <label className="decision__label" htmlFor="admin-trade-terms-reason">
            {t('admin.decision.reason')}
          </label>
          <textarea
            id="admin-trade-terms-reason"
            className="admin-textarea"
            rows={2}
            maxLength={500}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            placeholder={t('admin.trade.terms.reasonPlaceholder')}
            data-testid="admin-trade-terms-reason"
          />
          <p className="decision__hint">
            {t(
              !changed
                ? 'admin.trade.terms.unchanged'
                : reasonOk
                  ? 'admin.trade.terms.audited'
                  : 'admin.decision.reasonRequired',
            )}
          </p>
          <div className="decision__choices">
            <Button
              onClick={() => {
                setDraft(draftOfTerms(settings.terms));
                setReason('');
              }}
              disabled={!changed && reason === ''}
            >
              {t('common.cancel')}
            </Button>
            <Button
              color="primary"
              disabled={!changed || !reasonOk}
              loading={save.isPending}
              onClick={() => {
                if (terms) save.mutate(terms);
              }}
              data-testid="admin-trade-terms-save"
            >
              {t('admin.trade.terms.save')}
            </Button>
          </div>
        </>
      ) : (
        <p className="decision__hint" data-testid="admin-trade-terms-readonly">
          {t('admin.trade.terms.readOnly')}
        </p>
      )}
    </section>
  );
}

/** The saved terms as the form would send them (leverages in order), to tell whether anything changed. */
function draftAsSent(settings: TradeSettings) {
  return termsOfDraft(draftOfTerms(settings.terms));
}
