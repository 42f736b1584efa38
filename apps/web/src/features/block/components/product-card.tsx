import { ChevronRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { BlockProduct } from '../api/block.api.ts';
import { ConditionTags, PhasePill } from './block-tags.tsx';
import { useBlockFormat } from './block-format.ts';
import { moneyText } from '../../../shared/format/money-text.ts';
import { useLocale } from '../../../shared/format/jst.ts';

/**
 * One product on the list: name in the member's language, code, price, minimum purchase, maximum shares, the window,
 * the lock-up, what it asks of the member (channel password, seat account) and its phase. A tap opens the form.
 */
export function ProductCard({ product: p, onOpen }: { product: BlockProduct; onOpen: () => void }) {
  const { t } = useTranslation();
  const lang = useLocale();
  const f = useBlockFormat();
  const figures = [
    { key: 'price', label: t('block.fields.price'), value: moneyText(p.price), testId: 'block-card-price' },
    { key: 'min', label: t('block.fields.minAmount'), value: moneyText(p.minAmount), testId: 'block-card-min' },
    { key: 'max', label: t('block.fields.maxShares'), value: f.shares(p.maxShares), testId: 'block-card-max' },
    { key: 'lockUp', label: t('block.fields.lockUp'), value: f.lockUpDay(p.lockUpUntil), testId: 'block-card-lock-up' },
  ];
  return (
    <article className="block-card" data-testid="block-card" data-product-id={p.id} data-phase={p.phase}>
      <button type="button" className="block-card__open" onClick={onOpen} data-testid="block-card-open">
        <div className="block-card__head">
          <div className="block-card__name">
            <strong>{p.names[lang]}</strong> <span className="block-code num">{p.code}</span>
          </div>
          <ChevronRight className="block-card__chevron" aria-hidden="true" />
        </div>
        <div className="block-card__tags">
          <PhasePill phase={p.phase} />
          <ConditionTags passwordRequired={p.passwordRequired} seatOnly={p.seatOnly} />
        </div>
        <p className="block-card__window num" data-testid="block-card-window">
          <span className="block-card__label">{t('block.fields.window')}</span> {f.range(p.opensAt, p.closesAt)}
        </p>
        <dl className="block-figures">
          {figures.map((x) => (
            <div key={x.key}>
              <dt>{x.label}</dt>
              <dd className="num" data-testid={x.testId}>
                {x.value}
              </dd>
            </div>
          ))}
        </dl>
      </button>
    </article>
  );
}
