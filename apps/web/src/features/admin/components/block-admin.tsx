// The block-trade section's own styles load with it, inside the back office's chunk.
import './block-admin.css';
import '../../../shared/components/confirm-sheet.css';
import { useState } from 'react';
import { Button, Popup, Skeleton, Tag } from 'antd-mobile';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { successKeys } from '@kabuto/contracts/errors';
import { reasonIssue } from '@kabuto/contracts/formats';
import {
  blockAdminKeys,
  fetchBlockProducts,
  withdrawBlockProduct,
  type BlockProductPhase,
  type StaffBlockProduct,
} from '../api/block-admin.api.ts';
import { BlockProductForm } from './block-product-form.tsx';
import { showSuccess } from '../../../shared/api/notice.ts';
import { errorKeyOf } from '../../../shared/api/error-key.ts';
import { DetailList } from '../../../shared/components/detail-list.tsx';
import { StatusBlock } from '../../../shared/components/status-block.tsx';
import { moneyText } from '../../../shared/format/money-text.ts';
import { groupThousands } from '../../../shared/format/price-change.ts';
import { jstText, useLocale } from '../../../shared/format/jst.ts';

const phaseTag: Record<
  BlockProductPhase,
  { color: 'default' | 'primary' | 'success' | 'warning'; fill: 'solid' | 'outline' }
> = {
  upcoming: { color: 'default', fill: 'solid' },
  open: { color: 'primary', fill: 'solid' },
  closed: { color: 'warning', fill: 'solid' },
  withdrawn: { color: 'default', fill: 'outline' },
};

/**
 * Back office → Block trades (立会外分売, issue 25): every product with its terms, phase, applications and who listed
 * it; admin lists products and withdraws one, each with a reason kept in the audit log. Reviewers, support and auditors
 * read.
 */
export function BlockAdmin({ maySave }: { maySave: boolean }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const [withdrawing, setWithdrawing] = useState<string | null>(null);
  const products = useQuery({
    queryKey: blockAdminKeys.products,
    queryFn: ({ signal }) => fetchBlockProducts(signal),
    staleTime: 0,
  });
  const items = products.data?.items ?? [];
  const target = withdrawing ? items.find((p) => p.id === withdrawing && p.phase !== 'withdrawn') : undefined;

  const when = (iso: string | null) => (iso ? jstText(iso, 'Y-M-D h:m', locale) : '—');
  const yesNo = (yes: boolean) => t(yes ? 'admin.block.yes' : 'admin.block.no');

  return (
    <div className="review block-admin" data-testid="admin-block">
      <div className="section-bar">
        <h2 className="decision__title">{t('admin.block.title')}</h2>
        <Button
          size="small"
          fill="none"
          onClick={() => void products.refetch()}
          loading={products.isFetching && !products.isPending}
          data-testid="admin-block-refresh"
        >
          {t('admin.queue.refresh')}
        </Button>
      </div>
      <p className="decision__hint block-admin__note" data-testid="admin-block-note">
        {t(maySave ? 'admin.block.note' : 'admin.block.readOnly')}
      </p>
      {products.isPending ? (
        <Skeleton.Paragraph lineCount={6} animated className="centered-block" />
      ) : products.isError ? (
        <div className="centered-block" data-testid="admin-block-failed">
          <StatusBlock
            kind="disconnected"
            title={t('admin.audit.failedTitle')}
            description={t('admin.audit.failedBody')}
          />
          <Button onClick={() => void products.refetch()}>{t('common.retry')}</Button>
        </div>
      ) : items.length === 0 ? (
        <div className="centered-block" data-testid="admin-block-empty">
          <StatusBlock
            kind="empty"
            title={t('admin.block.none')}
            description={t(maySave ? 'admin.block.noneHint' : 'admin.block.noneHintReadOnly')}
          />
        </div>
      ) : (
        <div className="audit__scroll" tabIndex={0}>
          <table className="admin-table block-admin__table" data-testid="admin-block-table">
            <thead>
              <tr>
                <th scope="col">{t('admin.block.cols.code')}</th>
                <th scope="col">{t('admin.block.cols.name')}</th>
                <th scope="col" className="admin-table__amount">
                  {t('admin.block.cols.price')}
                </th>
                <th scope="col" className="admin-table__amount">
                  {t('admin.block.cols.minAmount')}
                </th>
                <th scope="col" className="admin-table__amount">
                  {t('admin.block.cols.maxShares')}
                </th>
                <th scope="col" className="admin-table__amount">
                  {t('admin.block.cols.dailyLimit')}
                </th>
                <th scope="col">{t('admin.block.cols.window')}</th>
                <th scope="col">{t('admin.block.cols.lockUp')}</th>
                <th scope="col">{t('admin.block.cols.password')}</th>
                <th scope="col">{t('admin.block.cols.seatOnly')}</th>
                <th scope="col">{t('admin.block.cols.phase')}</th>
                <th scope="col" className="admin-table__amount">
                  {t('admin.block.cols.applications')}
                </th>
                <th scope="col">{t('admin.block.cols.createdBy')}</th>
                <th scope="col">{t('admin.block.cols.withdrawn')}</th>
                {maySave && <th scope="col">{t('admin.block.cols.actions')}</th>}
              </tr>
            </thead>
            <tbody>
              {items.map((p) => (
                <tr
                  key={p.id}
                  data-testid="admin-block-row"
                  data-code={p.code}
                  data-phase={p.phase}
                  className={withdrawing === p.id ? 'admin-table__row--on' : undefined}
                >
                  <td className="num">
                    <strong>{p.code}</strong>
                  </td>
                  <td className="block-admin__name">
                    {p.names[locale]}
                    {locale !== 'jp' && <div className="restriction-list__meta">{p.names.jp}</div>}
                  </td>
                  <td className="num admin-table__amount">{moneyText(p.price)}</td>
                  <td className="num admin-table__amount">{moneyText(p.minAmount)}</td>
                  <td className="num admin-table__amount">
                    {t('admin.block.shares', { shares: groupThousands(p.maxShares) })}
                  </td>
                  <td className="num admin-table__amount">{t('admin.block.perDay', { limit: p.dailyLimit })}</td>
                  <td className="num">
                    <div>{when(p.opensAt)}</div>
                    <div className="restriction-list__meta">{t('admin.block.until', { time: when(p.closesAt) })}</div>
                  </td>
                  <td className="num">{p.lockUpUntil ? when(p.lockUpUntil) : t('admin.block.noLockUp')}</td>
                  <td data-testid="admin-block-password-set">{yesNo(p.passwordRequired)}</td>
                  <td data-testid="admin-block-seat-only">{yesNo(p.seatOnly)}</td>
                  <td>
                    <Tag color={phaseTag[p.phase].color} fill={phaseTag[p.phase].fill} data-testid="admin-block-phase">
                      {t(`admin.block.phases.${p.phase}`)}
                    </Tag>
                  </td>
                  <td className="num admin-table__amount">{groupThousands(String(p.applications))}</td>
                  <td className="num">
                    <div>{p.createdBy}</div>
                    <div className="restriction-list__meta">{when(p.createdAt)}</div>
                  </td>
                  <td className="block-admin__reason">
                    {p.withdrawnAt ? (
                      <>
                        <div data-testid="admin-block-withdraw-reason-text">{p.withdrawReason ?? '—'}</div>
                        <div className="restriction-list__meta">{when(p.withdrawnAt)}</div>
                      </>
                    ) : (
                      '—'
                    )}
                  </td>
                  {maySave && (
                    <td>
                      {p.phase !== 'withdrawn' && (
                        <Button
                          size="mini"
                          color="danger"
                          fill={withdrawing === p.id ? 'solid' : 'outline'}
                          onClick={() => setWithdrawing(p.id)}
                          data-testid="admin-block-withdraw"
                        >
                          {t('admin.block.withdraw.action')}
                        </Button>
                      )}
                    </td>
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {maySave && <BlockProductForm />}
      {maySave && (
        <WithdrawSheet key={target?.id ?? 'none'} product={target ?? null} onDone={() => setWithdrawing(null)} />
      )}
    </div>
  );
}

/**
 * The confirm sheet of a withdrawal: what is withdrawn, what happens to the applications already made, and the reason
 * members read and the audit log keeps (`block.withdraw`).
 */
function WithdrawSheet({ product, onDone }: { product: StaffBlockProduct | null; onDone: () => void }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const queryClient = useQueryClient();
  const [reason, setReason] = useState('');
  const reasonOk = reasonIssue(reason) === null;

  const withdraw = useMutation({
    mutationFn: (id: string) => withdrawBlockProduct({ id, reason: reason.trim() }),
    onSuccess: async () => {
      showSuccess(successKeys.saved);
      onDone();
      await Promise.all(
        [blockAdminKeys.products, ...blockAdminKeys.memberBlock].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      );
    },
    // A refusal (withdrawn meanwhile by someone else) is said in the sheet; the list may be stale.
    onError: () => void queryClient.invalidateQueries({ queryKey: blockAdminKeys.products }),
  });
  const busy = withdraw.isPending;

  return (
    <Popup
      visible={product !== null}
      onMaskClick={() => !busy && onDone()}
      bodyClassName="confirm-sheet block-admin__sheet"
      destroyOnClose
    >
      {product && (
        <div data-testid="admin-block-withdraw-sheet" data-code={product.code}>
          <h2 className="confirm-sheet__title">
            {t('admin.block.withdraw.title', { name: `${product.code} ${product.names[locale]}` })}
          </h2>
          <DetailList
            compact
            rows={[
              { label: t('admin.block.cols.phase'), value: t(`admin.block.phases.${product.phase}`) },
              { label: t('admin.block.cols.price'), value: moneyText(product.price), className: 'num' },
              {
                label: t('admin.block.cols.window'),
                value: `${jstText(product.opensAt, 'Y-M-D h:m', locale)} – ${jstText(product.closesAt, 'Y-M-D h:m', locale)}`,
                className: 'num',
              },
              {
                label: t('admin.block.cols.applications'),
                value: groupThousands(String(product.applications)),
                className: 'num',
                testId: 'admin-block-withdraw-applications',
              },
            ]}
          />
          <p className="confirm-sheet__note">{t('admin.block.withdraw.explain')}</p>
          <label className="decision__label" htmlFor="admin-block-withdraw-reason">
            {t('admin.decision.reason')}
          </label>
          <textarea
            id="admin-block-withdraw-reason"
            className="admin-textarea"
            rows={2}
            maxLength={500}
            value={reason}
            onChange={(e) => {
              setReason(e.target.value);
              if (withdraw.isError) withdraw.reset();
            }}
            placeholder={t('admin.block.withdraw.reasonPlaceholder')}
            data-testid="admin-block-withdraw-reason"
          />
          <p className="decision__hint">{t(reasonOk ? 'admin.decision.visible' : 'admin.decision.reasonRequired')}</p>
          {withdraw.isError && (
            <p
              className="block-admin__refusal"
              role="alert"
              data-testid="admin-block-withdraw-refusal"
              data-key={errorKeyOf(withdraw.error)}
            >
              {t(errorKeyOf(withdraw.error))}
            </p>
          )}
          <Button
            block
            size="large"
            color="danger"
            disabled={!reasonOk}
            loading={busy}
            onClick={() => withdraw.mutate(product.id)}
            data-testid="admin-block-withdraw-confirm"
          >
            {t('admin.block.withdraw.confirm')}
          </Button>
          <Button
            block
            size="large"
            fill="none"
            disabled={busy}
            onClick={onDone}
            data-testid="admin-block-withdraw-back"
          >
            {t('admin.block.withdraw.back')}
          </Button>
        </div>
      )}
    </Popup>
  );
}
