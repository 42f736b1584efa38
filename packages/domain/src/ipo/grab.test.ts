import { describe, expect, it } from 'vitest';
import { checkGrab, checkGrabWindow, grabLines, grabPhase } from './grab.ts';
import { money } from '../money.ts';

const now = new Date('2026-11-27T01:00:00Z');
const at = (minutes: number) => new Date(now.getTime() + minutes * 60_000);
const window = { opensAt: at(-1), closesAt: at(60), shares: '200', taken: '100' };

describe('grab shares (issue 25)', () => {
  it('has a phase from its window and what is left', () => {
    expect(grabPhase(window, at(-2))).toBe('notYetOpen');
    expect(grabPhase(window, now)).toBe('open');
    expect(grabPhase({ ...window, taken: '200' }, now)).toBe('soldOut');
    expect(grabPhase(window, at(60))).toBe('ended');
  });

  it('serves a non-winner once with one unit, answers sold out, refuses the rest', () => {
    const f = {
      window,
      now,
      entryStatus: 'notWon' as const,
      alreadyGrabbed: false,
      price: '1000',
      available: '100000',
    };
    const ok = checkGrab(f);
    expect('ok' in ok && [ok.ok.shares, ok.ok.amount.toFixed()]).toEqual(['100', '100000']);
    expect(checkGrab({ ...f, window: { ...window, taken: '200' } })).toEqual({ soldOut: true });
    expect(checkGrab({ ...f, window: null })).toEqual({ refused: 'notGrabTime' });
    expect(checkGrab({ ...f, now: at(61) })).toEqual({ refused: 'notGrabTime' });
    for (const status of ['won', 'paid', 'lapsed', 'awaitingDraw', null] as const)
      expect(checkGrab({ ...f, entryStatus: status })).toEqual({ refused: 'notEligible' });
    expect(checkGrab({ ...f, alreadyGrabbed: true })).toEqual({ refused: 'alreadyGrabbed' });
    expect(checkGrab({ ...f, available: '99999' })).toEqual({ refused: 'insufficientBalance' });
    const lines = grabLines('m', money('100000'));
    expect(lines.map((l) => ('member' in l.account ? l.account.book : ''))).toEqual(['available', 'margin']);
  });

  it('lets staff set a window once, after the lapse, ending by the listing', () => {
    const f = {
      lapsedAt: now,
      listsAt: at(600),
      lapsedShares: '200',
      alreadySet: false,
      opensAt: at(10),
      closesAt: at(70),
      now,
    };
    expect(checkGrabWindow(f)).toBeNull();
    expect(checkGrabWindow({ ...f, lapsedAt: null })).toBe('notLapsed');
    expect(checkGrabWindow({ ...f, alreadySet: true })).toBe('alreadySet');
    expect(checkGrabWindow({ ...f, lapsedShares: '0' })).toBe('nothingToGrab');
    expect(checkGrabWindow({ ...f, closesAt: f.opensAt })).toBe('timesOutOfOrder');
    expect(checkGrabWindow({ ...f, closesAt: at(601) })).toBe('timesOutOfOrder');
    expect(checkGrabWindow({ ...f, opensAt: at(-100), closesAt: at(-1) })).toBe('timesInPast');
  });
});
