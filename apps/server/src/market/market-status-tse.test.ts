import { expect, it } from 'vitest';
import { describeEachDatabase } from '../test/harness.ts';

type Status = { profile: string; open: boolean; phase: string; nextOpen: string | null };

describeEachDatabase(
  'market status under the tse profile',
  (h) => {
    it('is open in the morning session and trades; closed at the weekend with the next opening after a holiday, and does not trade', async () => {
      // The harness clock starts on Friday 20 November 2026, 10:00 JST.
      const friday = await h().call<Status>('market/status');
      expect(friday.data).toMatchObject({ profile: 'tse', open: true, phase: 'morning', nextOpen: null });
      h().clock.advance(1000);
      expect(await h().platform.market.feed.step()).not.toBeNull();

      h().clock.advance(26 * 3_600_000); // Saturday 12:00 JST
      const saturday = await h().call<Status>('market/status');
      // Monday 23 November 2026 is Labour Thanksgiving Day, so the market next opens on Tuesday at 09:00 JST.
      expect(saturday.data).toMatchObject({
        profile: 'tse',
        open: false,
        phase: 'closed',
        nextOpen: '2026-11-24T00:00:00.000Z',
      });
      for (let i = 0; i < 5; i++) {
        h().clock.advance(60_000);
        expect(await h().platform.market.feed.step()).toBeNull();
      }
    });
  },
  { marketProfile: 'tse' },
);
