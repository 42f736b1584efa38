// The copy-trading section's own styles load with it, inside the back office's chunk.
import './copy-admin.css';
import { useState, type ReactNode } from 'react';
import { Button, Skeleton } from 'antd-mobile';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { successKeys } from '@kabuto/contracts/errors';
import { reasonIssue } from '@kabuto/contracts/formats';
import { checkStrategyTerms } from '@kabuto/domain/copy/copy-trading';
import type { RequestOf, ResponseOf } from '@kabuto/contracts/call';
import type {
  adminCopyCloseCall,
  adminCopyLeadCall,
  adminCopyListCall,
  adminCopyPublishCall,
} from '@kabuto/contracts/copy/copy-trading';
import { api } from '../../../shared/api/api.ts';
import { callRef } from '../../../shared/api/call-ref.ts';
import { showSuccess } from '../../../shared/api/notice.ts';
import { errorKeyOf } from '../../../shared/api/error-key.ts';
import { StatusBlock } from '../../../shared/components/status-block.tsx';
import { FormError } from '../../../shared/forms/form-error.tsx';
import { moneyText } from '../../../shared/format/money-text.ts';
import { jstText, useLocale } from '../../../shared/format/jst.ts';
import { translateKey } from '../../../i18n/i18n.ts';

// Paths only at run time (types through `import type`), so the web app never downloads zod.
const listRef = callRef<typeof adminCopyListCall>('admin/copy/list');
const leadRef = callRef<typeof adminCopyLeadCall>('admin/copy/lead');
const publishRef = callRef<typeof adminCopyPublishCall>('admin/copy/publish');
const closeRef = callRef<typeof adminCopyCloseCall>('admin/copy/close');
type Listing = ResponseOf<typeof adminCopyListCall>;
const keys = { list: [listRef.path] as const };

/** A fee typed as a percent ("10", "12.5") as the fraction the call takes ("0.1", "0.125"); null when unreadable. */
export function feeFraction(percent: string): string | null {
  const t = percent.trim();
  if (!/^\d{1,2}(\.\d{1,2})?$/.test(t)) return null;
  const [whole = '0', part = ''] = t.split('.');
  const digits = `${whole.padStart(2, '0')}${part}`;
  const fraction = `0.${digits}`.replace(/0+$/, '').replace(/\.$/, '');
  return fraction === '0' || fraction === '' ? '0' : fraction;
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <label className="copy-admin__field">
      <span>{label}</span>
      {children}
    </label>
  );
}

/**
 * Back office → Copy trading (issue 26): lead traders and every strategy with its fund size and followers; admin marks a
 * member as a lead, publishes a strategy led by one (the domain's `checkStrategyTerms` before sending) and closes one,
 * each with a reason kept in the audit log. Other roles read.
 */
export function CopyAdmin({ maySave }: { maySave: boolean }) {
  const { t } = useTranslation();
  const lang = useLocale();
  const client = useQueryClient();
  const list = useQuery({ queryKey: keys.list, queryFn: ({ signal }) => api.call(listRef, {}, { signal }) });
  const [error, setError] = useState<string | null>(null);
  const [lead, setLead] = useState({ account: '', displayName: '', reason: '' });
  const [terms, setTerms] = useState({
    leadAccount: '',
    jp: '',
    en: '',
    tw: '',
    minInvestment: '',
    capitalBase: '',
    termDays: '30',
    deadlineDays: '7',
    feePercent: '10',
    reason: '',
  });
  const [closing, setClosing] = useState<{ id: string; reason: string } | null>(null);
  const done = async () => {
    setError(null);
    showSuccess(successKeys.saved);
    await client.invalidateQueries({
      predicate: (q) => typeof q.queryKey[0] === 'string' && q.queryKey[0].startsWith('admin/copy/'),
    });
  };
  const markLead = useMutation({
    mutationFn: (body: RequestOf<typeof adminCopyLeadCall>) => api.call(leadRef, body),
    onSuccess: async () => {
      setLead({ account: '', displayName: '', reason: '' });
      await done();
    },
    onError: (e) => setError(errorKeyOf(e)),
  });
  const publish = useMutation({
    mutationFn: (body: RequestOf<typeof adminCopyPublishCall>) => api.call(publishRef, body),
    onSuccess: done,
    onError: (e) => setError(errorKeyOf(e)),
  });
  const close = useMutation({
    mutationFn: (body: RequestOf<typeof adminCopyCloseCall>) => api.call(closeRef, body),
    onSuccess: async () => {
      setClosing(null);
      await done();
    },
    onError: (e) => setError(errorKeyOf(e)),
  });

  const fee = feeFraction(terms.feePercent);
  const deadline = new Date(Date.now() + Number(terms.deadlineDays || '0') * 86_400_000);
  const termsProblem =
    fee === null ||
    !/^\d{1,3}$/.test(terms.termDays) ||
    !/^\d{1,3}$/.test(terms.deadlineDays) ||
    checkStrategyTerms(
      {
        minInvestment: terms.minInvestment,
        capitalBase: terms.capitalBase,
        termDays: Number(terms.termDays),
        followDeadline: deadline,
        performanceFee: fee,
      },
      new Date(),
    ) !== null;
  const publishBlocked =
    termsProblem ||
    terms.leadAccount.trim() === '' ||
    [terms.jp, terms.en, terms.tw].some((n) => n.trim() === '') ||
    reasonIssue(terms.reason) !== null;
  const input = (value: string, onChange: (v: string) => void, testId: string, inputMode?: 'numeric' | 'decimal') => (
    <input
      className="copy-admin__input"
      value={value}
      onChange={(e) => onChange(e.target.value)}
      data-testid={testId}
      {...(inputMode ? { inputMode } : {})}
    />
  );

  let body: ReactNode;
  if (list.isPending) body = <Skeleton.Paragraph lineCount={6} animated className="centered-block" />;
  else if (list.isError)
    body = (
      <div className="centered-block">
        <StatusBlock
          kind="disconnected"
          title={t('admin.audit.failedTitle')}
          description={t('admin.audit.failedBody')}
        />
        <Button onClick={() => void list.refetch()}>{t('common.retry')}</Button>
      </div>
    );
  else
    body = <Tables data={list.data} lang={lang} maySave={maySave} onClose={(id) => setClosing({ id, reason: '' })} />;

  return (
    <div className="review copy-admin" data-testid="admin-copy">
      <div className="section-bar">
        <h2 className="decision__title">{t('copyAdmin.title')}</h2>
      </div>
      <p className="decision__hint">{t(maySave ? 'copyAdmin.note' : 'copyAdmin.readOnly')}</p>
      <FormError error={error} testId="admin-copy-error" />
      {body}
      {closing && (
        <div className="copy-admin__form" data-testid="admin-copy-close-form">
          <h3>{t('copyAdmin.closeTitle')}</h3>
          <Field label={t('copyAdmin.reason')}>
            {input(closing.reason, (v) => setClosing({ ...closing, reason: v }), 'admin-copy-close-reason')}
          </Field>
          <Button
            color="danger"
            disabled={reasonIssue(closing.reason) !== null}
            loading={close.isPending}
            onClick={() => close.mutate({ id: closing.id, reason: closing.reason.trim() })}
            data-testid="admin-copy-close-confirm"
          >
            {t('copyAdmin.close')}
          </Button>
          <Button fill="none" onClick={() => setClosing(null)}>
            {t('copyAdmin.cancel')}
          </Button>
        </div>
      )}
      {maySave && (
        <>
          <div className="copy-admin__form" data-testid="admin-copy-lead-form">
            <h3>{t('copyAdmin.leadTitle')}</h3>
            <Field label={t('copyAdmin.account')}>
              {input(lead.account, (v) => setLead({ ...lead, account: v }), 'admin-copy-lead-account', 'numeric')}
            </Field>
            <Field label={t('copyAdmin.displayName')}>
              {input(lead.displayName, (v) => setLead({ ...lead, displayName: v }), 'admin-copy-lead-name')}
            </Field>
            <Field label={t('copyAdmin.reason')}>
              {input(lead.reason, (v) => setLead({ ...lead, reason: v }), 'admin-copy-lead-reason')}
            </Field>
            <Button
              color="primary"
              disabled={
                lead.account.trim() === '' || lead.displayName.trim() === '' || reasonIssue(lead.reason) !== null
              }
              loading={markLead.isPending}
              onClick={() =>
                markLead.mutate({
                  account: lead.account.trim(),
                  displayName: lead.displayName.trim(),
                  lead: true,
                  reason: lead.reason.trim(),
                })
              }
              data-testid="admin-copy-lead-save"
            >
              {t('copyAdmin.markLead')}
            </Button>
          </div>
          <div className="copy-admin__form" data-testid="admin-copy-publish-form">
            <h3>{t('copyAdmin.publishTitle')}</h3>
            <Field label={t('copyAdmin.leadAccount')}>
              {input(
                terms.leadAccount,
                (v) => setTerms({ ...terms, leadAccount: v }),
                'admin-copy-publish-lead',
                'numeric',
              )}
            </Field>
            <Field label={t('copyAdmin.nameJp')}>
              {input(terms.jp, (v) => setTerms({ ...terms, jp: v }), 'admin-copy-name-jp')}
            </Field>
            <Field label={t('copyAdmin.nameEn')}>
              {input(terms.en, (v) => setTerms({ ...terms, en: v }), 'admin-copy-name-en')}
            </Field>
            <Field label={t('copyAdmin.nameTw')}>
              {input(terms.tw, (v) => setTerms({ ...terms, tw: v }), 'admin-copy-name-tw')}
            </Field>
            <Field label={t('copyAdmin.minInvestment')}>
              {input(terms.minInvestment, (v) => setTerms({ ...terms, minInvestment: v }), 'admin-copy-min', 'numeric')}
            </Field>
            <Field label={t('copyAdmin.capitalBase')}>
              {input(terms.capitalBase, (v) => setTerms({ ...terms, capitalBase: v }), 'admin-copy-base', 'numeric')}
            </Field>
            <Field label={t('copyAdmin.termDays')}>
              {input(terms.termDays, (v) => setTerms({ ...terms, termDays: v }), 'admin-copy-term', 'numeric')}
            </Field>
            <Field label={t('copyAdmin.deadlineDays')}>
              {input(
                terms.deadlineDays,
                (v) => setTerms({ ...terms, deadlineDays: v }),
                'admin-copy-deadline',
                'numeric',
              )}
            </Field>
            <Field label={t('copyAdmin.feePercent')}>
              {input(terms.feePercent, (v) => setTerms({ ...terms, feePercent: v }), 'admin-copy-fee', 'decimal')}
            </Field>
            <Field label={t('copyAdmin.reason')}>
              {input(terms.reason, (v) => setTerms({ ...terms, reason: v }), 'admin-copy-publish-reason')}
            </Field>
            {termsProblem && terms.minInvestment !== '' && terms.capitalBase !== '' && (
              <p className="copy-admin__problem" role="alert">
                {translateKey('errors.copy.termsInvalid')}
              </p>
            )}
            <Button
              color="primary"
              disabled={publishBlocked}
              loading={publish.isPending}
              onClick={() =>
                publish.mutate({
                  leadAccount: terms.leadAccount.trim(),
                  names: { jp: terms.jp.trim(), en: terms.en.trim(), tw: terms.tw.trim() },
                  minInvestment: terms.minInvestment.trim(),
                  capitalBase: terms.capitalBase.trim(),
                  termDays: Number(terms.termDays),
                  followDeadline: deadline.toISOString(),
                  performanceFee: fee ?? '0',
                  reason: terms.reason.trim(),
                })
              }
              data-testid="admin-copy-publish"
            >
              {t('copyAdmin.publish')}
            </Button>
          </div>
        </>
      )}
    </div>
  );
}

function Tables({
  data,
  lang,
  maySave,
  onClose,
}: {
  data: Listing;
  lang: 'jp' | 'en' | 'tw';
  maySave: boolean;
  onClose: (id: string) => void;
}) {
  const { t } = useTranslation();
  const when = (iso: string | null) => (iso ? jstText(iso, 'Y-M-D h:m', lang) : '—');
  return (
    <>
      <h3 className="copy-admin__subtitle">{t('copyAdmin.leads')}</h3>
      {data.leads.length === 0 ? (
        <p className="decision__hint">{t('copyAdmin.noLeads')}</p>
      ) : (
        <div className="audit__scroll" tabIndex={0}>
          <table className="admin-table" data-testid="admin-copy-leads">
            <thead>
              <tr>
                <th scope="col">{t('copyAdmin.account')}</th>
                <th scope="col">{t('copyAdmin.displayName')}</th>
                <th scope="col">{t('copyAdmin.active')}</th>
                <th scope="col">{t('copyAdmin.setAt')}</th>
              </tr>
            </thead>
            <tbody>
              {data.leads.map((l) => (
                <tr key={l.memberId} data-testid="admin-copy-lead-row">
                  <td className="num">{l.account}</td>
                  <td>{l.displayName}</td>
                  <td>{t(l.active ? 'copyAdmin.yes' : 'copyAdmin.no')}</td>
                  <td className="num">{when(l.setAt)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <h3 className="copy-admin__subtitle">{t('copyAdmin.strategies')}</h3>
      {data.strategies.length === 0 ? (
        <p className="decision__hint">{t('copyAdmin.noStrategies')}</p>
      ) : (
        <div className="audit__scroll" tabIndex={0}>
          <table className="admin-table" data-testid="admin-copy-strategies">
            <thead>
              <tr>
                <th scope="col">{t('copyAdmin.name')}</th>
                <th scope="col">{t('copyAdmin.leadAccount')}</th>
                <th scope="col" className="admin-table__amount">
                  {t('copyAdmin.fundSize')}
                </th>
                <th scope="col" className="admin-table__amount">
                  {t('copyAdmin.followers')}
                </th>
                <th scope="col" className="admin-table__amount">
                  {t('copyAdmin.minInvestment')}
                </th>
                <th scope="col" className="admin-table__amount">
                  {t('copyAdmin.capitalBase')}
                </th>
                <th scope="col">{t('copyAdmin.termDays')}</th>
                <th scope="col">{t('copyAdmin.deadline')}</th>
                <th scope="col">{t('copyAdmin.status')}</th>
                <th scope="col" />
              </tr>
            </thead>
            <tbody>
              {data.strategies.map((s) => (
                <tr key={s.id} data-testid="admin-copy-strategy-row">
                  <td>{s.names[lang]}</td>
                  <td className="num">{s.leadAccount}</td>
                  <td className="admin-table__amount num">{moneyText(s.fundSize)}</td>
                  <td className="admin-table__amount num">{s.followers}</td>
                  <td className="admin-table__amount num">{moneyText(s.minInvestment)}</td>
                  <td className="admin-table__amount num">{moneyText(s.capitalBase)}</td>
                  <td className="num">{s.termDays}</td>
                  <td className="num">{when(s.followDeadline)}</td>
                  <td>{t(`copyAdmin.statuses.${s.status}`)}</td>
                  <td>
                    {maySave && s.status === 'published' && (
                      <Button size="mini" color="danger" fill="outline" onClick={() => onClose(s.id)}>
                        {t('copyAdmin.close')}
                      </Button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}
