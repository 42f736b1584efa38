import { useEffect, useMemo, useRef, useState } from 'react';
import { Button, Skeleton, Tag } from 'antd-mobile';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { successKeys } from '@kabuto/contracts/errors';
import { reasonIssue } from '@kabuto/contracts/formats';
import {
  changeStatus,
  fetchAdminSymbols,
  fetchLastPrices,
  marketAdminKeys,
  type AdminSymbol,
  type StatusAction,
} from '../api/market-admin.api.ts';
import {
  actionsFor,
  matchesFilter,
  type MarketRights,
  type StatusFilter,
  type SymbolStatus,
} from '../market-actions.ts';
import { showSuccess } from '../../../shared/api/notice.ts';
import { priceText } from '../../../shared/format/price-change.ts';
import { StatusBlock } from '../../../shared/components/status-block.tsx';
import { jstText, useLocale } from '../../../shared/format/jst.ts';

const statusFilters: readonly StatusFilter[] = ['all', 'listed', 'halted', 'delisted'];
const statusTag: Record<SymbolStatus, 'success' | 'warning' | 'default'> = {
  listed: 'success',
  halted: 'warning',
  delisted: 'default',
};

/**
 * Back office → Market: every stock with its status, who set it and why, and the last price (read only:
 * staff never set a price). Halt, resume and delist take a reason that members read and the audit log keeps.
 */
export function MarketAdmin({ rights }: { rights: MarketRights }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const [query, setQuery] = useState('');
  const [status, setStatus] = useState<StatusFilter>('all');
  const [chosen, setChosen] = useState<{ symbol: string; action: StatusAction } | null>(null);
  const panelRef = useRef<HTMLDivElement>(null);

  const symbols = useQuery({
    queryKey: marketAdminKeys.symbols,
    queryFn: ({ signal }) => fetchAdminSymbols(signal),
    staleTime: 0,
  });
  const prices = useQuery({
    queryKey: marketAdminKeys.lastPrices,
    queryFn: ({ signal }) => fetchLastPrices(signal),
    refetchInterval: 30_000,
  });
  const rows = useMemo(
    () => (symbols.data ?? []).filter((s) => matchesFilter(s, query, status)),
    [symbols.data, query, status],
  );
  const target = chosen ? symbols.data?.find((s) => s.symbol === chosen.symbol) : undefined;
  const mayAct = rights.halt || rights.resume || rights.delist;

  useEffect(() => {
    if (chosen) panelRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  }, [chosen]);

  return (
    <div className="review" data-testid="admin-market">
      <div className="section-bar">
        <h2 className="decision__title">{t('admin.market.title')}</h2>
        <Button
          size="small"
          fill="none"
          onClick={() => void Promise.all([symbols.refetch(), prices.refetch()])}
          loading={symbols.isFetching && !symbols.isPending}
          data-testid="admin-market-refresh"
        >
          {t('admin.queue.refresh')}
        </Button>
      </div>
      <p className="decision__hint market-admin__note">{t(mayAct ? 'admin.market.note' : 'admin.market.readOnly')}</p>
      <div className="review__filters market-admin__filters">
        <input
          className="admin-input"
          type="search"
          value={query}
          maxLength={64}
          onChange={(e) => setQuery(e.target.value)}
          placeholder={t('admin.market.searchPlaceholder')}
          aria-label={t('admin.market.search')}
          data-testid="admin-market-q"
        />
        <div className="segmented" role="radiogroup" aria-label={t('admin.market.status')}>
          {statusFilters.map((s) => (
            <button
              key={s}
              type="button"
              role="radio"
              aria-checked={s === status}
              className={`segmented__option${s === status ? ' segmented__option--on' : ''}`}
              onClick={() => setStatus(s)}
              data-testid={`admin-market-filter-${s}`}
            >
              {t(s === 'all' ? 'admin.market.all' : `admin.market.statuses.${s}`)}
            </button>
          ))}
        </div>
      </div>
      <div ref={panelRef}>
        {chosen && target && (
          <StatusChangePanel
            key={`${chosen.symbol}-${chosen.action}`}
            item={target}
            action={chosen.action}
            onDone={() => setChosen(null)}
          />
        )}
      </div>
      {symbols.isPending ? (
        <Skeleton.Paragraph lineCount={6} animated className="centered-block" />
      ) : symbols.isError ? (
        <div className="centered-block">
          <StatusBlock
            kind="disconnected"
            title={t('admin.audit.failedTitle')}
            description={t('admin.audit.failedBody')}
          />
          <Button onClick={() => void symbols.refetch()}>{t('common.retry')}</Button>
        </div>
      ) : rows.length === 0 ? (
        <div className="centered-block" data-testid="admin-market-empty">
          <StatusBlock kind="empty" title={t('admin.market.none')} description={t('admin.market.noneHint')} />
        </div>
      ) : (
        <div className="audit__scroll" tabIndex={0}>
          <table className="admin-table market-admin__table" data-testid="admin-market-table">
            <thead>
              <tr>
                <th scope="col">{t('admin.market.name')}</th>
                <th scope="col">{t('admin.market.status')}</th>
                <th scope="col" className="admin-table__amount">
                  {t('admin.market.last')}
                </th>
                {mayAct && <th scope="col">{t('admin.market.actions')}</th>}
              </tr>
            </thead>
            <tbody>
              {rows.map((s) => (
                <tr
                  key={s.symbol}
                  data-testid="admin-market-row"
                  data-symbol={s.symbol}
                  data-status={s.status}
                  className={chosen?.symbol === s.symbol ? 'admin-table__row--on' : undefined}
                >
                  <td>
                    <strong className="num">{s.symbol}</strong> {s.names[locale]}
                    {locale !== 'jp' && <div className="decision__hint">{s.names.jp}</div>}
                  </td>
                  <td className="market-admin__reason">
                    <Tag
                      color={statusTag[s.status]}
                      fill={s.status === 'delisted' ? 'outline' : 'solid'}
                      data-testid="admin-market-status"
                    >
                      {t(`admin.market.statuses.${s.status}`)}
                    </Tag>
                    {s.statusReason && <div data-testid="admin-market-reason-text">{s.statusReason}</div>}
                    {s.statusAt && (
                      <div className="restriction-list__meta">
                        {t('admin.market.setLine', {
                          time: jstText(s.statusAt, 'Y-M-D h:m', locale),
                          by: s.statusBy ?? '—',
                        })}
                      </div>
                    )}
                  </td>
                  <td className="num admin-table__amount">{priceText(prices.data?.get(s.symbol))}</td>
                  {mayAct && (
                    <td>
                      <div className="market-admin__actions">
                        {actionsFor(s.status, rights).map((action) => (
                          <Button
                            key={action}
                            size="mini"
                            color={action === 'delist' ? 'danger' : 'primary'}
                            fill={chosen?.symbol === s.symbol && chosen.action === action ? 'solid' : 'outline'}
                            onClick={() => setChosen({ symbol: s.symbol, action })}
                            data-testid={`admin-market-${action}`}
                          >
                            {t(`admin.market.actionNames.${action}`)}
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
    </div>
  );
}

/** The reason, then the confirmation; delisting asks once more, because it cannot be undone. */
function StatusChangePanel({ item, action, onDone }: { item: AdminSymbol; action: StatusAction; onDone: () => void }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const queryClient = useQueryClient();
  const [reason, setReason] = useState('');
  const [confirming, setConfirming] = useState(false);
  const reasonOk = reasonIssue(reason) === null;
  const name = `${item.symbol} ${item.names[locale]}`;

  const apply = useMutation({
    mutationFn: () => changeStatus(action, { symbol: item.symbol, reason: reason.trim() }),
    onSuccess: async () => {
      showSuccess(successKeys.saved);
      onDone();
      await Promise.all(
        [marketAdminKeys.symbols, ...marketAdminKeys.memberMarket].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      );
    },
    // A refusal (already halted by someone else, delisted meanwhile) shows its translated key; the list may be stale.
    onError: () => void queryClient.invalidateQueries({ queryKey: marketAdminKeys.symbols }),
  });

  return (
    <section className="decision" data-testid="admin-market-panel" data-action={action} data-symbol={item.symbol}>
      <h3 className="decision__title">{t(`admin.market.panelTitle.${action}`, { name })}</h3>
      <p className="decision__hint">{t(`admin.market.explain.${action}`)}</p>
      <label className="decision__label" htmlFor="admin-market-reason">
        {t('admin.decision.reason')}
      </label>
      <textarea
        id="admin-market-reason"
        className="admin-textarea"
        rows={2}
        maxLength={500}
        value={reason}
        disabled={confirming}
        onChange={(e) => setReason(e.target.value)}
        placeholder={t(action === 'resume' ? 'admin.market.reasonAudit' : 'admin.market.reasonMember')}
        data-testid="admin-market-reason"
      />
      <p className="decision__hint">{t(reasonOk ? 'admin.decision.visible' : 'admin.decision.reasonRequired')}</p>
      {confirming ? (
        <div
          className="market-admin__confirm"
          role="alertdialog"
          aria-labelledby="admin-market-final"
          data-testid="admin-market-confirm-final"
        >
          <p id="admin-market-final" className="market-admin__final">
            {t('admin.market.delistFinal', { name })}
          </p>
          <div className="decision__choices">
            <Button onClick={() => setConfirming(false)} data-testid="admin-market-back">
              {t('common.cancel')}
            </Button>
            <Button
              color="danger"
              loading={apply.isPending}
              onClick={() => apply.mutate()}
              data-testid="admin-market-confirm"
            >
              {t('admin.market.confirmDelist')}
            </Button>
          </div>
        </div>
      ) : (
        <div className="decision__choices">
          <Button onClick={onDone} data-testid="admin-market-cancel">
            {t('common.cancel')}
          </Button>
          <Button
            color={action === 'delist' ? 'danger' : 'primary'}
            disabled={!reasonOk}
            loading={apply.isPending}
            onClick={() => (action === 'delist' ? setConfirming(true) : apply.mutate())}
            data-testid={action === 'delist' ? 'admin-market-next' : 'admin-market-confirm'}
          >
            {t(`admin.market.submit.${action}`)}
          </Button>
        </div>
      )}
    </section>
  );
}
