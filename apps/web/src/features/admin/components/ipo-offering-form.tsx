import { useState, type FormEvent, type InputHTMLAttributes } from 'react';
import { Button } from 'antd-mobile';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { successKeys } from '@kabuto/contracts/errors';
import { reasonIssue } from '@kabuto/contracts/formats';
import { createOffering, ipoAdminKeys, type OfferingCreateRequest } from '../api/ipo-admin.api.ts';
import {
  emptyDraft,
  nameFields,
  refusalFields,
  reviewDraft,
  timeFields,
  type DraftField,
  type OfferingDraft,
  type OfferingRefusal,
} from '../ipo-offering-form.ts';
import { showSuccess } from '../../../shared/api/notice.ts';

/** Staff words for each refusal (the member-facing words of the same keys live in the main catalogue). */
const refusalText: Record<OfferingRefusal, string> = {
  'errors.ipo.timesOutOfOrder': 'admin.ipo.refusals.timesOutOfOrder',
  'errors.ipo.priceInvalid': 'admin.ipo.refusals.priceInvalid',
  'errors.ipo.sharesOnOfferInvalid': 'admin.ipo.refusals.sharesOnOfferInvalid',
  'errors.ipo.lockUpBeforeListing': 'admin.ipo.refusals.lockUpBeforeListing',
};

/**
 * A new offering: code, names, offering price (公開価格), shares on offer, the five times in JST, the lock-up, and a
 * reason for the audit log (`ipo.create`). The terms are checked as they are typed, by the server's own rule, and
 * nothing is sent while they are refused.
 */
export function IpoOfferingForm() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<OfferingDraft>(emptyDraft);
  const review = reviewDraft(draft);
  const marked = new Set<DraftField>([...review.invalid, ...(review.refusal ? refusalFields[review.refusal] : [])]);
  const reasonOk = reasonIssue(draft.reason) === null;

  const create = useMutation({
    mutationFn: (request: OfferingCreateRequest) => createOffering(request),
    onSuccess: async () => {
      showSuccess(successKeys.offeringSaved);
      setDraft(emptyDraft);
      await Promise.all(
        [ipoAdminKeys.list, ...ipoAdminKeys.memberIpo].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
      );
    },
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (review.request && !create.isPending) create.mutate(review.request);
  };

  const input = (field: DraftField, props: InputHTMLAttributes<HTMLInputElement> = {}) => (
    <label key={field} className="admin-field">
      <span>{t(`admin.ipo.fields.${field}`)}</span>
      <input
        className="admin-input num"
        value={draft[field]}
        aria-invalid={marked.has(field)}
        onChange={(e) => setDraft({ ...draft, [field]: e.target.value })}
        data-testid={`admin-ipo-${field}`}
        {...props}
      />
    </label>
  );

  return (
    <form className="decision ipo-admin__form" noValidate onSubmit={submit} data-testid="admin-ipo-form">
      <h3 className="decision__title">{t('admin.ipo.form.title')}</h3>
      <p className="decision__hint">{t('admin.ipo.form.hint')}</p>
      <div className="admin-form__grid">
        {input('code', { maxLength: 4, autoCapitalize: 'characters', autoComplete: 'off' })}
        {nameFields.map((f) => input(f, { maxLength: 80, className: 'admin-input', autoComplete: 'off' }))}
        {input('price', { inputMode: 'decimal', autoComplete: 'off' })}
        {input('sharesOnOffer', { inputMode: 'numeric', autoComplete: 'off' })}
      </div>
      <h4 className="decision__label ipo-admin__group">{t('admin.ipo.form.times')}</h4>
      <p className="decision__hint">{t('admin.ipo.form.order')}</p>
      <div className="admin-form__grid">{timeFields.map((f) => input(f, { type: 'datetime-local', step: 60 }))}</div>
      <fieldset className="ipo-admin__lockup">
        <legend className="decision__label">{t('admin.ipo.fields.lockUp')}</legend>
        <div className="segmented" role="radiogroup" aria-label={t('admin.ipo.fields.lockUp')}>
          {(['none', 'until'] as const).map((choice) => (
            <button
              key={choice}
              type="button"
              role="radio"
              aria-checked={draft.lockUp === choice}
              className={`segmented__option${draft.lockUp === choice ? ' segmented__option--on' : ''}`}
              onClick={() => setDraft({ ...draft, lockUp: choice })}
              data-testid={`admin-ipo-lockUp-${choice}`}
            >
              {t(`admin.ipo.form.lockUp.${choice}`)}
            </button>
          ))}
        </div>
        <label className="admin-field ipo-admin__lockup-until">
          <span>{t('admin.ipo.fields.lockUpUntil')}</span>
          <input
            className="admin-input num"
            type="datetime-local"
            step={60}
            disabled={draft.lockUp === 'none'}
            value={draft.lockUpUntil}
            aria-invalid={marked.has('lockUpUntil')}
            onChange={(e) => setDraft({ ...draft, lockUpUntil: e.target.value })}
            data-testid="admin-ipo-lockUpUntil"
          />
        </label>
        <p className="decision__hint">{t('admin.ipo.form.lockUpHint')}</p>
      </fieldset>
      {review.refusal && (
        <p className="ipo-admin__refusal" role="alert" data-testid="admin-ipo-refusal" data-key={review.refusal}>
          {t(refusalText[review.refusal])}
        </p>
      )}
      {review.invalid.length > 0 && (
        <p className="decision__hint ipo-admin__invalid" data-testid="admin-ipo-invalid">
          {t('admin.ipo.form.invalid')}
        </p>
      )}
      <label className="decision__label" htmlFor="admin-ipo-reason">
        {t('admin.decision.reason')}
      </label>
      <textarea
        id="admin-ipo-reason"
        className="admin-textarea"
        rows={2}
        maxLength={500}
        value={draft.reason}
        onChange={(e) => setDraft({ ...draft, reason: e.target.value })}
        placeholder={t('admin.ipo.form.reasonPlaceholder')}
        data-testid="admin-ipo-reason"
      />
      <p className="decision__hint" data-testid="admin-ipo-form-status">
        {t(
          review.missing.length > 0
            ? 'admin.ipo.form.missing'
            : reasonOk
              ? 'admin.ipo.form.audited'
              : 'admin.decision.reasonRequired',
        )}
      </p>
      <div className="decision__choices">
        <Button type="button" onClick={() => setDraft(emptyDraft)} disabled={create.isPending}>
          {t('admin.ipo.form.clear')}
        </Button>
        <Button
          type="submit"
          color="primary"
          disabled={review.request === null}
          loading={create.isPending}
          data-testid="admin-ipo-submit"
        >
          {t('admin.ipo.form.submit')}
        </Button>
      </div>
    </form>
  );
}
