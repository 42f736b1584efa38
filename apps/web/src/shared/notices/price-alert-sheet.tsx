import { useState } from 'react';
import { Button, Popup } from 'antd-mobile';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { alertCreateCall } from '@kabuto/contracts/notices/notices';
import { alertRefusalKey } from '@kabuto/contracts/notices/refusals';
import { readDecimalInput } from '@kabuto/domain/input/decimal-input';
import { checkAlert, type AlertKind } from '@kabuto/domain/notices/price-alert';
import type { TickTable } from '@kabuto/domain/market/tick-size';
import { stepTick } from '@kabuto/domain/market/tick-size';
import { api } from '../api/api.ts';
import { callRef } from '../api/call-ref.ts';
import { showSuccess } from '../api/notice.ts';
import { FormInput } from '../components/form-input.tsx';
import { priceText } from '../format/price-change.ts';
import { push } from '../navigation/navigation.ts';
import './price-alert.css';

const createRef = callRef<typeof alertCreateCall>('user/alerts/create');

export interface AlertStock {
  symbol: string;
  name: string;
  last: string;
  tickTable: TickTable;
}

/** The level a new alert starts from: one tick above the last price for "above", one below for "below". */
function startingPrice(kind: 'above' | 'below', s: AlertStock): string {
  try {
    return stepTick(s.last, s.tickTable, kind === 'above' ? 'up' : 'down')?.toFixed() ?? s.last;
  } catch {
    return '';
  }
}

/**
 * Issue 27: sets a price alert on the stock — crosses above or below a price (on the tick grid), or moves ±x % in a
 * day. Checked as the member types by the rule the server applies (`checkAlert`); the alert fires once, as a notice.
 */
export function PriceAlertSheet({ stock, open, onClose }: { stock: AlertStock; open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [kind, setKind] = useState<AlertKind>('above');
  const [price, setPrice] = useState(() => startingPrice('above', stock));
  const [percent, setPercent] = useState('5');
  const [busy, setBusy] = useState(false);

  const typed = readDecimalInput(kind === 'move' ? percent : price, { maxDecimals: kind === 'move' ? 2 : 4 });
  const text = 'ok' in typed ? typed.ok : '';
  const checked = checkAlert(kind === 'move' ? { kind, percent: text } : { kind, price: text }, stock.tickTable);
  const problem = 'refused' in checked && text !== '' ? alertRefusalKey[checked.refused] : null;
  const unreadable = 'problem' in typed;

  const choose = (k: AlertKind) => {
    setKind(k);
    if (k !== 'move') setPrice(startingPrice(k, stock));
  };

  const submit = async () => {
    if (!('ok' in checked)) return;
    setBusy(true);
    try {
      await api.call(createRef, { symbol: stock.symbol, ...checked.ok });
      showSuccess('notices.alerts.saved');
      await client.invalidateQueries({ predicate: (q) => q.queryKey[0] === 'user/alerts/list' });
      onClose();
    } catch {
      // The client has said why (a catalogued key in a notice); the sheet stays open to correct it.
    } finally {
      setBusy(false);
    }
  };

  return (
    <Popup
      visible={open}
      onMaskClick={() => !busy && onClose()}
      bodyClassName="price-alert-sheet"
      destroyOnClose
      data-testid="price-alert-sheet"
    >
      <h2 className="price-alert-sheet__title">{t('notices.alerts.sheetTitle', { name: stock.name })}</h2>
      <p className="price-alert-sheet__now num" data-testid="price-alert-last">
        {t('notices.alerts.lastPrice', { price: priceText(stock.last) })}
      </p>
      <div className="price-alert-sheet__kinds" role="group" aria-label={t('notices.alerts.kindLabel')}>
        {(['above', 'below', 'move'] as const).map((k) => (
          <button
            key={k}
            type="button"
            className={`price-alert-sheet__kind${kind === k ? ' price-alert-sheet__kind--on' : ''}`}
            aria-pressed={kind === k}
            onClick={() => choose(k)}
            data-testid={`price-alert-kind-${k}`}
          >
            {t(`notices.alerts.kind.${k}`)}
          </button>
        ))}
      </div>
      <label className="price-alert-sheet__field" htmlFor="price-alert-value">
        {t(kind === 'move' ? 'notices.alerts.percentLabel' : 'notices.alerts.priceLabel')}
      </label>
      <FormInput
        id="price-alert-value"
        testId="price-alert-value"
        inputMode="decimal"
        value={kind === 'move' ? percent : price}
        onChange={(v) => (kind === 'move' ? setPercent(v) : setPrice(v))}
        maxLength={16}
        clearable
      />
      <p className="price-alert-sheet__hint" data-testid="price-alert-hint">
        {t(kind === 'move' ? 'notices.alerts.percentHint' : 'notices.alerts.priceHint')}
      </p>
      {(problem || unreadable) && (
        <p className="price-alert-sheet__error" role="alert" data-testid="price-alert-error">
          {t(problem ?? (kind === 'move' ? 'errors.alerts.percentInvalid' : 'errors.alerts.priceInvalid'))}
        </p>
      )}
      <div className="price-alert-sheet__actions">
        <Button block onClick={() => push('/user/alerts')} disabled={busy} data-testid="price-alert-list">
          {t('notices.alerts.myAlerts')}
        </Button>
        <Button
          block
          color="primary"
          loading={busy}
          disabled={!('ok' in checked)}
          onClick={() => void submit()}
          data-testid="price-alert-save"
        >
          {t('notices.alerts.save')}
        </Button>
      </div>
    </Popup>
  );
}
