import { describe, expect, it } from 'vitest';
import { nextStatus, requiredStatus, type PositionEvent } from './lifecycle.ts';
import { positionStatuses } from './position.ts';

const events: PositionEvent[] = ['fill', 'cancel', 'close', 'closeLater', 'settle'];

describe('position lifecycle (SPEC §4)', () => {
  it('allows exactly pending → holding | cancelled, holding → closed | closing, closing → closed', () => {
    const allowed = positionStatuses.flatMap((s) =>
      events.flatMap((e) => {
        const to = nextStatus(s, e);
        return to ? [`${s} -${e}-> ${to}`] : [];
      }),
    );
    expect(allowed).toEqual([
      'pending -fill-> holding',
      'pending -cancel-> cancelled',
      'holding -close-> closed',
      'holding -closeLater-> closing',
      'closing -settle-> closed',
    ]);
  });

  it('names the state each event needs, for the refusal a wrong state gets', () => {
    expect(requiredStatus('cancel')).toBe('pending');
    expect(requiredStatus('close')).toBe('holding');
    expect(requiredStatus('settle')).toBe('closing');
  });

  it('lets nothing leave closed or cancelled', () => {
    for (const e of events) {
      expect(nextStatus('closed', e)).toBeNull();
      expect(nextStatus('cancelled', e)).toBeNull();
    }
  });
});
