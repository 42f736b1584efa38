// The trading section's own styles load with it, inside the back office's chunk.
import './trade-admin.css';
import { Button, Skeleton } from 'antd-mobile';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { fetchTradeSettings, tradeAdminKeys } from '../api/trade-admin.api.ts';
import { TradePositions } from './trade-positions.tsx';
import { TradeSaleRules } from './trade-sale-rules.tsx';
import { TradeTerms } from './trade-terms.tsx';
import { StatusBlock } from '../../../shared/components/status-block.tsx';

/**
 * Back office → Trading (issue 18): every member's orders and positions, read only; then the published terms and
 * per-stock sale rules (admin changes them with a reason; support and auditors read).
 */
export function TradeAdmin({ maySave }: { maySave: boolean }) {
  const { t } = useTranslation();
  const settings = useQuery({
    queryKey: tradeAdminKeys.settings,
    queryFn: ({ signal }) => fetchTradeSettings(signal),
    staleTime: 0,
  });

  return (
    <div className="review trade-admin" data-testid="admin-trade">
      <TradePositions />
      {settings.isPending ? (
        <Skeleton.Paragraph lineCount={6} animated className="centered-block" />
      ) : settings.isError ? (
        <div className="centered-block">
          <StatusBlock
            kind="disconnected"
            title={t('admin.audit.failedTitle')}
            description={t('admin.audit.failedBody')}
          />
          <Button onClick={() => void settings.refetch()}>{t('common.retry')}</Button>
        </div>
      ) : (
        <>
          {/* A save answers the new settings: keyed by them, the form starts again from what was saved. */}
          <TradeTerms key={settings.data.changedAt ?? 'opening'} settings={settings.data} maySave={maySave} />
          <TradeSaleRules settings={settings.data} maySave={maySave} />
        </>
      )}
    </div>
  );
}
