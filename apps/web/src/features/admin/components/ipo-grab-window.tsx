import { useState, type FormEvent } from 'react';
import { Button, Tag } from 'antd-mobile';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { successKeys } from '@kabuto/contracts/errors';
import { reasonIssue } from '@kabuto/contracts/formats';
import { grabPhase, type GrabPhase } from '@kabuto/domain/ipo/grab';
import { Decimal } from '@kabuto/domain/money';
import { ipoAdminKeys, setGrabWindow, type GrabWindowRequest, type StaffOffering } from '../api/ipo-admin.api.ts';
import {
  emptyGrabWindowDraft,
  grabRefusalFields,
  grabTimeFields,
  reviewGrabWindow,
  type GrabWindowDraft,
} from '../ipo-grab-window-form.ts';
import { showSuccess } from '../../../shared/api/notice.ts';
import { groupThousands } from '../../../shared/format/price-change.ts';
import { jstText, useLocale } from '../../../shared/format/jst.ts';
import { useNow } from '../../../shared/hooks/use-now.ts';
import { translateKey } from '../../../i18n/i18n.ts';

const grabTag: Record<GrabPhase, { color: 'default' | 'primary' | 'warning'; fill: 'solid' | 'outline' }> = {
  notYetOpen: { color: 'default', fill: 'solid' },
  open: { color: 'primary', fill: 'solid' },
  soldOut: { color: 'warning', fill: 'solid' },
  ended: { color: 'default', fill: 'outline' },
};

/** The offering row's grab cell: the window in JST, its phase now, and shares served and left; a dash before it is set. */
export function GrabWindowCell({ offering: o, now }: { offering: StaffOffering; now: Date }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const grab = o.grab;
  if (!grab) return <>—</>;
  const phase = grabPhase(
    { opensAt: new Date(grab.opensAt), closesAt: new Date(grab.closesAt), shares: grab.shares, taken: grab.taken },
    now,
  );
  const left = Decimal.max(new Decimal(grab.shares).minus(grab.taken), 0).toFixed(0);
  return (
    <div data-testid="admin-ipo-grab" data-phase={phase}>
      <div>{jstText(grab.opensAt, 'Y-M-D h:m', locale)}</div>
      <div className="restriction-list__meta">
        {t('admin.ipo.until', { time: jstText(grab.closesAt, 'Y-M-D h:m', locale) })}
      </div>
      <div data-testid="admin-ipo-grab-line">
        {t('admin.ipo.grab.line', {
          taken: groupThousands(grab.taken),
          shares: groupThousands(grab.shares),
          left: groupThousands(left),
        })}
      </div>
      <Tag color={grabTag[phase].color} fill={grabTag[phase].fill}>
        {t(`admin.ipo.grab.phases.${phase}`)}
      </Tag>
    </div>
  );
}

/**
 * "Re-offer lapsed shares (first come, first served)": the window in JST and a reason for the audit log
 * (`ipo.grabWindow`), checked as typed by the server's own rule; the server, which knows when the wins lapsed and how
 * many shares they held, decides.
 */
export function GrabWindowPanel({ offering, onDone }: { offering: StaffOffering; onDone: () => void }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const queryClient = useQueryClient();
  const now = useNow(true, 1_000);
  const [draft, setDraft] = useState<GrabWindowDraft>(emptyGrabWindowDraft);
  const review = reviewGrabWindow(draft, offering, now);
  const marked = new Set<string>([...review.invalid, ...grabRefusalFields(review.refusal)]);
  const reasonOk = reasonIssue(draft.reason) === null;
  const name = `${offering.code} ${offering.names[locale]}`;

  const save = useMutation({
    mutationFn: (request: GrabWindowRequest) => setGrabWindow(request),
    onSuccess: async () => {
      showSuccess(successKeys.saved);
      onDone();
      await Promise.all(
        [ipoAdminKeys.list, ...ipoAdminKeys.memberIpo].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
      );
    },
    // A refusal (not lapsed yet, nothing lapsed, set meanwhile) shows its translated key; the list may be stale.
    onError: () => void queryClient.invalidateQueries({ queryKey: ipoAdminKeys.list }),
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (review.request && !save.isPending) save.mutate(review.request);
  };

  return (
    <form
      className="decision ipo-admin__form"
      noValidate
      onSubmit={submit}
      data-testid="admin-ipo-grab-panel"
      data-code={offering.code}
    >
      <h3 className="decision__title">{t('admin.ipo.grab.title', { name })}</h3>
      <p className="decision__hint">
        {t('admin.ipo.grab.explain', {
          payBy: jstText(offering.payBy, 'Y-M-D h:m', locale),
          lists: jstText(offering.listsAt, 'Y-M-D h:m', locale),
        })}
      </p>
      <h4 className="decision__label ipo-admin__group">{t('admin.ipo.form.times')}</h4>
      <div className="admin-form__grid">
        {grabTimeFields.map((field) => (
          <label key={field} className="admin-field">
            <span>{t(`admin.ipo.grab.${field}`)}</span>
            <input
              className="admin-input num"
              type="datetime-local"
              step={60}
              value={draft[field]}
              aria-invalid={marked.has(field)}
              onChange={(e) => setDraft({ ...draft, [field]: e.target.value })}
              data-testid={`admin-ipo-grab-${field}`}
            />
          </label>
        ))}
      </div>
      {review.refusal && (
        <p className="ipo-admin__refusal" role="alert" data-testid="admin-ipo-grab-refusal" data-key={review.refusal}>
          {translateKey(review.refusal)}
        </p>
      )}
      {review.invalid.length > 0 && <p className="decision__hint ipo-admin__invalid">{t('admin.ipo.grab.invalid')}</p>}
      <label className="decision__label" htmlFor="admin-ipo-grab-reason">
        {t('admin.decision.reason')}
      </label>
      <textarea
        id="admin-ipo-grab-reason"
        className="admin-textarea"
        rows={2}
        maxLength={500}
        value={draft.reason}
        onChange={(e) => setDraft({ ...draft, reason: e.target.value })}
        placeholder={t('admin.ipo.grab.reasonPlaceholder')}
        data-testid="admin-ipo-grab-reason"
      />
      <p className="decision__hint" data-testid="admin-ipo-grab-status">
        {t(
          review.missing.length > 0
            ? 'admin.ipo.grab.missing'
            : reasonOk
              ? 'admin.ipo.grab.audited'
              : 'admin.decision.reasonRequired',
        )}
      </p>
      <div className="decision__choices">
        <Button type="button" onClick={onDone} disabled={save.isPending} data-testid="admin-ipo-grab-back">
          {t('admin.ipo.cancel.back')}
        </Button>
        <Button
          type="submit"
          color="primary"
          disabled={review.request === null}
          loading={save.isPending}
          data-testid="admin-ipo-grab-confirm"
        >
          {t('admin.ipo.grab.confirm')}
        </Button>
      </div>
    </form>
  );
}
