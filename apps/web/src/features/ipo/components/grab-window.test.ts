import { describe, expect, it } from 'vitest';
import { allErrorKeys } from '@kabuto/contracts/errors';
import { checkGrab, grabPhase } from '@kabuto/domain/ipo/grab';
import { grabRefusalKey, grabWindowOf, sharesLeft, unitsServed } from './grab-window.ts';
import { grabWindowWire } from '../offering.fixture.ts';

describe('the grab window’s pieces (issue 25 grab shares)', () => {
  it('name every refusal of the one grab check by a key the server can send', () => {
    const keys = new Set<string>(allErrorKeys());
    expect(Object.values(grabRefusalKey).filter((key) => !keys.has(key))).toEqual([]);
  });

  it('read the wire’s times for the domain rules: open now, ended at the close, not yet open before it', () => {
    const wire = grabWindowWire();
    const facts = grabWindowOf(wire);
    if (!facts) throw new Error('a window was expected');
    expect(grabPhase(facts, new Date())).toBe('open');
    expect(grabPhase(facts, new Date(wire.closesAt))).toBe('ended');
    expect(grabPhase(facts, new Date(Date.parse(wire.opensAt) - 1))).toBe('notYetOpen');
    expect(grabWindowOf(null)).toBeNull();
    const press = (available: string) =>
      checkGrab({
        window: facts,
        now: new Date(),
        entryStatus: 'notWon',
        alreadyGrabbed: false,
        price: '1250',
        available,
      });
    expect(press('125000')).toEqual({ ok: { shares: '100', amount: expect.anything() } });
    expect(press('124999.99')).toEqual({ refused: 'insufficientBalance' });
  });

  it('count the shares left and the units served from the window’s figures', () => {
    expect(sharesLeft({ shares: '1200', taken: '300' })).toBe('900');
    expect(sharesLeft({ shares: '300', taken: '300' })).toBe('0');
    expect(sharesLeft({ shares: '300', taken: '400' })).toBe('0');
    expect(unitsServed({ taken: '0' })).toBe(0);
    expect(unitsServed({ taken: '1200' })).toBe(12);
  });
});
