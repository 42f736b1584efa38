import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Button, Skeleton, Tag } from 'antd-mobile';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { successKeys } from '@kabuto/contracts/errors';
import { reasonIssue, staffRoles } from '@kabuto/contracts/formats';
import type { StaffRole } from '@kabuto/contracts/fields';
import type { StaffChange } from '@kabuto/domain/staff/staff-change';
import {
  changeStaffAccount,
  createStaffAccount,
  fetchStaffAccounts,
  staffAdminKeys,
  type StaffAccount,
  type StaffAction,
} from '../api/staff-admin.api.ts';
import {
  actionsFor,
  draftIssue,
  emptyStaffDraft,
  passwordIssue,
  refusalBeforeSending,
  type StaffDraft,
} from '../staff-actions.ts';
import { showSuccess } from '../../../shared/api/notice.ts';
import { StatusBlock } from '../../../shared/components/status-block.tsx';
import { jstText, useLocale } from '../../../shared/format/jst.ts';
import { useUserInfo, userInfoRef } from '../../../shared/session/use-user-info.ts';

/**
 * Back office → Staff (issue 25): every staff account with its role and status. Admins create accounts, change roles,
 * disable and re-enable them and reset passwords, each with a reason kept in the audit log; auditors read the list.
 */
export function StaffAdmin({ mayManage }: { mayManage: boolean }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const self = useUserInfo().data?.account ?? null;
  const [chosen, setChosen] = useState<{ account: string; action: StaffAction } | null>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const staff = useQuery({
    queryKey: staffAdminKeys.list,
    queryFn: ({ signal }) => fetchStaffAccounts(signal),
    staleTime: 0,
  });
  const list = staff.data ?? [];
  const target = chosen ? list.find((s) => s.account === chosen.account) : undefined;

  useEffect(() => {
    if (chosen) panelRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  }, [chosen]);

  return (
    <div className="review" data-testid="admin-staff">
      <div className="section-bar">
        <h2 className="decision__title">{t('admin.staff.title')}</h2>
        <Button
          size="small"
          fill="none"
          onClick={() => void staff.refetch()}
          loading={staff.isFetching && !staff.isPending}
          data-testid="admin-staff-refresh"
        >
          {t('admin.queue.refresh')}
        </Button>
      </div>
      <p className="decision__hint market-admin__note" data-testid="admin-staff-note">
        {t(mayManage ? 'admin.staff.note' : 'admin.staff.readOnly')}
      </p>
      <div ref={panelRef}>
        {mayManage && chosen && target && (
          <ChangePanel
            key={`${chosen.account}-${chosen.action}`}
            list={list}
            target={target}
            action={chosen.action}
            self={self}
            onDone={() => setChosen(null)}
          />
        )}
      </div>
      {staff.isPending ? (
        <Skeleton.Paragraph lineCount={4} animated className="centered-block" />
      ) : staff.isError ? (
        <div className="centered-block">
          <StatusBlock
            kind="disconnected"
            title={t('admin.audit.failedTitle')}
            description={t('admin.audit.failedBody')}
          />
          <Button onClick={() => void staff.refetch()}>{t('common.retry')}</Button>
        </div>
      ) : (
        <div className="audit__scroll" tabIndex={0}>
          <table className="admin-table market-admin__table" data-testid="admin-staff-table">
            <thead>
              <tr>
                <th scope="col">{t('admin.staff.cols.account')}</th>
                <th scope="col">{t('admin.staff.cols.role')}</th>
                <th scope="col">{t('admin.staff.cols.status')}</th>
                <th scope="col">{t('admin.staff.cols.created')}</th>
                {mayManage && <th scope="col">{t('admin.staff.cols.actions')}</th>}
              </tr>
            </thead>
            <tbody>
              {list.map((s) => (
                <tr
                  key={s.account}
                  data-testid="admin-staff-row"
                  data-account={s.account}
                  data-role={s.role}
                  data-status={s.status}
                  className={chosen?.account === s.account ? 'admin-table__row--on' : undefined}
                >
                  <td className="num">
                    <strong>{s.account}</strong>
                    {s.account === self && <div className="restriction-list__meta">{t('admin.staff.you')}</div>}
                  </td>
                  <td>
                    <Tag color="primary" fill="outline">
                      {t(`roles.${s.role}`)}
                    </Tag>
                  </td>
                  <td>
                    <Tag color={s.status === 'active' ? 'success' : 'default'} data-testid="admin-staff-status">
                      {t(`admin.staff.statuses.${s.status}`)}
                    </Tag>
                    {s.disabledAt && (
                      <div className="restriction-list__meta">
                        {t('admin.staff.since', { time: jstText(s.disabledAt, 'Y-M-D h:m', locale) })}
                      </div>
                    )}
                  </td>
                  <td className="num nowrap">{jstText(s.createdAt, 'Y-M-D', locale)}</td>
                  {mayManage && (
                    <td>
                      <div className="market-admin__actions">
                        {actionsFor(s, self).map((action) => (
                          <Button
                            key={action}
                            size="mini"
                            color={action === 'disable' ? 'danger' : 'primary'}
                            fill={chosen?.account === s.account && chosen.action === action ? 'solid' : 'outline'}
                            onClick={() => setChosen({ account: s.account, action })}
                            data-testid={`admin-staff-${action}`}
                          >
                            {t(`admin.staff.actionNames.${action}`)}
                          </Button>
                        ))}
                      </div>
                    </td>
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {mayManage && <CreateForm />}
    </div>
  );
}

/** The change as the domain's rule knows it (a new password changes nothing the rule looks at). */
const ruleChange = (action: StaffAction, role: StaffRole): StaffChange | null => {
  if (action === 'role') return { kind: 'setRole', role };
  if (action === 'disable') return { kind: 'disable' };
  return action === 'enable' ? { kind: 'enable' } : null;
};

/** One change to one account: its own fields (a role, a new password), the reason, then the call. */
function ChangePanel({
  list,
  target,
  action,
  self,
  onDone,
}: {
  list: readonly StaffAccount[];
  target: StaffAccount;
  action: StaffAction;
  self: string | null;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [role, setRole] = useState<StaffRole>(target.role);
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [reason, setReason] = useState('');
  const change = ruleChange(action, role);
  const refusal = change ? refusalBeforeSending(list, target, change) : null;
  const passwordProblem = action === 'reset' && password !== '' ? passwordIssue(password, confirm) : null;
  const ready =
    refusal === null &&
    reasonIssue(reason) === null &&
    (action !== 'reset' || passwordIssue(password, confirm) === null);

  const apply = useMutation({
    mutationFn: () => {
      const base = { account: target.account, reason: reason.trim() };
      if (action === 'role') return changeStaffAccount({ action, ...base, role });
      if (action === 'reset') return changeStaffAccount({ action, ...base, password });
      return changeStaffAccount({ action, ...base });
    },
    onSuccess: async () => {
      showSuccess(successKeys.saved);
      onDone();
      await queryClient.invalidateQueries({ queryKey: staffAdminKeys.list });
      // A change to one's own account (a role) redraws the back office with what the server now allows.
      if (target.account === self) await queryClient.invalidateQueries({ queryKey: [userInfoRef.path] });
    },
    // A refusal (changed by another admin meanwhile) shows its translated key; the list may be stale.
    onError: () => void queryClient.invalidateQueries({ queryKey: staffAdminKeys.list }),
  });

  return (
    <section className="decision" data-testid="admin-staff-panel" data-action={action} data-account={target.account}>
      <h3 className="decision__title">{t(`admin.staff.panelTitle.${action}`, { account: target.account })}</h3>
      <p className="decision__hint">{t(`admin.staff.explain.${action}`)}</p>
      {action === 'role' && (
        <label className="admin-field">
          <span>{t('admin.staff.fields.role')}</span>
          <select
            className="admin-select"
            value={role}
            onChange={(e) => setRole(e.target.value as StaffRole)}
            data-testid="admin-staff-panel-role"
          >
            {staffRoles.map((r) => (
              <option key={r} value={r}>
                {t(`roles.${r}`)}
              </option>
            ))}
          </select>
        </label>
      )}
      {action === 'reset' && (
        <div className="admin-form__grid">
          <label className="admin-field">
            <span>{t('admin.staff.fields.newPassword')}</span>
            <input
              className="admin-input"
              type="password"
              autoComplete="new-password"
              maxLength={128}
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              data-testid="admin-staff-panel-password"
            />
          </label>
          <label className="admin-field">
            <span>{t('admin.staff.fields.confirm')}</span>
            <input
              className="admin-input"
              type="password"
              autoComplete="new-password"
              maxLength={128}
              value={confirm}
              onChange={(e) => setConfirm(e.target.value)}
              data-testid="admin-staff-panel-confirm"
            />
          </label>
        </div>
      )}
      {passwordProblem && (
        <p className="decision__hint" role="alert">
          {t(passwordProblem)}
        </p>
      )}
      {refusal && (
        <p className="market-admin__final" role="alert" data-testid="admin-staff-refusal">
          {t(refusal)}
        </p>
      )}
      <label className="decision__label" htmlFor="admin-staff-reason">
        {t('admin.decision.reason')}
      </label>
      <textarea
        id="admin-staff-reason"
        className="admin-textarea"
        rows={2}
        maxLength={500}
        value={reason}
        onChange={(e) => setReason(e.target.value)}
        placeholder={t('admin.staff.reasonPlaceholder')}
        data-testid="admin-staff-reason"
      />
      <div className="decision__choices">
        <Button onClick={onDone} data-testid="admin-staff-cancel">
          {t('common.cancel')}
        </Button>
        <Button
          color={action === 'disable' ? 'danger' : 'primary'}
          disabled={!ready}
          loading={apply.isPending}
          onClick={() => apply.mutate()}
          data-testid="admin-staff-confirm"
        >
          {t(`admin.staff.submit.${action}`)}
        </Button>
      </div>
    </section>
  );
}

/** A new staff account: ten-digit account, initial password typed twice, role and the reason for the audit log. */
function CreateForm() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<StaffDraft>(emptyStaffDraft);
  const issue = draftIssue(draft);
  const touched = draft.account !== '' || draft.password !== '';

  const create = useMutation({
    mutationFn: () =>
      createStaffAccount({
        account: draft.account.trim(),
        password: draft.password,
        role: draft.role as StaffRole,
        reason: draft.reason.trim(),
      }),
    onSuccess: async () => {
      showSuccess(successKeys.saved);
      setDraft(emptyStaffDraft);
      await queryClient.invalidateQueries({ queryKey: staffAdminKeys.list });
    },
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (issue === null && !create.isPending) create.mutate();
  };
  const field = (name: 'account' | 'password' | 'confirm') => (
    <label className="admin-field">
      <span>{t(`admin.staff.fields.${name}`)}</span>
      <input
        className="admin-input num"
        type={name === 'account' ? 'text' : 'password'}
        inputMode={name === 'account' ? 'numeric' : undefined}
        autoComplete={name === 'account' ? 'off' : 'new-password'}
        maxLength={name === 'account' ? 10 : 128}
        value={draft[name]}
        onChange={(e) => setDraft({ ...draft, [name]: e.target.value })}
        data-testid={`admin-staff-create-${name}`}
      />
    </label>
  );

  return (
    <form className="decision" noValidate onSubmit={submit} data-testid="admin-staff-create">
      <h3 className="decision__title">{t('admin.staff.form.title')}</h3>
      <p className="decision__hint">{t('admin.staff.form.hint')}</p>
      <div className="admin-form__grid">
        {field('account')}
        {field('password')}
        {field('confirm')}
        <label className="admin-field">
          <span>{t('admin.staff.fields.role')}</span>
          <select
            className="admin-select"
            value={draft.role}
            onChange={(e) => setDraft({ ...draft, role: e.target.value as StaffRole | '' })}
            data-testid="admin-staff-create-role"
          >
            <option value="">{t('admin.staff.form.chooseRole')}</option>
            {staffRoles.map((r) => (
              <option key={r} value={r}>
                {t(`roles.${r}`)}
              </option>
            ))}
          </select>
        </label>
      </div>
      <label className="decision__label" htmlFor="admin-staff-create-reason">
        {t('admin.decision.reason')}
      </label>
      <textarea
        id="admin-staff-create-reason"
        className="admin-textarea"
        rows={2}
        maxLength={500}
        value={draft.reason}
        onChange={(e) => setDraft({ ...draft, reason: e.target.value })}
        placeholder={t('admin.staff.reasonPlaceholder')}
        data-testid="admin-staff-create-reason"
      />
      <p className="decision__hint" data-testid="admin-staff-create-issue">
        {issue && touched ? t(issue) : t('admin.staff.form.audited')}
      </p>
      <div className="decision__choices">
        <Button
          type="submit"
          color="primary"
          disabled={issue !== null}
          loading={create.isPending}
          data-testid="admin-staff-create-submit"
        >
          {t('admin.staff.form.submit')}
        </Button>
      </div>
    </form>
  );
}
