import { useTranslation } from 'react-i18next';
import { toWire, tryMoney } from '@kabuto/domain/money';
import type { Position } from '../api/trade.api.ts';
import type { Valuation } from './live-valuation.ts';
import { ConfirmSheet } from '../../../shared/components/confirm-sheet.tsx';
import { PnlText, QuantityText } from './position-card.tsx';
import { AmountText } from '../../../shared/components/amount-text.tsx';
import type { DetailRow } from '../../../shared/components/detail-list.tsx';
import { priceText } from '../../../shared/format/price-change.ts';
import { moneyText } from '../../../shared/format/money-text.ts';
import { useLocale } from '../../../shared/format/jst.ts';

const positive = (v: string | undefined) => tryMoney(v)?.gt(0) === true;

/**
 * Closing a holding position (the list's and the detail's one sheet): at the price the close will use — the bid for
 * a long, the ask for a short — the selling (buy-back) fee, the other charges, the result after all of them
 * (手数料等控除後) and what returns to available funds, all from the domain's `closeEstimate`; they move with the price.
 */
export function CloseSheet({
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
  const close = value.close;
  const yen = (v: string | undefined) => (v === undefined ? '—' : moneyText(v));
  const returned = tryMoney(close?.toAvailable);
  const rows: DetailRow[] = [
    { label: t('trade.fields.stock'), value: `${p.names[lang]} ${p.symbol}` },
    { label: t('trade.fields.side'), value: t(`trade.side.${p.side}`) },
    { label: t('trade.fields.quantity'), value: <QuantityText quantity={p.quantity} lots={p.lots} /> },
    { label: t('trade.fields.openPrice'), value: priceText(p.openPrice), className: 'num' },
    {
      label: t(`trade.fields.closingPrice.${p.side}`),
      value: close ? priceText(close.price) : '—',
      className: 'num',
      testId: 'close-sheet-price',
    },
    {
      label: t('trade.fields.unrealisedPnl'),
      value: <PnlText pnl={value.pnl} percent={value.pnlPercent} testId="close-sheet-gross" />,
    },
    {
      label: t(p.side === 'long' ? 'trade.fields.sellingFee' : 'trade.fields.buyBackFee'),
      value: yen(close?.sellingFee),
      className: 'num',
      testId: 'close-sheet-selling-fee',
    },
    {
      label: t('trade.closeSheet.otherCharges'),
      value: yen(close?.otherCharges),
      className: 'num',
      testId: 'close-sheet-other-charges',
    },
    {
      label: t('trade.fields.netPnl'),
      value: close ? <AmountText amount={close.netResult} signed testId="close-sheet-net" /> : '—',
    },
    { label: t('trade.fields.margin'), value: moneyText(p.margin), className: 'num' },
    ...(positive(p.addedMargin)
      ? [{ label: t('trade.fields.addedMargin'), value: moneyText(p.addedMargin), className: 'num' }]
      : []),
    {
      label: t(returned?.isNegative() ? 'trade.closeSheet.takenFromAvailable' : 'trade.closeSheet.toAvailable'),
      value: returned === null ? '—' : moneyText(toWire(returned.abs())),
      className: 'num',
      testId: 'close-sheet-to-available',
      rowClassName: 'detail-list__strong',
    },
  ];
  const notes = [
    t(`trade.closeSheet.chargesNote.${p.side}`),
    ...(close && positive(close.lossBeyondMargin)
      ? [t('trade.closeSheet.beyondMargin', { amount: moneyText(close.lossBeyondMargin) })]
      : []),
    ...(close && positive(close.houseAbsorbs)
      ? [t('trade.closeSheet.houseAbsorbs', { amount: moneyText(close.houseAbsorbs) })]
      : []),
    t(`trade.closeSheet.note.${p.side}`),
  ];
  return (
    <ConfirmSheet
      open
      title={t('trade.closeSheet.title')}
      headline={close ? <AmountText amount={close.netResult} signed /> : '—'}
      headlineLabel={t('trade.closeSheet.headline')}
      rows={rows}
      note={notes.join(' ')}
      confirmLabel={t('trade.closeSheet.confirm')}
      danger
      busy={busy}
      onConfirm={onConfirm}
      onClose={onClose}
      testId="close-sheet"
    />
  );
}
