import { useState } from 'react';
import { Button, Skeleton, Switch, Tag } from 'antd-mobile';
import { Plus } from 'lucide-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { successKeys } from '@kabuto/contracts/errors';
import {
  adminKeys,
  fetchChannels,
  fetchWithdrawalLimits,
  saveChannel,
  saveWithdrawalLimits,
} from '../api/back-office.api.ts';
import type { AdminChannel, ChannelSaveRequest, WithdrawalLimits } from '../api/back-office.api.ts';
import { showSuccess } from '../../../shared/api/notice.ts';
import { sanitizeAmount } from '../../../shared/forms/amount.ts';
import { moneyText } from '../../../shared/format/money-text.ts';
import { depositChannelIssue } from '@kabuto/contracts/formats';
import { StatusBlock } from '../../../shared/components/status-block.tsx';

type WindowRule = AdminChannel['windowRule'];
type ChannelDraft = Omit<ChannelSaveRequest, 'id'> & { id?: string };
const accountTypes = ['ordinary', 'current', 'savings'] as const;
const emptyChannel: ChannelDraft = {
  name: '',
  bankName: '',
  branchName: '',
  accountType: 'ordinary',
  accountNumber: '',
  accountHolder: '',
  min: '1000',
  max: '10000000',
  windowRule: 'profile',
  active: true,
};

/** Deposit channels (list, create, edit, activate) and the withdrawal limits; admin edits, other staff read. */
export function FundingSettings({ mayEdit }: { mayEdit: boolean }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const channels = useQuery({ queryKey: adminKeys.channels, queryFn: ({ signal }) => fetchChannels(signal) });
  const [editing, setEditing] = useState<ChannelDraft | null>(null);

  const save = useMutation({
    mutationFn: (draft: ChannelDraft) => saveChannel(draft),
    onSuccess: async () => {
      showSuccess(successKeys.saved);
      setEditing(null);
      await queryClient.invalidateQueries({ queryKey: adminKeys.channels });
    },
  });

  return (
    <div className="review" data-testid="admin-channels">
      <div className="section-bar">
        <h2 className="decision__title">{t('admin.channels.title')}</h2>
        {mayEdit && (
          <Button
            size="small"
            color="primary"
            onClick={() => setEditing({ ...emptyChannel })}
            data-testid="admin-channel-new"
          >
            <Plus /> {t('admin.channels.new')}
          </Button>
        )}
      </div>
      {channels.isPending ? (
        <Skeleton.Paragraph lineCount={4} animated className="centered-block" />
      ) : channels.isError ? (
        <div className="centered-block">
          <StatusBlock
            kind="disconnected"
            title={t('admin.audit.failedTitle')}
            description={t('admin.audit.failedBody')}
          />
        </div>
      ) : (
        <div className="audit__scroll" tabIndex={0}>
          <table className="admin-table">
            <thead>
              <tr>
                <th scope="col">{t('admin.channels.name')}</th>
                <th scope="col">{t('deposit.bank')}</th>
                <th scope="col">{t('deposit.accountNumber')}</th>
                <th scope="col">{t('deposit.accountHolder')}</th>
                <th scope="col">{t('funds.limits')}</th>
                <th scope="col">{t('funds.window')}</th>
                <th scope="col">{t('admin.channels.active')}</th>
                {mayEdit && <th scope="col" />}
              </tr>
            </thead>
            <tbody>
              {channels.data.map((c) => (
                <tr key={c.id} className="admin-table__row" data-testid="admin-row" data-id={c.id}>
                  <td>{c.name}</td>
                  <td>
                    {c.bankName} {c.branchName}
                  </td>
                  <td className="mono nowrap">
                    {t(`deposit.accountTypes.${c.accountType}`, { defaultValue: c.accountType })} {c.accountNumber}
                  </td>
                  <td>{c.accountHolder}</td>
                  <td className="num nowrap">
                    {moneyText(c.min)} – {moneyText(c.max)}
                  </td>
                  <td>{t(`admin.channels.rule.${c.windowRule}`)}</td>
                  <td>
                    {mayEdit ? (
                      <Switch
                        checked={c.active}
                        loading={save.isPending && save.variables.id === c.id}
                        onChange={(active) => save.mutate({ ...c, active })}
                        data-testid="admin-channel-toggle"
                        aria-label={t('admin.channels.active')}
                      />
                    ) : (
                      <Tag color={c.active ? 'success' : 'default'}>
                        {t(c.active ? 'admin.channels.on' : 'admin.channels.off')}
                      </Tag>
                    )}
                  </td>
                  {mayEdit && (
                    <td>
                      <Button
                        size="small"
                        fill="outline"
                        onClick={() => setEditing({ ...c })}
                        data-testid="admin-channel-edit"
                      >
                        {t('admin.channels.edit')}
                      </Button>
                    </td>
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {editing && (
        <ChannelForm
          key={editing.id ?? 'new'}
          initial={editing}
          saving={save.isPending}
          onSave={(d) => save.mutate(d)}
          onCancel={() => setEditing(null)}
        />
      )}
      <WithdrawalLimitsForm mayEdit={mayEdit} />
    </div>
  );
}

function ChannelForm({
  initial,
  saving,
  onSave,
  onCancel,
}: {
  initial: ChannelDraft;
  saving: boolean;
  onSave: (d: ChannelDraft) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const [d, setD] = useState<ChannelDraft>(initial);
  const valid = depositChannelIssue(d) === null;
  const text = (
    key: 'name' | 'bankName' | 'branchName' | 'accountNumber' | 'accountHolder',
    label: string,
    extra: { digits?: boolean } = {},
  ) => (
    <label className="admin-field">
      <span>{label}</span>
      <input
        className="admin-input"
        value={d[key]}
        onChange={(e) => setD({ ...d, [key]: extra.digits ? e.target.value.replace(/\D+/g, '') : e.target.value })}
        inputMode={extra.digits ? 'numeric' : undefined}
        data-testid={`admin-channel-${key}`}
      />
    </label>
  );
  return (
    <section className="decision admin-form" data-testid="admin-channel-form">
      <h3 className="decision__title">{t(initial.id ? 'admin.channels.editTitle' : 'admin.channels.newTitle')}</h3>
      <div className="admin-form__grid">
        {text('name', t('admin.channels.name'))}
        {text('bankName', t('deposit.bank'))}
        {text('branchName', t('deposit.branch'))}
        <label className="admin-field">
          <span>{t('deposit.accountType')}</span>
          <select
            className="admin-select"
            value={d.accountType}
            onChange={(e) => setD({ ...d, accountType: e.target.value })}
            data-testid="admin-channel-accountType"
          >
            {accountTypes.map((a) => (
              <option key={a} value={a}>
                {t(`deposit.accountTypes.${a}`)}
              </option>
            ))}
          </select>
        </label>
        {text('accountNumber', t('deposit.accountNumber'), { digits: true })}
        {text('accountHolder', t('deposit.accountHolder'))}
        <label className="admin-field">
          <span>{t('admin.channels.min')}</span>
          <input
            className="admin-input"
            inputMode="numeric"
            value={d.min}
            onChange={(e) => setD({ ...d, min: sanitizeAmount(e.target.value, 0) })}
            data-testid="admin-channel-min"
          />
        </label>
        <label className="admin-field">
          <span>{t('admin.channels.max')}</span>
          <input
            className="admin-input"
            inputMode="numeric"
            value={d.max}
            onChange={(e) => setD({ ...d, max: sanitizeAmount(e.target.value, 0) })}
            data-testid="admin-channel-max"
          />
        </label>
        <label className="admin-field">
          <span>{t('funds.window')}</span>
          <select
            className="admin-select"
            value={d.windowRule}
            onChange={(e) => setD({ ...d, windowRule: e.target.value as WindowRule })}
            data-testid="admin-channel-window"
          >
            <option value="profile">{t('admin.channels.rule.profile')}</option>
            <option value="always">{t('admin.channels.rule.always')}</option>
          </select>
        </label>
        <label className="admin-field admin-field--inline">
          <span>{t('admin.channels.active')}</span>
          <Switch checked={d.active} onChange={(active) => setD({ ...d, active })} data-testid="admin-channel-active" />
        </label>
      </div>
      {!valid && <p className="decision__hint">{t('admin.channels.invalid')}</p>}
      <div className="decision__choices">
        <Button onClick={onCancel}>{t('common.cancel')}</Button>
        <Button
          color="primary"
          disabled={!valid}
          loading={saving}
          onClick={() => onSave(d)}
          data-testid="admin-channel-save"
        >
          {t('admin.save')}
        </Button>
      </div>
    </section>
  );
}

function WithdrawalLimitsForm({ mayEdit }: { mayEdit: boolean }) {
  const { t } = useTranslation();
  const limits = useQuery({ queryKey: adminKeys.limits, queryFn: ({ signal }) => fetchWithdrawalLimits(signal) });
  return (
    <section className="decision admin-form" data-testid="admin-limits">
      <h3 className="decision__title">{t('admin.limits.title')}</h3>
      {limits.isPending ? (
        <Skeleton.Paragraph lineCount={2} animated />
      ) : limits.isError ? (
        <p className="decision__hint">{t('admin.audit.failedBody')}</p>
      ) : (
        <LimitsEditor key={JSON.stringify(limits.data)} initial={limits.data} mayEdit={mayEdit} />
      )}
    </section>
  );
}

function LimitsEditor({ initial, mayEdit }: { initial: WithdrawalLimits; mayEdit: boolean }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [d, setD] = useState<WithdrawalLimits>(initial);
  const save = useMutation({
    mutationFn: () => saveWithdrawalLimits(d),
    onSuccess: async () => {
      showSuccess(successKeys.saved);
      await queryClient.invalidateQueries({ queryKey: adminKeys.limits });
    },
  });
  return (
    <>
      <div className="admin-form__grid">
        <label className="admin-field">
          <span>{t('admin.channels.min')}</span>
          <input
            className="admin-input"
            inputMode="numeric"
            readOnly={!mayEdit}
            value={d.min}
            onChange={(e) => setD({ ...d, min: sanitizeAmount(e.target.value, 0) })}
            data-testid="admin-limits-min"
          />
        </label>
        <label className="admin-field">
          <span>{t('admin.channels.max')}</span>
          <input
            className="admin-input"
            inputMode="numeric"
            readOnly={!mayEdit}
            value={d.max}
            onChange={(e) => setD({ ...d, max: sanitizeAmount(e.target.value, 0) })}
            data-testid="admin-limits-max"
          />
        </label>
        <label className="admin-field">
          <span>{t('funds.window')}</span>
          <select
            className="admin-select"
            disabled={!mayEdit}
            value={d.windowRule}
            onChange={(e) => setD({ ...d, windowRule: e.target.value as WindowRule })}
            data-testid="admin-limits-window"
          >
            <option value="profile">{t('admin.channels.rule.profile')}</option>
            <option value="always">{t('admin.channels.rule.always')}</option>
          </select>
        </label>
      </div>
      <p className="decision__hint">{t('admin.limits.hint')}</p>
      {mayEdit && (
        <Button color="primary" loading={save.isPending} onClick={() => save.mutate()} data-testid="admin-limits-save">
          {t('admin.save')}
        </Button>
      )}
    </>
  );
}
