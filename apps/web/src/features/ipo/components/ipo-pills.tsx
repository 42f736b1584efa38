import { Tag } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import type { GrabPhase } from '@kabuto/domain/ipo/grab';
import type { EntryStatus, OfferingPhase } from '../api/ipo.api.ts';
import '../../../shared/components/status-pill.css';

type Tone = 'default' | 'primary' | 'success' | 'warning' | 'danger';

const phaseTones: Record<OfferingPhase, Tone> = {
  notYetOpen: 'default',
  subscribing: 'primary',
  ended: 'warning',
  drawn: 'success',
  listed: 'default',
  cancelled: 'danger',
};

const statusTones: Record<EntryStatus, Tone> = {
  awaitingDraw: 'warning',
  won: 'primary',
  paid: 'success',
  notWon: 'default',
  lapsed: 'danger',
  cancelled: 'default',
};

const grabTones: Record<GrabPhase, Tone> = {
  notYetOpen: 'default',
  open: 'primary',
  soldOut: 'danger',
  ended: 'default',
};

const allotmentTones: Record<'locked' | 'sellable' | 'sold', Tone> = {
  locked: 'warning',
  sellable: 'success',
  sold: 'default',
};

/** An allotment's state (/user/pj): locked until listing or the lock-up's end, sellable, or sold. */
export function AllotmentPill({ status }: { status: 'locked' | 'sellable' | 'sold' }) {
  const { t } = useTranslation();
  return (
    <Tag color={allotmentTones[status]} fill="outline" className="status-pill" data-testid="allotment-status">
      {t(`ipo.allotments.status.${status}`)}
    </Tag>
  );
}

/** SPEC §4 offering states, in words (never colour alone). */
export function PhasePill({ phase, testId = 'ipo-phase' }: { phase: OfferingPhase; testId?: string }) {
  const { t } = useTranslation();
  return (
    <Tag color={phaseTones[phase]} fill="outline" className="status-pill" data-testid={testId} data-phase={phase}>
      {t(`ipo.phase.${phase}`)}
    </Tag>
  );
}

/** SPEC §4 lottery results of the member's entry: awaiting draw, won, paid, not won; lapsed; cancelled. */
export function EntryStatusPill({ status, testId = 'ipo-status' }: { status: EntryStatus; testId?: string }) {
  const { t } = useTranslation();
  return (
    <Tag color={statusTones[status]} fill="outline" className="status-pill" data-testid={testId} data-status={status}>
      {t(`ipo.status.${status}`)}
    </Tag>
  );
}

/** The grab window's phase (first come, first served), in words. */
export function GrabPhasePill({ phase, testId = 'ipo-grab-phase' }: { phase: GrabPhase; testId?: string }) {
  const { t } = useTranslation();
  return (
    <Tag color={grabTones[phase]} fill="outline" className="status-pill" data-testid={testId} data-phase={phase}>
      {t(`ipo.grab.phase.${phase}`)}
    </Tag>
  );
}
