import { Tag } from 'antd-mobile';
import { KeyRound, Landmark } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { ProductPhase } from '../api/block.api.ts';
import '../../../shared/components/status-pill.css';

const phaseTones: Record<ProductPhase, 'default' | 'primary' | 'danger'> = {
  upcoming: 'default',
  open: 'primary',
  closed: 'default',
  withdrawn: 'danger',
};

/** SPEC §4 product states, in words (never colour alone). */
export function PhasePill({ phase }: { phase: ProductPhase }) {
  const { t } = useTranslation();
  return (
    <Tag color={phaseTones[phase]} fill="outline" className="status-pill" data-testid="block-phase" data-phase={phase}>
      {t(`block.phase.${phase}`)}
    </Tag>
  );
}

/** What a product asks of the member before they can apply: a channel password, a seat account. */
export function ConditionTags({ passwordRequired, seatOnly }: { passwordRequired: boolean; seatOnly: boolean }) {
  const { t } = useTranslation();
  return (
    <>
      {passwordRequired && (
        <span className="block-tag" data-testid="block-tag-password">
          <KeyRound aria-hidden="true" />
          {t('block.tags.password')}
        </span>
      )}
      {seatOnly && (
        <span className="block-tag" data-testid="block-tag-seat">
          <Landmark aria-hidden="true" />
          {t('block.tags.seatOnly')}
        </span>
      )}
    </>
  );
}
