import { useState, type FormEvent } from 'react';
import { Button, Skeleton, Tag } from 'antd-mobile';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { sum, toWire } from '@kabuto/domain/money';
import { fetchTradeList, tradeAdminKeys, type StaffPosition } from '../api/trade-admin.api.ts';
import { AmountText } from '../../../shared/components/amount-text.tsx';
import { StatusBlock } from '../../../shared/components/status-block.tsx';
import { moneyText } from '../../../shared/format/money-text.ts';
import { groupThousands, priceText } from '../../../shared/format/price-change.ts';
import { jstText, useLocale } from '../../../shared/format/jst.ts';
import { TablePager } from './table-pager.tsx';

type PositionStatus = StaffPosition['status'];
const PAGE_SIZE = 20;
const SYMBOL = /^[0-9A-Z]{4}$/;
const statusTag: Record<PositionStatus, 'primary' | 'success' | 'warning' | 'default'> = {
  pending: 'primary',
  holding: 'success',
  closing: 'warning',
  closed: 'default',
  cancelled: 'default',
};
// From the record above, so a status the contract adds fails to compile here instead of missing from the filter.
const positionStatuses = Object.keys(statusTag) as PositionStatus[];

interface Filters {
  status: PositionStatus | '';
  symbol: string;
  account: string;
}
const noFilters: Filters = { status: '', symbol: '', account: '' };

/**
 * Every member's orders and positions with the account they belong to. Read only (issue 18): there is no control
 * that changes a price, a fill or a fee — the server has no call for it either.
 */
export function TradePositions() {
  const { t } = useTranslation();
  const locale = useLocale();
  const [typed, setTyped] = useState<Filters>(noFilters);
  const [applied, setApplied] = useState<Filters>(noFilters);
  const [page, setPage] = useState(1);
  const symbolOk = typed.symbol === '' || SYMBOL.test(typed.symbol);

  const list = useQuery({
    queryKey: [...tradeAdminKeys.list, applied, page],
    queryFn: ({ signal }) =>
      fetchTradeList(
        {
          page,
          pageSize: PAGE_SIZE,
          ...(applied.status ? { status: applied.status } : {}),
          ...(applied.symbol ? { symbol: applied.symbol } : {}),
          ...(applied.account ? { account: applied.account } : {}),
        },
        signal,
      ),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

  const apply = (next: Filters) => {
    setApplied(next);
    setPage(1);
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (symbolOk) apply({ ...typed, account: typed.account.trim() });
  };
  const filtered = applied.status !== '' || applied.symbol !== '' || applied.account !== '';
  const total = list.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));

  return (
    <section className="trade-admin__block" data-testid="admin-trade-positions">
      <div className="section-bar">
        <h3 className="decision__title">{t('admin.trade.positions.title')}</h3>
        <Button
          size="small"
          fill="none"
          onClick={() => void list.refetch()}
          loading={list.isFetching && !list.isPending}
          data-testid="admin-trade-refresh"
        >
          {t('admin.queue.refresh')}
        </Button>
      </div>
      <p className="decision__hint trade-admin__note">{t('admin.trade.positions.readOnly')}</p>
      <form className="review__filters trade-admin__filters" role="search" onSubmit={submit}>
        <select
          className="admin-select"
          aria-label={t('admin.trade.positions.status')}
          value={typed.status}
          onChange={(e) => {
            const next = { ...typed, status: e.target.value as Filters['status'] };
            setTyped(next);
            apply({ ...applied, status: next.status });
          }}
          data-testid="admin-trade-status"
        >
          <option value="">{t('admin.trade.positions.all')}</option>
          {positionStatuses.map((s) => (
            <option key={s} value={s}>
              {t(`admin.trade.status.${s}`)}
            </option>
          ))}
        </select>
        <input
          className="admin-input"
          value={typed.symbol}
          maxLength={4}
          autoCapitalize="characters"
          onChange={(e) => setTyped({ ...typed, symbol: e.target.value.trim().toUpperCase() })}
          placeholder={t('admin.trade.positions.symbolPlaceholder')}
          aria-label={t('admin.trade.positions.symbol')}
          aria-invalid={!symbolOk}
          data-testid="admin-trade-symbol"
        />
        <input
          className="admin-input"
          value={typed.account}
          maxLength={32}
          inputMode="numeric"
          onChange={(e) => setTyped({ ...typed, account: e.target.value })}
          placeholder={t('admin.trade.positions.accountPlaceholder')}
          aria-label={t('admin.trade.positions.account')}
          data-testid="admin-trade-account"
        />
        <Button size="small" color="primary" type="submit" disabled={!symbolOk} data-testid="admin-trade-search">
          {t('admin.trade.positions.search')}
        </Button>
        {filtered && (
          <Button
            size="small"
            onClick={() => {
              setTyped(noFilters);
              apply(noFilters);
            }}
            data-testid="admin-trade-clear"
          >
            {t('admin.trade.positions.clear')}
          </Button>
        )}
      </form>
      {!symbolOk && <p className="decision__hint trade-admin__note">{t('admin.trade.positions.symbolInvalid')}</p>}

      {list.isPending ? (
        <Skeleton.Paragraph lineCount={6} animated className="centered-block" />
      ) : list.isError && !list.data ? (
        <div className="centered-block">
          <StatusBlock
            kind="disconnected"
            title={t('admin.audit.failedTitle')}
            description={t('admin.audit.failedBody')}
          />
          <Button onClick={() => void list.refetch()}>{t('common.retry')}</Button>
        </div>
      ) : list.data.items.length === 0 ? (
        <div className="centered-block" data-testid="admin-trade-empty">
          <StatusBlock
            kind="empty"
            title={t(filtered ? 'admin.trade.positions.noneFiltered' : 'admin.trade.positions.none')}
            description={t('admin.trade.positions.noneHint')}
          />
        </div>
      ) : (
        <div className="audit__scroll" tabIndex={0}>
          <table className="admin-table trade-admin__table" data-testid="admin-trade-table">
            <thead>
              <tr>
                <th scope="col">{t('admin.trade.positions.cols.orderNo')}</th>
                <th scope="col">{t('admin.trade.positions.cols.account')}</th>
                <th scope="col">{t('admin.trade.positions.cols.symbol')}</th>
                <th scope="col">
                  {t('admin.trade.positions.cols.side')} / {t('admin.trade.positions.cols.type')}
                </th>
                <th scope="col">{t('admin.trade.positions.cols.status')}</th>
                <th scope="col" className="admin-table__amount">
                  {t('admin.trade.positions.cols.quantity')}
                </th>
                <th scope="col" className="admin-table__amount">
                  {t('admin.trade.positions.cols.leverage')}
                </th>
                <th scope="col" className="admin-table__amount">
                  {t('admin.trade.positions.cols.open')}
                </th>
                <th scope="col" className="admin-table__amount">
                  {t('admin.trade.positions.cols.close')}
                </th>
                <th scope="col" className="admin-table__amount">
                  {t('admin.trade.positions.cols.margin')}
                </th>
                <th scope="col" className="admin-table__amount">
                  {t('admin.trade.positions.cols.fees')}
                </th>
                <th scope="col" className="admin-table__amount">
                  {t('admin.trade.positions.cols.pnl')}
                </th>
                <th scope="col">{t('admin.trade.positions.cols.closeReason')}</th>
              </tr>
            </thead>
            <tbody>
              {list.data.items.map((p) => (
                <tr key={p.orderNo} data-testid="admin-trade-row" data-order={p.orderNo} data-status={p.status}>
                  <td className="mono">{p.orderNo}</td>
                  <td className="num">{p.account}</td>
                  <td>
                    <strong className="num">{p.symbol}</strong> {p.names[locale]}
                  </td>
                  <td>
                    {t(`admin.trade.side.${p.side}`)}
                    <div className="restriction-list__meta">
                      {t(`admin.trade.type.${p.type}`)}
                      {p.limitPrice !== null &&
                        ` · ${t('admin.trade.positions.limitLine', { price: priceText(p.limitPrice) })}`}
                    </div>
                  </td>
                  <td>
                    <Tag color={statusTag[p.status]} fill={p.status === 'cancelled' ? 'outline' : 'solid'}>
                      {t(`admin.trade.status.${p.status}`)}
                    </Tag>
                  </td>
                  <td className="num admin-table__amount">{groupThousands(p.quantity)}</td>
                  <td className="num admin-table__amount">
                    {t('admin.trade.terms.leverageOption', { leverage: p.leverage })}
                  </td>
                  <td className="num admin-table__amount">
                    {priceText(p.openPrice)}
                    <div className="restriction-list__meta">{jstText(p.openedAt, 'Y-M-D h:m', locale)}</div>
                  </td>
                  <td className="num admin-table__amount">
                    {priceText(p.closePrice)}
                    <div className="restriction-list__meta">{jstText(p.closedAt, 'Y-M-D h:m', locale)}</div>
                  </td>
                  <td className="num admin-table__amount">
                    {moneyText(p.margin)}
                    {p.addedMargin !== '0' && (
                      <div className="restriction-list__meta">
                        {t('admin.trade.positions.addedLine', { amount: moneyText(p.addedMargin) })}
                      </div>
                    )}
                  </td>
                  <td
                    className="num admin-table__amount"
                    title={t('admin.trade.positions.feesBreakdown', {
                      purchase: moneyText(p.purchaseFee),
                      selling: moneyText(p.sellingFee),
                      stamp: moneyText(p.stampDuty),
                    })}
                  >
                    {moneyText(toWire(sum([p.purchaseFee, p.sellingFee, p.stampDuty])))}
                    <div className="restriction-list__meta">
                      {t('admin.trade.positions.financingLine', { amount: moneyText(p.financing) })}
                    </div>
                  </td>
                  <td className="num admin-table__amount">
                    {p.pnl === null ? '—' : <AmountText amount={p.pnl} signed />}
                    {p.netPnl !== null && (
                      <div className="restriction-list__meta">
                        {t('admin.trade.positions.netLine', { amount: moneyText(p.netPnl) })}
                      </div>
                    )}
                  </td>
                  <td>{p.closeReason ? t(`admin.trade.closeReason.${p.closeReason}`) : '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}

      <TablePager
        page={page}
        pages={pages}
        total={total}
        busy={list.isFetching}
        onPage={setPage}
        testId="admin-trade"
      />
    </section>
  );
}
