import { useState } from 'react';
import { Button, Skeleton, Tag } from 'antd-mobile';
import { Search } from 'lucide-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { successKeys } from '@kabuto/contracts/errors';
import { reasonIssue, restrictionKinds } from '@kabuto/contracts/formats';
import type { RestrictionKind } from '@kabuto/contracts/fields';
import {
  adminKeys,
  fetchMemberDetail,
  fetchMemberTwoFactor,
  liftRestriction,
  resetMemberTwoFactor,
  restrictMember,
  searchMembers,
} from '../api/back-office.api.ts';
import type { MemberDetail } from '../api/back-office.api.ts';
import { FormInput } from '../../../shared/components/form-input.tsx';
import { TimelineRow } from '../../../shared/components/timeline-row.tsx';
import { showSuccess } from '../../../shared/api/notice.ts';
import { moneyText } from '../../../shared/format/money-text.ts';
import { jstText, useLocale } from '../../../shared/format/jst.ts';
import { StatusBlock } from '../../../shared/components/status-block.tsx';
import '../../../shared/components/detail-list.css';

/**
 * Member search → detail: balances, restrictions (set / lift with a reason), two-step sign-in (reset by support with a
 * reason), credit score, money timeline.
 */
export function MemberAdmin({
  memberId,
  onPick,
  mayRestrict,
  mayResetTwoFactor,
}: {
  memberId: string | null;
  onPick: (memberId: string | null) => void;
  mayRestrict: boolean;
  mayResetTwoFactor: boolean;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const [draft, setDraft] = useState('');
  const [q, setQ] = useState<string | null>(null);

  const results = useQuery({
    queryKey: [...adminKeys.memberSearch, q],
    queryFn: ({ signal }) => searchMembers(q ?? '', signal),
    enabled: q !== null,
  });

  return (
    <div className="review" data-testid="admin-members">
      <form
        className="audit__filter"
        role="search"
        onSubmit={(e) => {
          e.preventDefault();
          setQ(draft.trim());
          onPick(null);
        }}
      >
        <FormInput
          testId="admin-member-q"
          value={draft}
          onChange={setDraft}
          placeholder={t('admin.members.searchPlaceholder')}
          aria-label={t('admin.members.search')}
          maxLength={64}
          clearable
        />
        <Button size="small" color="primary" type="submit" data-testid="admin-member-search">
          <Search /> {t('admin.members.search')}
        </Button>
      </form>
      <div className="review__layout">
        <div className="review__list">
          {q === null ? (
            <p className="detail-pane__placeholder">{t('admin.members.hint')}</p>
          ) : results.isPending ? (
            <Skeleton.Paragraph lineCount={4} animated className="centered-block" />
          ) : results.isError ? (
            <div className="centered-block">
              <StatusBlock
                kind="disconnected"
                title={t('admin.audit.failedTitle')}
                description={t('admin.audit.failedBody')}
              />
            </div>
          ) : results.data.length === 0 ? (
            <div className="centered-block" data-testid="admin-members-empty">
              <StatusBlock kind="empty" title={t('admin.members.none')} description={t('admin.members.noneHint')} />
            </div>
          ) : (
            <div className="audit__scroll" tabIndex={0}>
              <table className="admin-table">
                <thead>
                  <tr>
                    <th scope="col">{t('admin.cols.account')}</th>
                    <th scope="col">{t('admin.cols.realName')}</th>
                    <th scope="col">{t('admin.cols.verification')}</th>
                    <th scope="col">{t('admin.cols.joined')}</th>
                  </tr>
                </thead>
                <tbody>
                  {results.data.map((m) => (
                    <tr
                      key={m.memberId}
                      className={m.memberId === memberId ? 'admin-table__row admin-table__row--on' : 'admin-table__row'}
                      onClick={() => onPick(m.memberId)}
                      tabIndex={0}
                      onKeyDown={(e) => {
                        if (e.key === 'Enter') onPick(m.memberId);
                      }}
                      data-testid="admin-row"
                      data-id={m.memberId}
                      data-account={m.account}
                    >
                      <td className="num">
                        {m.account}{' '}
                        {m.role && <Tag color="primary">{t(`roles.${m.role}`, { defaultValue: m.role })}</Tag>}
                      </td>
                      <td>{m.realName ?? '—'}</td>
                      <td>{t(`realName.${m.realNameStatus}`, { defaultValue: m.realNameStatus })}</td>
                      <td className="num nowrap">{jstText(m.createdAt, 'Y-M-D', locale)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </div>
        <div className="review__detail">
          {memberId && (
            <MemberDetailPane memberId={memberId} mayRestrict={mayRestrict} mayResetTwoFactor={mayResetTwoFactor} />
          )}
        </div>
      </div>
    </div>
  );
}

type RestrictionAction = { mode: 'restrict' | 'lift'; kind: RestrictionKind };

function MemberDetailPane({
  memberId,
  mayRestrict,
  mayResetTwoFactor,
}: {
  memberId: string;
  mayRestrict: boolean;
  mayResetTwoFactor: boolean;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const detail = useQuery({
    queryKey: [...adminKeys.memberDetail, memberId],
    queryFn: ({ signal }) => fetchMemberDetail(memberId, signal),
  });

  if (detail.isPending) return <Skeleton.Paragraph lineCount={8} animated className="centered-block" />;
  if (detail.isError)
    return (
      <div className="centered-block">
        <StatusBlock
          kind="disconnected"
          title={t('admin.audit.failedTitle')}
          description={t('admin.audit.failedBody')}
        />
        <Button onClick={() => void detail.refetch()}>{t('common.retry')}</Button>
      </div>
    );
  const d = detail.data;
  return (
    <div className="detail-pane" data-testid="admin-member-detail" data-id={memberId}>
      <div className="detail-pane__head">
        <strong className="num">{d.member.account}</strong>
        <Tag fill="outline">{t(`realName.${d.member.realNameStatus}`, { defaultValue: d.member.realNameStatus })}</Tag>
      </div>
      <dl className="detail-list detail-list--compact">
        <div>
          <dt>{t('admin.cols.realName')}</dt>
          <dd>{d.member.realName ?? '—'}</dd>
        </div>
        <div>
          <dt>{t('admin.cols.joined')}</dt>
          <dd className="num">{t('common.jst', { time: jstText(d.member.createdAt, 'Y-M-D h:m', locale) })}</dd>
        </div>
        <div>
          <dt>{t('withdraw.creditScore')}</dt>
          <dd className="num" data-testid="admin-member-score">
            {d.creditScore}
          </dd>
        </div>
      </dl>

      <h3 className="decision__title">{t('admin.members.balances')}</h3>
      {d.balances.length === 0 ? (
        <p className="decision__hint">{t('admin.members.noBalances')}</p>
      ) : (
        <table className="mini-table mini-table--full" data-testid="admin-member-balances">
          <thead>
            <tr>
              <th>{t('funds.currency')}</th>
              <th>{t('books.available')}</th>
              <th>{t('books.frozen')}</th>
              <th>{t('books.margin')}</th>
              <th>{t('books.loan')}</th>
            </tr>
          </thead>
          <tbody>
            {d.balances.map((b) => (
              <tr key={b.currency}>
                <td className="mono">{b.currency}</td>
                <td className="num">{moneyText(b.available, b.currency)}</td>
                <td className="num">{moneyText(b.frozen, b.currency)}</td>
                <td className="num">{moneyText(b.margin, b.currency)}</td>
                <td className="num">{moneyText(b.loan, b.currency)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}

      <Restrictions key={memberId} memberId={memberId} detail={d} mayRestrict={mayRestrict} />
      <TwoFactorAdmin key={`2fa-${memberId}`} memberId={memberId} mayReset={mayResetTwoFactor} />

      <h3 className="decision__title">{t('admin.members.timeline')}</h3>
      {d.timeline.length === 0 ? (
        <p className="decision__hint">{t('records.timelineEmptyTitle')}</p>
      ) : (
        <div className="admin-timeline">
          {d.timeline.map((entry) => (
            <TimelineRow key={entry.entryId} entry={entry} testId="admin-tl-row" timePattern="Y-M-D h:m" />
          ))}
        </div>
      )}
    </div>
  );
}

function Restrictions({
  memberId,
  detail,
  mayRestrict,
}: {
  memberId: string;
  detail: MemberDetail;
  mayRestrict: boolean;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const queryClient = useQueryClient();
  const [action, setAction] = useState<RestrictionAction | null>(null);
  const [reason, setReason] = useState('');
  const active = detail.restrictions.filter((r) => r.liftedAt === null);
  const activeKinds = new Set(active.map((r) => r.kind));
  const available = restrictionKinds.filter((k) => !activeKinds.has(k));
  const reasonOk = reasonIssue(reason) === null;

  const apply = useMutation({
    mutationFn: (a: RestrictionAction) =>
      (a.mode === 'restrict' ? restrictMember : liftRestriction)({ memberId, kind: a.kind, reason: reason.trim() }),
    onSuccess: async () => {
      showSuccess(successKeys.saved);
      setAction(null);
      setReason('');
      await queryClient.invalidateQueries({ queryKey: [...adminKeys.memberDetail, memberId] });
    },
  });

  return (
    <section data-testid="admin-restrictions">
      <h3 className="decision__title">{t('admin.members.restrictions')}</h3>
      {detail.restrictions.length === 0 ? (
        <p className="decision__hint">{t('admin.members.noRestrictions')}</p>
      ) : (
        <ul className="restriction-list">
          {detail.restrictions.map((r) => (
            <li
              key={r.id}
              className={
                r.liftedAt ? 'restriction-list__item restriction-list__item--lifted' : 'restriction-list__item'
              }
              data-testid="admin-restriction"
              data-kind={r.kind}
              data-active={r.liftedAt === null}
            >
              <div>
                <strong>{t(`restrictions.${r.kind}`)}</strong>{' '}
                {r.liftedAt ? (
                  <Tag fill="outline">{t('admin.members.lifted')}</Tag>
                ) : (
                  <Tag color="danger">{t('admin.members.active')}</Tag>
                )}
                <div className="restriction-list__meta">
                  {t('admin.members.setLine', {
                    time: jstText(r.setAt, 'Y-M-D h:m', locale),
                    by: r.setBy ?? '—',
                    reason: r.reason,
                  })}
                </div>
                {r.liftedAt && (
                  <div className="restriction-list__meta">
                    {t('admin.members.liftLine', {
                      time: jstText(r.liftedAt, 'Y-M-D h:m', locale),
                      reason: r.liftReason ?? '—',
                    })}
                  </div>
                )}
              </div>
              {mayRestrict && r.liftedAt === null && (
                <Button
                  size="small"
                  fill="outline"
                  onClick={() => setAction({ mode: 'lift', kind: r.kind })}
                  data-testid="admin-lift"
                >
                  {t('admin.members.lift')}
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      {mayRestrict && (
        <div className="decision">
          {available.length > 0 && (
            <div className="restriction-set">
              <select
                className="admin-select"
                value={action?.mode === 'restrict' ? action.kind : ''}
                onChange={(e) =>
                  setAction(e.target.value ? { mode: 'restrict', kind: e.target.value as RestrictionKind } : null)
                }
                aria-label={t('admin.members.kind')}
                data-testid="admin-restrict-kind"
              >
                <option value="">{t('admin.members.chooseKind')}</option>
                {available.map((k) => (
                  <option key={k} value={k}>
                    {t(`restrictions.${k}`)}
                  </option>
                ))}
              </select>
            </div>
          )}
          {action && (
            <>
              <p className="decision__hint" data-testid="admin-restrict-summary">
                {t(action.mode === 'restrict' ? 'admin.members.willSet' : 'admin.members.willLift', {
                  kind: t(`restrictions.${action.kind}`),
                })}
              </p>
              <textarea
                className="admin-textarea"
                rows={2}
                maxLength={500}
                value={reason}
                onChange={(e) => setReason(e.target.value)}
                placeholder={t(
                  action.mode === 'restrict' ? 'admin.members.reasonMember' : 'admin.decision.reasonPlaceholder',
                )}
                data-testid="admin-reason"
              />
              <div className="decision__choices">
                <Button onClick={() => setAction(null)}>{t('common.cancel')}</Button>
                <Button
                  color={action.mode === 'restrict' ? 'danger' : 'primary'}
                  disabled={!reasonOk}
                  loading={apply.isPending}
                  onClick={() => apply.mutate(action)}
                  data-testid="admin-confirm"
                >
                  {t(action.mode === 'restrict' ? 'admin.members.set' : 'admin.members.lift')}
                </Button>
              </div>
            </>
          )}
        </div>
      )}
    </section>
  );
}

/** A member's two-step sign-in as staff see it (never its secret), and support's reset with the check they made. */
function TwoFactorAdmin({ memberId, mayReset }: { memberId: string; mayReset: boolean }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const queryClient = useQueryClient();
  const [resetting, setResetting] = useState(false);
  const [reason, setReason] = useState('');
  const status = useQuery({
    queryKey: [...adminKeys.memberTwoFactor, memberId],
    queryFn: ({ signal }) => fetchMemberTwoFactor(memberId, signal),
  });
  const reset = useMutation({
    mutationFn: () => resetMemberTwoFactor({ memberId, reason: reason.trim() }),
    onSuccess: async () => {
      showSuccess(successKeys.saved);
      setResetting(false);
      setReason('');
      await queryClient.invalidateQueries({ queryKey: [...adminKeys.memberTwoFactor, memberId] });
    },
  });
  const on = status.data?.enabled === true;
  return (
    <section data-testid="admin-two-factor" data-enabled={status.data ? String(on) : undefined}>
      <h3 className="decision__title">{t('admin.members.twoFactor')}</h3>
      {status.isPending ? (
        <Skeleton.Paragraph lineCount={1} animated />
      ) : status.isError ? (
        <Button size="small" onClick={() => void status.refetch()}>
          {t('common.retry')}
        </Button>
      ) : (
        <p className="decision__hint" data-testid="admin-two-factor-state">
          {on && status.data.enabledAt
            ? t('admin.members.twoFactorOn', {
                date: jstText(status.data.enabledAt, 'Y-M-D', locale),
                left: status.data.recoveryCodesLeft,
              })
            : t('admin.members.twoFactorOff')}
        </p>
      )}
      {mayReset && on && !resetting && (
        <Button
          size="small"
          fill="outline"
          color="danger"
          onClick={() => setResetting(true)}
          data-testid="admin-two-factor-reset"
        >
          {t('admin.members.twoFactorReset')}
        </Button>
      )}
      {resetting && (
        <div className="decision">
          <p className="decision__hint">{t('admin.members.twoFactorWillReset')}</p>
          <textarea
            className="admin-textarea"
            rows={2}
            maxLength={500}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            placeholder={t('admin.members.twoFactorReason')}
            aria-label={t('admin.members.twoFactorReason')}
            data-testid="admin-two-factor-reason"
          />
          <div className="decision__choices">
            <Button onClick={() => setResetting(false)}>{t('common.cancel')}</Button>
            <Button
              color="danger"
              disabled={reasonIssue(reason) !== null}
              loading={reset.isPending}
              onClick={() => reset.mutate()}
              data-testid="admin-two-factor-confirm"
            >
              {t('admin.members.twoFactorConfirm')}
            </Button>
          </div>
        </div>
      )}
    </section>
  );
}
