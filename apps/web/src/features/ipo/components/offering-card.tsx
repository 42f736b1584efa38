import { Tag } from 'antd-mobile';
import { ChevronRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { GrabWindowWire, OfferingListItem } from '../api/ipo.api.ts';
import { useGrabPhase } from './grab-window.ts';
import { EntryStatusPill, PhasePill } from './ipo-pills.tsx';
import { useIpoFormat } from './ipo-format.ts';
import { moneyText } from '../../../shared/format/money-text.ts';
import { useLocale } from '../../../shared/format/jst.ts';

/**
 * One offering on the list: name in the member's language, code, offering price, shares on offer, the subscription
 * window, the draw and the listing, its phase, a tag while its grab window is open, and the member's own entry when
 * there is one. A tap opens the detail.
 */
export function OfferingCard({ offering: o, onOpen }: { offering: OfferingListItem; onOpen: () => void }) {
  const { t } = useTranslation();
  const lang = useLocale();
  const f = useIpoFormat();
  const figures = [
    { key: 'price', label: t('ipo.fields.price'), value: moneyText(o.price), testId: 'ipo-card-price' },
    { key: 'offer', label: t('ipo.fields.sharesOnOffer'), value: f.shares(o.sharesOnOffer) },
    { key: 'draw', label: t('ipo.fields.drawAt'), value: t('common.jst', { time: f.short(o.drawAt) }) },
    { key: 'lists', label: t('ipo.fields.listsAt'), value: f.day(o.listsAt) },
  ];
  return (
    <article className="ipo-card" data-testid="ipo-card" data-offering-id={o.id} data-phase={o.phase}>
      <button type="button" className="ipo-card__open" onClick={onOpen} data-testid="ipo-card-open">
        <div className="ipo-card__head">
          <div className="ipo-card__name">
            <strong>{o.names[lang]}</strong> <span className="ipo-code num">{o.code}</span>
          </div>
          <ChevronRight className="ipo-card__chevron" aria-hidden="true" />
        </div>
        <div className="ipo-card__tags">
          <PhasePill phase={o.phase} />
          {o.mine && <EntryStatusPill status={o.mine.status} testId="ipo-card-mine" />}
          {o.grab && <GrabOpenTag grab={o.grab} />}
        </div>
        <p className="ipo-card__window num">
          <span className="ipo-card__label">{t('ipo.fields.window')}</span> {f.range(o.opensAt, o.closesAt)}
        </p>
        <dl className="ipo-figures">
          {figures.map((x) => (
            <div key={x.key}>
              <dt>{x.label}</dt>
              <dd className="num" data-testid={x.testId}>
                {x.value}
              </dd>
            </div>
          ))}
        </dl>
        {o.mine && (
          <p className="ipo-card__mine num" data-testid="ipo-card-entry">
            {t('ipo.list.mine', { shares: f.shares(o.mine.shares) })}
          </p>
        )}
      </button>
    </article>
  );
}

/** "Grab shares open" while the window is open and shares remain; it appears and goes at the window's times. */
function GrabOpenTag({ grab }: { grab: GrabWindowWire }) {
  const { t } = useTranslation();
  if (useGrabPhase(grab) !== 'open') return null;
  return (
    <Tag color="warning" fill="solid" className="status-pill" data-testid="ipo-card-grab">
      {t('ipo.grab.tag')}
    </Tag>
  );
}
