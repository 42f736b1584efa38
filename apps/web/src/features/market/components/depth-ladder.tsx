import { useTranslation } from 'react-i18next';
import { groupThousands, priceText } from '../../../shared/format/price-change.ts';

interface Level {
  price: string;
  quantity: number;
}

/** Five asks above five bids, best prices meeting in the middle, each with a bar proportional to its size (UX "Stock detail"). */
export function DepthLadder({ bids, asks }: { bids: readonly Level[]; asks: readonly Level[] }) {
  const { t } = useTranslation();
  const largest = Math.max(1, ...bids.map((l) => l.quantity), ...asks.map((l) => l.quantity));
  const asksTopDown = [...asks].slice(0, 5).reverse();
  const row = (side: 'ask' | 'bid', level: Level, rank: number) => (
    <tr key={`${side}-${level.price}`} className={`depth__row depth__row--${side}`} data-testid={`depth-${side}`}>
      <th scope="row" className="depth__label">
        {t(side === 'ask' ? 'marketDetail.depth.askLevel' : 'marketDetail.depth.bidLevel', { rank })}
      </th>
      <td className="depth__price num">{priceText(level.price)}</td>
      <td className="depth__quantity num">
        <span
          className={`depth__bar depth__bar--${side}`}
          style={{ width: `${String(Math.round((level.quantity / largest) * 100))}%` }}
          aria-hidden="true"
        />
        <span className="depth__figure">{groupThousands(String(level.quantity))}</span>
      </td>
    </tr>
  );
  if (bids.length === 0 && asks.length === 0) return <p className="depth__empty">{t('marketDetail.depth.empty')}</p>;
  return (
    <table className="depth" data-testid="depth-ladder">
      <caption className="visually-hidden">{t('marketDetail.depth.title')}</caption>
      <thead>
        <tr>
          <th scope="col">{t('marketDetail.depth.side')}</th>
          <th scope="col">{t('marketDetail.depth.price')}</th>
          <th scope="col">{t('marketDetail.depth.quantity')}</th>
        </tr>
      </thead>
      <tbody>
        {asksTopDown.map((level, i) => row('ask', level, asksTopDown.length - i))}
        {bids.slice(0, 5).map((level, i) => row('bid', level, i + 1))}
      </tbody>
    </table>
  );
}
