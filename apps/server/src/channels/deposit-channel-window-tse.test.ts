import { expect, it } from 'vitest';
import { describeEachDatabase } from '../test/harness.ts';

interface MemberChannels {
  channels: { id: string; window: { rule: string; open: boolean; opensAt: string | null } }[];
}

// SPEC §9: deposit window weekdays 09:30–19:30 JST, closed on holidays — under the `tse` market profile.
describeEachDatabase(
  'deposit channel window under the tse profile',
  (h) => {
    it('follows the JST window for a "profile" channel and stays open for an "always" channel', async () => {
      const admin = await h().signIn(h().seed.staffAccount, h().seed.staffPassword);
      const save = (windowRule: string) =>
        h().call<{ id: string }>(
          'admin/channels/save',
          {
            name: `window ${windowRule}`,
            bankName: 'Bank',
            branchName: 'Main',
            accountType: 'ordinary',
            accountNumber: '1234567',
            accountHolder: 'Kabuto',
            min: '1000',
            max: '100000',
            windowRule,
            active: true,
          },
          admin,
        );
      const [byProfile, always] = [(await save('profile')).data.id, (await save('always')).data.id];
      const m = await h().member();
      const windows = async () => {
        // A fresh session each time: the clock moves past a session's 12 hours.
        const res = await h().call<MemberChannels>(
          'user/deposit/channels',
          {},
          await h().signIn(m.account, m.password),
        );
        const of = (id: string) => res.data.channels.find((c) => c.id === id)?.window;
        return { profile: of(byProfile), always: of(always) };
      };
      // The test clock starts on Friday 20 Nov 2026, 10:00 JST.
      expect(await windows()).toEqual({
        profile: { rule: 'tse', open: true, opensAt: null },
        always: { rule: 'always', open: true, opensAt: null },
      });
      // Saturday 12:00 JST: closed until Tuesday 09:30 JST, as Monday 23 Nov is Labour Thanksgiving Day.
      h().clock.advance(26 * 3_600_000);
      expect(await windows()).toEqual({
        profile: { rule: 'tse', open: false, opensAt: '2026-11-24T00:30:00.000Z' },
        always: { rule: 'always', open: true, opensAt: null },
      });
    });
  },
  { marketProfile: 'tse' },
);
