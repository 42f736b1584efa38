import type { ErrorKey } from '@kabuto/contracts/errors';
import { reasonIssue } from '@kabuto/contracts/formats';
import { grabWindowRefusalKey } from '@kabuto/contracts/ipo/refusals';
import { checkGrabWindow } from '@kabuto/domain/ipo/grab';
import { jstInstantOf } from './ipo-offering-form.ts';
import type { GrabWindowRequest, StaffOffering } from './api/ipo-admin.api.ts';

// Back office → IPO offerings → "Re-offer lapsed shares" (issue 25 grab shares): staff type the window as JST wall-clock
// times, like the offering form; the same checkGrabWindow the server runs refuses it here before anything is sent.

export const grabTimeFields = ['opensAt', 'closesAt'] as const;
export type GrabTimeField = (typeof grabTimeFields)[number];

/** The form as typed: times are `datetime-local` values ('2026-12-10T09:00'), read as JST. */
export interface GrabWindowDraft {
  opensAt: string;
  closesAt: string;
  reason: string;
}

export const emptyGrabWindowDraft: GrabWindowDraft = { opensAt: '', closesAt: '', reason: '' };

/** What the list tells of an offering: enough for the check, which the server repeats with what it alone knows. */
export type GrabWindowOffering = Pick<StaffOffering, 'id' | 'phase' | 'payBy' | 'listsAt' | 'allocated' | 'grab'>;

/**
 * The action is offered for an offering drawn whose purchase deadline has passed (its unconfirmed wins lapse then) and
 * that has no grab window yet: the window is set once.
 */
export function grabWindowOffered(o: GrabWindowOffering, now: Date): boolean {
  return o.phase === 'drawn' && o.grab === null && now >= new Date(o.payBy);
}

export interface GrabWindowReview {
  missing: GrabTimeField[];
  invalid: GrabTimeField[];
  refusal: ErrorKey | null;
  /** The request to send, once both times are read, the check passes and the reason is written. */
  request: GrabWindowRequest | null;
}

export function reviewGrabWindow(draft: GrabWindowDraft, o: GrabWindowOffering, now: Date): GrabWindowReview {
  const missing = grabTimeFields.filter((f) => draft[f].trim() === '');
  const times = { opensAt: jstInstantOf(draft.opensAt), closesAt: jstInstantOf(draft.closesAt) };
  const invalid = grabTimeFields.filter((f) => draft[f].trim() !== '' && times[f] === null);

  let refusal: ErrorKey | null = null;
  if (times.opensAt !== null && times.closesAt !== null) {
    const payBy = new Date(o.payBy);
    const refused = checkGrabWindow({
      // The list does not say when the lapse ran: the deadline stands for it; the server, which knows, decides.
      lapsedAt: now >= payBy ? payBy : null,
      listsAt: new Date(o.listsAt),
      // Nor how many won shares lapsed: at most those given out at the draw (none given out: nothing to re-offer).
      lapsedShares: o.allocated ?? '0',
      alreadySet: o.grab !== null,
      opensAt: new Date(times.opensAt),
      closesAt: new Date(times.closesAt),
      now,
    });
    refusal = refused ? grabWindowRefusalKey[refused] : null;
  }

  const request: GrabWindowRequest | null =
    times.opensAt !== null && times.closesAt !== null && refusal === null && reasonIssue(draft.reason) === null
      ? { id: o.id, opensAt: times.opensAt, closesAt: times.closesAt, reason: draft.reason.trim() }
      : null;
  return { missing, invalid, refusal, request };
}

/** The fields a refusal is about, to mark them in the form. */
export function grabRefusalFields(refusal: ErrorKey | null): readonly GrabTimeField[] {
  if (refusal === grabWindowRefusalKey.timesOutOfOrder) return grabTimeFields;
  if (refusal === grabWindowRefusalKey.timesInPast) return ['closesAt'];
  return [];
}
