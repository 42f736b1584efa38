import { useState } from 'react';
import { Button, Tabs } from 'antd-mobile';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { successKeys } from '@kabuto/contracts/errors';
import { cancelOrder, closePosition, positionTabList, type Position, type PositionTab } from '../api/trade.api.ts';
import { useIdempotentSubmission } from '../../../shared/api/idempotency.ts';
import {
  useAssetsForTrade,
  usePositions,
  usePriceSource,
  useRefreshTrade,
  useTradeTotals,
} from '../api/trade.queries.ts';
import { CloseSheet } from '../components/close-sheet.tsx';
import { ConfirmSheet } from '../../../shared/components/confirm-sheet.tsx';
import type { Touch } from '@kabuto/domain/trading/position';
import { symbolsToFollow } from '@kabuto/domain/trading/position-totals';
import { DepthFollower, MAX_LIVE_SYMBOLS, useLiveTouches } from '../components/live-lasts.tsx';
import { TotalsCard } from '../components/totals-card.tsx';
import { valuationOf, type Valuation } from '../components/live-valuation.ts';
import { PositionCard, PriceSourceTag, QuantityText } from '../components/position-card.tsx';
import { ListSkeleton } from '../../../shared/components/list-skeleton.tsx';
import { LoadFailure } from '../../../shared/components/load-failure.tsx';
import { Refreshable } from '../../../shared/components/refreshable.tsx';
import { Page } from '../../../shared/components/page.tsx';
import { SignInRequired } from '../../../shared/components/sign-in-required.tsx';
import { StatusBlock } from '../../../shared/components/status-block.tsx';
import { preloadNotice, showSuccess } from '../../../shared/api/notice.ts';
import { priceText } from '../../../shared/format/price-change.ts';
import { moneyText } from '../../../shared/format/money-text.ts';
import { useLocale } from '../../../shared/format/jst.ts';
import { push, replace } from '../../../shared/navigation/navigation.ts';
import { useAddressParam } from '../../../shared/navigation/use-address-param.ts';
import { useSession } from '../../../shared/session/session.store.ts';
import '../trade.css';

const isTab = (value: string | null): value is PositionTab => positionTabList.includes(value as PositionTab);

/** Positions (/position/position?tab=): orders placing, positions in progress, and terminated ones (SPEC §2). */
export function PositionsScreen() {
  const { t } = useTranslation();
  const session = useSession();
  const param = useAddressParam('tab');
  const tab: PositionTab = isTab(param) ? param : 'holding';
  return (
    <Page testId="positions-screen" showBack={false}>
      {session.token === '' ? (
        <SignInRequired />
      ) : (
        <SignedInPositions tab={tab} tabTitle={(key) => t(`trade.tabs.${key}`)} />
      )}
    </Page>
  );
}

/**
 * The totals (建玉一覧) over the tabs, both live with the same books: the totals follow the stocks with the most open
 * positions, the list those of its own cards not already followed (at most MAX_LIVE_SYMBOLS topics in all). Pulling
 * the screen down asks every figure again.
 */
function SignedInPositions({ tab, tabTitle }: { tab: PositionTab; tabTitle: (key: PositionTab) => string }) {
  const totals = useTradeTotals();
  const refresh = useRefreshTrade();
  const { touches, onTouch } = useLiveTouches();
  const followed = totals.data ? symbolsToFollow(totals.data.positions, MAX_LIVE_SYMBOLS) : [];
  return (
    <Refreshable onRefresh={refresh}>
      {followed.map((symbol) => (
        <DepthFollower key={symbol} symbol={symbol} onTouch={onTouch} onResync={() => void totals.refetch()} />
      ))}
      <TotalsCard totals={totals} touches={touches} />
      <Tabs activeKey={tab} onChange={(key) => replace(`/position/position?tab=${key}`)} className="positions__tabs">
        {positionTabList.map((key) => (
          <Tabs.Tab key={key} title={tabTitle(key)} data-testid={`pos-tab-${key}`} />
        ))}
      </Tabs>
      <PositionList key={tab} tab={tab} touches={touches} onTouch={onTouch} followedAbove={followed} />
    </Refreshable>
  );
}

function PositionList({
  tab,
  touches,
  onTouch,
  followedAbove,
}: {
  tab: PositionTab;
  touches: Readonly<Record<string, Touch>>;
  onTouch: (symbol: string, touch: Touch) => void;
  /** Stocks the totals already follow. */
  followedAbove: readonly string[];
}) {
  const { t } = useTranslation();
  const list = usePositions(tab);
  const refresh = useRefreshTrade();
  const source = usePriceSource();
  // The member's available funds pay a loss beyond a position's margin: the close sheet says how much.
  const assets = useAssetsForTrade();
  const available = assets.data?.available ?? null;
  const [acting, setActing] = useState<Position | null>(null);

  const submission = useIdempotentSubmission();
  const act = useMutation({
    mutationFn: (p: Position) => {
      const headers = submission.headersFor({ what: p.status, orderNo: p.orderNo });
      return p.status === 'holding' ? closePosition(p.orderNo, headers) : cancelOrder(p.orderNo, headers);
    },
    onSuccess: async (done) => {
      submission.settle();
      setActing(null);
      showSuccess(done.status === 'cancelled' ? successKeys.cancel : successKeys.closed);
      await refresh();
      // A closed position's realised result is in the terminated tab: show it there.
      if (done.status === 'closed') replace('/position/position?tab=closed');
    },
    // The client has already said why (its notice); the list may have changed under the member.
    onError: (e) => {
      submission.settle(e);
      setActing(null);
      void refresh();
    },
  });

  if (list.isPending) return <PositionsLoading />;
  if (list.isError)
    return (
      <LoadFailure
        titleKey="trade.loadFailedTitle"
        messageKey="trade.loadFailedBody"
        onRetry={() => void list.refetch()}
        retrying={list.isFetching}
        testId="pos-failed"
      />
    );
  const items = list.data.pages.flatMap((p) => p.items);
  if (items.length === 0) return <EmptyTab tab={tab} />;

  // The live top of the book for the holding positions on screen (at most MAX_LIVE_SYMBOLS stocks): each is valued
  // and estimated at the side it would close at, as the server does and as the detail shows it.
  const holding = [...new Set(items.filter((p) => p.status === 'holding').map((p) => p.symbol))];
  const followed = holding
    .filter((symbol) => !followedAbove.includes(symbol))
    .slice(0, MAX_LIVE_SYMBOLS - followedAbove.length);
  return (
    <div className="positions" data-testid="pos-list" data-tab={tab}>
      {followed.map((symbol) => (
        <DepthFollower key={symbol} symbol={symbol} onTouch={onTouch} onResync={() => void list.refetch()} />
      ))}
      {source.data && (
        <p className="positions__source">
          <PriceSourceTag source={source.data} testId="pos-source" />
        </p>
      )}
      {tab === 'holding' && holding.length > 0 && <p className="positions__note">{t('trade.liveNote')}</p>}
      {items.map((p) => {
        const value = valuationOf(p, touches[p.symbol], available);
        return (
          <PositionCard
            key={p.orderNo}
            position={p}
            value={value}
            onOpen={() => push(`/position/positionDetail?orderNo=${encodeURIComponent(p.orderNo)}`)}
            onAction={
              // Shares in their lock-up (an IPO allotment before listing, a block trade's lock-up) cannot be sold: no close
              // on the card.
              (p.status === 'holding' && !p.saleRules.includes('lockUp')) || p.status === 'pending'
                ? () => {
                    preloadNotice();
                    setActing(p);
                  }
                : null
            }
          />
        );
      })}
      {list.hasNextPage && (
        <Button
          block
          fill="none"
          loading={list.isFetchingNextPage}
          onClick={() => void list.fetchNextPage()}
          data-testid="pos-more"
        >
          {t('trade.loadMore')}
        </Button>
      )}
      {acting && (
        <ActionSheet
          position={acting}
          // Kept moving while the sheet is open: the figures are those of the price the close would use now.
          value={valuationOf(acting, touches[acting.symbol], available)}
          busy={act.isPending}
          onConfirm={() => !act.isPending && act.mutate(acting)}
          onClose={() => setActing(null)}
        />
      )}
    </div>
  );
}

/** Cancel (the hold returns) or close (at the price of the moment), restated before the member confirms. */
function ActionSheet({
  position: p,
  value,
  busy,
  onConfirm,
  onClose,
}: {
  position: Position;
  value: Valuation;
  busy: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const lang = useLocale();
  const stock = `${p.names[lang]} ${p.symbol}`;
  if (p.status === 'pending')
    return (
      <ConfirmSheet
        open
        title={t('trade.cancelSheet.title')}
        headline={moneyText(p.held)}
        rows={[
          { label: t('trade.fields.stock'), value: stock },
          { label: t('trade.fields.side'), value: t(`trade.side.${p.side}`) },
          { label: t('trade.fields.quantity'), value: <QuantityText quantity={p.quantity} lots={p.lots} /> },
          { label: t('trade.fields.limitPrice'), value: priceText(p.limitPrice), className: 'num' },
          { label: t('trade.cancelSheet.returned'), value: moneyText(p.held), className: 'num' },
        ]}
        headlineLabel={t('trade.cancelSheet.returned')}
        note={t('trade.cancelSheet.note')}
        confirmLabel={t('trade.cancelSheet.confirm')}
        dismissLabel={t('trade.cancelSheet.keep')}
        busy={busy}
        onConfirm={onConfirm}
        onClose={onClose}
        testId="cancel-sheet"
      />
    );
  return <CloseSheet position={p} value={value} busy={busy} onConfirm={onConfirm} onClose={onClose} />;
}

// A holding card's height at 390 px (name, tags, three figures, P&L, time, the close button): see positions-totals.spec.
const CARD_HEIGHT = 288;

function PositionsLoading() {
  const { t } = useTranslation();
  return <ListSkeleton rows={4} rowHeight={CARD_HEIGHT} label={t('trade.loading')} testId="pos-loading" />;
}

function EmptyTab({ tab }: { tab: PositionTab }) {
  const { t } = useTranslation();
  // Block-trade shares come from an application, not an order: the way forward is the products.
  const action =
    tab === 'competition'
      ? { path: '/common/dividend', label: t('trade.empty.toBlockTrades') }
      : tab === 'follow'
        ? { path: '/follow/list', label: t('trade.empty.toFollow') }
        : { path: '/market/market', label: t('trade.empty.action') };
  return (
    <div className="centered-block" data-testid="pos-empty">
      <StatusBlock kind="empty" title={t(`trade.empty.${tab}.title`)} description={t(`trade.empty.${tab}.body`)} />
      <Button color="primary" onClick={() => push(action.path)} data-testid="pos-empty-action">
        {action.label}
      </Button>
    </div>
  );
}
