import { useState } from 'react';
import { Button, Skeleton, Tag } from 'antd-mobile';
import { Trash2 } from 'lucide-react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { deleteAlert, useAlerts, type AlertWire } from '../api/notices.api.ts';
import { ConfirmSheet } from '../../../shared/components/confirm-sheet.tsx';
import { LoadFailure } from '../../../shared/components/load-failure.tsx';
import { Page } from '../../../shared/components/page.tsx';
import { SignInRequired } from '../../../shared/components/sign-in-required.tsx';
import { StatusBlock } from '../../../shared/components/status-block.tsx';
import { jstText, useLocale } from '../../../shared/format/jst.ts';
import { priceText } from '../../../shared/format/price-change.ts';
import { push } from '../../../shared/navigation/navigation.ts';
import { useSession } from '../../../shared/session/session.store.ts';
import '../notices.css';

/** What an alert waits for, in words ("Above ¥2,900", "Moves ±5 %"). */
function useLevelText(): (a: AlertWire) => string {
  const { t } = useTranslation();
  return (a) =>
    a.kind === 'move'
      ? t('notices.alerts.level.move', { percent: a.percent ?? '' })
      : t(`notices.alerts.level.${a.kind}`, { price: priceText(a.price) });
}

/**
 * Price alerts (/user/alerts, issue 27): the member's alerts, waiting ones first, then those that fired (each fires
 * once, then is off); each can be deleted after a confirmation. Alerts are set from a stock's detail.
 */
export function AlertsScreen() {
  const session = useSession();
  return <Page testId="alerts-screen">{session.token === '' ? <SignInRequired /> : <AlertList />}</Page>;
}

function AlertList() {
  const { t } = useTranslation();
  const lang = useLocale();
  const client = useQueryClient();
  const alerts = useAlerts();
  const levelText = useLevelText();
  const [deleting, setDeleting] = useState<AlertWire | null>(null);
  const [busy, setBusy] = useState(false);

  if (alerts.isPending)
    return (
      <div className="notices__loading" aria-busy="true">
        {Array.from({ length: 3 }, (_, i) => (
          <Skeleton.Paragraph key={i} lineCount={2} animated />
        ))}
      </div>
    );
  if (alerts.isError || !alerts.data)
    return (
      <LoadFailure
        titleKey="notices.alerts.loadFailedTitle"
        messageKey="notices.loadFailedBody"
        onRetry={() => void alerts.refetch()}
        retrying={alerts.isFetching}
        testId="alerts-failed"
      />
    );
  const items = alerts.data.items;
  if (items.length === 0)
    return (
      <div className="centered-block" data-testid="alerts-empty">
        <StatusBlock kind="empty" title={t('notices.alerts.emptyTitle')} description={t('notices.alerts.emptyBody')} />
        <Button color="primary" onClick={() => push('/market/market')}>
          {t('notices.alerts.toMarket')}
        </Button>
      </div>
    );

  const remove = async () => {
    if (!deleting) return;
    setBusy(true);
    try {
      await deleteAlert(deleting.id);
      setDeleting(null);
      await client.invalidateQueries({ predicate: (q) => q.queryKey[0] === 'user/alerts/list' });
    } catch {
      // The client has shown why.
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <ul className="alerts" data-testid="alerts-list">
        {items.map((a) => (
          <li key={a.id} className="alert-row" data-testid="alert-row" data-state={a.state} data-kind={a.kind}>
            <button
              type="button"
              className="alert-row__main"
              onClick={() => push(`/market/marketDetail?symbol=${encodeURIComponent(a.symbol)}`)}
            >
              <span className="alert-row__symbol num">{a.symbol}</span>
              <span className="alert-row__level num" data-testid="alert-level">
                {levelText(a)}
              </span>
              <span className="alert-row__time num">
                {a.state === 'fired' && a.firedAt
                  ? t('notices.alerts.firedAt', {
                      time: jstText(a.firedAt, 'M-D h:m', lang),
                      price: priceText(a.firedPrice),
                    })
                  : t('notices.alerts.setAt', { time: jstText(a.createdAt, 'M-D h:m', lang) })}
              </span>
            </button>
            <Tag color={a.state === 'active' ? 'primary' : 'default'} fill="outline" data-testid="alert-state">
              {t(`notices.alerts.state.${a.state}`)}
            </Tag>
            <button
              type="button"
              className="icon-button"
              aria-label={t('notices.alerts.delete', { symbol: a.symbol })}
              onClick={() => setDeleting(a)}
              data-testid="alert-delete"
            >
              <Trash2 aria-hidden="true" />
            </button>
          </li>
        ))}
      </ul>
      <ConfirmSheet
        open={deleting !== null}
        title={t('notices.alerts.deleteTitle')}
        rows={
          deleting
            ? [
                { label: t('notices.alerts.symbol'), value: deleting.symbol },
                { label: t('notices.alerts.levelLabel'), value: levelText(deleting) },
              ]
            : []
        }
        confirmLabel={t('notices.alerts.deleteConfirm')}
        dismissLabel={t('notices.alerts.keep')}
        danger
        busy={busy}
        onConfirm={() => void remove()}
        onClose={() => setDeleting(null)}
        testId="alert-delete-sheet"
      />
    </>
  );
}
