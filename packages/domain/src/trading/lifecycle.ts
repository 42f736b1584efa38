import type { PositionStatus } from './position.ts';

/**
 * SPEC §4: a pending order fills (holding) or is cancelled; a holding position is closed at once, or, when no price
 * can be had now (the TSE closing auction), is preparing to close until the next print settles it.
 */
export type PositionEvent = 'fill' | 'cancel' | 'close' | 'closeLater' | 'settle';

const transitions: Readonly<Record<PositionStatus, Partial<Record<PositionEvent, PositionStatus>>>> = {
  pending: { fill: 'holding', cancel: 'cancelled' },
  holding: { close: 'closed', closeLater: 'closing' },
  closing: { settle: 'closed' },
  closed: {},
  cancelled: {},
};

/** The status after `event`, or null when the event is not allowed from `status`. */
export function nextStatus(status: PositionStatus, event: PositionEvent): PositionStatus | null {
  return transitions[status][event] ?? null;
}

/** Which refusal an event gets when its position is in the wrong state (SPEC §8 "not in pending/holding state"). */
export const requiredStatus = (event: PositionEvent): PositionStatus | null =>
  event === 'cancel' || event === 'fill'
    ? 'pending'
    : event === 'close' || event === 'closeLater'
      ? 'holding'
      : event === 'settle'
        ? 'closing'
        : null;
