// The IPO section's own styles load with it, inside the back office's chunk.
import './ipo-admin.css';
import { useEffect, useRef, useState } from 'react';
import { Button, Skeleton, Tag } from 'antd-mobile';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { successKeys } from '@kabuto/contracts/errors';
import { reasonIssue } from '@kabuto/contracts/formats';
import {
  cancelOffering,
  fetchAdminOfferings,
  ipoAdminKeys,
  type OfferingPhase,
  type StaffOffering,
} from '../api/ipo-admin.api.ts';
import { GrabWindowCell, GrabWindowPanel } from './ipo-grab-window.tsx';
import { IpoOfferingForm } from './ipo-offering-form.tsx';
import { grabWindowOffered } from '../ipo-grab-window-form.ts';
import { showSuccess } from '../../../shared/api/notice.ts';
import { StatusBlock } from '../../../shared/components/status-block.tsx';
import { moneyText } from '../../../shared/format/money-text.ts';
import { groupThousands } from '../../../shared/format/price-change.ts';
import { jstText, useLocale } from '../../../shared/format/jst.ts';
import { useNow } from '../../../shared/hooks/use-now.ts';

const phaseTag: Record<
  OfferingPhase,
  { color: 'default' | 'primary' | 'success' | 'warning'; fill: 'solid' | 'outline' }
> = {
  notYetOpen: { color: 'default', fill: 'solid' },
  subscribing: { color: 'primary', fill: 'solid' },
  ended: { color: 'warning', fill: 'solid' },
  drawn: { color: 'success', fill: 'solid' },
  listed: { color: 'success', fill: 'outline' },
  cancelled: { color: 'default', fill: 'outline' },
};

/** Staff cancel only before the draw (the contract's rule): after it, members hold won shares. */
const cancellable = (phase: OfferingPhase): boolean =>
  phase === 'notYetOpen' || phase === 'subscribing' || phase === 'ended';

/** The commitment's first characters; the whole hash is in the cell's title. */
const shortHash = (hash: string) => (hash.length > 12 ? `${hash.slice(0, 12)}…` : hash);

/** The panel open above the table: cancelling an offering, or re-offering its lapsed shares. */
type Panel = { kind: 'cancel' | 'grab'; id: string } | null;

/**
 * Back office → IPO offerings (新規公開株, issue 25): every offering with its terms, phase, entries, the draw's result,
 * the published commitment and its grab window; admin creates offerings, cancels one before its draw and re-offers the
 * lapsed wins' shares first come, first served, each with a reason kept in the audit log. Support and auditors read.
 */
export function IpoAdmin({ maySave }: { maySave: boolean }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const [panel, setPanel] = useState<Panel>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const offerings = useQuery({
    queryKey: ipoAdminKeys.list,
    queryFn: ({ signal }) => fetchAdminOfferings(signal),
    staleTime: 0,
  });
  const items = offerings.data?.items ?? [];
  // Grab windows open and close, and purchase deadlines pass, while the list is on screen.
  const now = useNow(
    items.some((o) => o.phase === 'drawn'),
    15_000,
  );
  const cancelling = panel?.kind === 'cancel' ? panel.id : null;
  const reoffering = panel?.kind === 'grab' ? panel.id : null;
  const target = cancelling ? items.find((o) => o.id === cancelling && cancellable(o.phase)) : undefined;
  const grabTarget = reoffering ? items.find((o) => o.id === reoffering && grabWindowOffered(o, now)) : undefined;

  useEffect(() => {
    if (panel) panelRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  }, [panel]);

  const when = (iso: string | null) => (iso ? jstText(iso, 'Y-M-D h:m', locale) : '—');

  return (
    <div className="review ipo-admin" data-testid="admin-ipo">
      <div className="section-bar">
        <h2 className="decision__title">{t('admin.ipo.title')}</h2>
        <Button
          size="small"
          fill="none"
          onClick={() => void offerings.refetch()}
          loading={offerings.isFetching && !offerings.isPending}
          data-testid="admin-ipo-refresh"
        >
          {t('admin.queue.refresh')}
        </Button>
      </div>
      <p className="decision__hint ipo-admin__note" data-testid="admin-ipo-note">
        {t(maySave ? 'admin.ipo.note' : 'admin.ipo.readOnly')}
      </p>
      <div ref={panelRef}>
        {target && <CancelPanel key={target.id} offering={target} onDone={() => setPanel(null)} />}
        {grabTarget && <GrabWindowPanel key={grabTarget.id} offering={grabTarget} onDone={() => setPanel(null)} />}
      </div>
      {offerings.isPending ? (
        <Skeleton.Paragraph lineCount={6} animated className="centered-block" />
      ) : offerings.isError ? (
        <div className="centered-block">
          <StatusBlock
            kind="disconnected"
            title={t('admin.audit.failedTitle')}
            description={t('admin.audit.failedBody')}
          />
          <Button onClick={() => void offerings.refetch()}>{t('common.retry')}</Button>
        </div>
      ) : items.length === 0 ? (
        <div className="centered-block" data-testid="admin-ipo-empty">
          <StatusBlock
            kind="empty"
            title={t('admin.ipo.none')}
            description={t(maySave ? 'admin.ipo.noneHint' : 'admin.ipo.noneHintReadOnly')}
          />
        </div>
      ) : (
        <div className="audit__scroll" tabIndex={0}>
          <table className="admin-table ipo-admin__table" data-testid="admin-ipo-table">
            <thead>
              <tr>
                <th scope="col">{t('admin.ipo.cols.code')}</th>
                <th scope="col">{t('admin.ipo.cols.name')}</th>
                <th scope="col" className="admin-table__amount">
                  {t('admin.ipo.cols.price')}
                </th>
                <th scope="col" className="admin-table__amount">
                  {t('admin.ipo.cols.sharesOnOffer')}
                </th>
                <th scope="col">{t('admin.ipo.cols.window')}</th>
                <th scope="col">{t('admin.ipo.cols.drawAt')}</th>
                <th scope="col">{t('admin.ipo.cols.payBy')}</th>
                <th scope="col">{t('admin.ipo.cols.listsAt')}</th>
                <th scope="col">{t('admin.ipo.cols.lockUp')}</th>
                <th scope="col">{t('admin.ipo.cols.phase')}</th>
                <th scope="col" className="admin-table__amount">
                  {t('admin.ipo.cols.entries')}
                </th>
                <th scope="col">{t('admin.ipo.cols.result')}</th>
                <th scope="col">{t('admin.ipo.cols.grab')}</th>
                <th scope="col">{t('admin.ipo.cols.commitment')}</th>
                <th scope="col">{t('admin.ipo.cols.createdBy')}</th>
                <th scope="col">{t('admin.ipo.cols.cancelled')}</th>
                {maySave && <th scope="col">{t('admin.ipo.cols.actions')}</th>}
              </tr>
            </thead>
            <tbody>
              {items.map((o) => (
                <tr
                  key={o.id}
                  data-testid="admin-ipo-row"
                  data-code={o.code}
                  data-phase={o.phase}
                  className={panel?.id === o.id ? 'admin-table__row--on' : undefined}
                >
                  <td className="num">
                    <strong>{o.code}</strong>
                  </td>
                  <td className="ipo-admin__name">
                    {o.names[locale]}
                    {locale !== 'jp' && <div className="restriction-list__meta">{o.names.jp}</div>}
                  </td>
                  <td className="num admin-table__amount">{moneyText(o.price)}</td>
                  <td className="num admin-table__amount">
                    {t('admin.ipo.shares', { shares: groupThousands(o.sharesOnOffer) })}
                  </td>
                  <td className="num">
                    <div>{when(o.opensAt)}</div>
                    <div className="restriction-list__meta">{t('admin.ipo.until', { time: when(o.closesAt) })}</div>
                  </td>
                  <td className="num">
                    {when(o.drawAt)}
                    {o.drawnAt && (
                      <div className="restriction-list__meta">
                        {t('admin.ipo.drawnLine', { time: when(o.drawnAt) })}
                      </div>
                    )}
                  </td>
                  <td className="num">{when(o.payBy)}</td>
                  <td className="num">{when(o.listsAt)}</td>
                  <td className="num">{o.lockUpUntil ? when(o.lockUpUntil) : t('admin.ipo.noLockUp')}</td>
                  <td>
                    <Tag color={phaseTag[o.phase].color} fill={phaseTag[o.phase].fill} data-testid="admin-ipo-phase">
                      {t(`admin.ipo.phases.${o.phase}`)}
                    </Tag>
                  </td>
                  <td className="num admin-table__amount">{groupThousands(String(o.entries))}</td>
                  <td className="num" data-testid="admin-ipo-result">
                    {o.winners !== null && o.allocated !== null
                      ? t('admin.ipo.resultLine', {
                          winners: groupThousands(String(o.winners)),
                          allocated: groupThousands(o.allocated),
                        })
                      : '—'}
                  </td>
                  <td className="num">
                    <GrabWindowCell offering={o} now={now} />
                  </td>
                  <td className="ipo-admin__hash">
                    {o.commitment ? (
                      <code title={o.commitment} data-testid="admin-ipo-commitment">
                        {shortHash(o.commitment)}
                      </code>
                    ) : (
                      <span className="restriction-list__meta">{t('admin.ipo.commitmentLater')}</span>
                    )}
                  </td>
                  <td className="num">{o.createdBy}</td>
                  <td className="ipo-admin__reason">
                    {o.cancelledAt ? (
                      <>
                        <div data-testid="admin-ipo-cancel-reason-text">{o.cancelReason ?? '—'}</div>
                        <div className="restriction-list__meta">{when(o.cancelledAt)}</div>
                      </>
                    ) : (
                      '—'
                    )}
                  </td>
                  {maySave && (
                    <td>
                      {cancellable(o.phase) && (
                        <Button
                          size="mini"
                          color="danger"
                          fill={cancelling === o.id ? 'solid' : 'outline'}
                          onClick={() => setPanel({ kind: 'cancel', id: o.id })}
                          data-testid="admin-ipo-cancel"
                        >
                          {t('admin.ipo.cancel.action')}
                        </Button>
                      )}
                      {grabWindowOffered(o, now) && (
                        <Button
                          size="mini"
                          color="primary"
                          fill={reoffering === o.id ? 'solid' : 'outline'}
                          onClick={() => setPanel({ kind: 'grab', id: o.id })}
                          data-testid="admin-ipo-grab-action"
                        >
                          {t('admin.ipo.grab.action')}
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
      {maySave && <IpoOfferingForm />}
    </div>
  );
}

/** The reason, then the cancellation: every hold waiting for the draw is released, and members read the reason. */
function CancelPanel({ offering, onDone }: { offering: StaffOffering; onDone: () => void }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const queryClient = useQueryClient();
  const [reason, setReason] = useState('');
  const reasonOk = reasonIssue(reason) === null;
  const name = `${offering.code} ${offering.names[locale]}`;

  const cancel = useMutation({
    mutationFn: () => cancelOffering({ id: offering.id, reason: reason.trim() }),
    onSuccess: async () => {
      showSuccess(successKeys.saved);
      onDone();
      await Promise.all(
        [ipoAdminKeys.list, ...ipoAdminKeys.memberIpo].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
      );
    },
    // A refusal (drawn meanwhile, cancelled by someone else) shows its translated key; the list may be stale.
    onError: () => void queryClient.invalidateQueries({ queryKey: ipoAdminKeys.list }),
  });

  return (
    <section className="decision" data-testid="admin-ipo-cancel-panel" data-code={offering.code}>
      <h3 className="decision__title">{t('admin.ipo.cancel.title', { name })}</h3>
      <p className="market-admin__final">
        {t('admin.ipo.cancel.explain', { entries: groupThousands(String(offering.entries)) })}
      </p>
      <label className="decision__label" htmlFor="admin-ipo-cancel-reason">
        {t('admin.decision.reason')}
      </label>
      <textarea
        id="admin-ipo-cancel-reason"
        className="admin-textarea"
        rows={2}
        maxLength={500}
        value={reason}
        onChange={(e) => setReason(e.target.value)}
        placeholder={t('admin.ipo.cancel.reasonPlaceholder')}
        data-testid="admin-ipo-cancel-reason"
      />
      <p className="decision__hint">{t(reasonOk ? 'admin.decision.visible' : 'admin.decision.reasonRequired')}</p>
      <div className="decision__choices">
        <Button onClick={onDone} data-testid="admin-ipo-cancel-back">
          {t('admin.ipo.cancel.back')}
        </Button>
        <Button
          color="danger"
          disabled={!reasonOk}
          loading={cancel.isPending}
          onClick={() => cancel.mutate()}
          data-testid="admin-ipo-cancel-confirm"
        >
          {t('admin.ipo.cancel.confirm')}
        </Button>
      </div>
    </section>
  );
}
