import { expect, it } from 'vitest';
import { errorKeys } from '@kabuto/contracts/errors';
import { describeEachDatabase, nextAccount } from '../test/harness.ts';

let ipCounter = 0;
/** Each test speaks from its own address, so their counters never meet. */
const nextIp = () => `10.0.${Math.floor(++ipCounter / 250)}.${(ipCounter % 250) + 1}`;

describeEachDatabase(
  'rate limits',
  (h) => {
    const post = async (path: string, body: unknown, ip: string, headers: Record<string, string> = {}) => {
      const res = await h().app.inject({
        method: 'POST',
        url: `/api/vue/${path}`,
        remoteAddress: ip,
        headers: { 'content-type': 'application/json', ...headers },
        payload: JSON.stringify(body),
      });
      return {
        http: res.statusCode,
        body: res.json() as { status: number; msg: string; data: unknown },
        headers: res.headers,
      };
    };
    const tooFrequent = { http: 429, body: { status: 0, msg: errorKeys.process.tooFrequent, data: null } };
    // h().member() registers and signs in from the default address, so the file makes one member only.
    let shared: { account: string; password: string } | undefined;
    const member = async () => (shared ??= await h().member());
    const count = async (table: 'members' | 'password_reset_codes') =>
      (await h().db.query<{ n: string }>(`SELECT count(*)::text AS n FROM ${table}`))[0]?.n;

    it('refuses the 4th sign-in attempt from one address, even with the right password', async () => {
      const m = await member();
      const ip = nextIp();
      for (let i = 0; i < 3; i++) {
        expect(
          (await post('user/login', { account: nextAccount(), password: 'wrong9999', agree: true }, ip)).http,
        ).toBe(400);
      }
      const fourth = await post('user/login', { account: m.account, password: m.password, agree: true }, ip);
      expect(fourth).toMatchObject(tooFrequent);
      expect(Number(fourth.headers['retry-after'])).toBeGreaterThan(0);
    });

    it('counts each address on its own', async () => {
      const m = await member();
      const ip = nextIp();
      for (let i = 0; i < 4; i++)
        await post('user/login', { account: nextAccount(), password: 'wrong9999', agree: true }, ip);
      expect(
        await post('user/login', { account: m.account, password: m.password, agree: true }, nextIp()),
      ).toMatchObject({ http: 200, body: { status: 1 } });
    });

    it('does not trust X-Forwarded-For for a fresh allowance', async () => {
      const ip = nextIp();
      for (let i = 0; i < 3; i++)
        await post('user/login', { account: nextAccount(), password: 'wrong9999', agree: true }, ip);
      const spoofed = await post('user/login', { account: nextAccount(), password: 'wrong9999', agree: true }, ip, {
        'x-forwarded-for': nextIp(),
      });
      expect(spoofed).toMatchObject(tooFrequent);
    });

    it('counts refused bodies too', async () => {
      const ip = nextIp();
      for (let i = 0; i < 3; i++) expect((await post('user/login', { agree: false }, ip)).http).toBe(400);
      expect(await post('user/login', { agree: false }, ip)).toMatchObject(tooFrequent);
    });

    it('refuses the 4th registration from one address and writes nothing', async () => {
      const ip = nextIp();
      const body = () => ({
        account: nextAccount(),
        password: 'abcd1234',
        confirmPassword: 'abcd1234',
        inviteCode: h().seed.inviteCode,
        agree: true,
      });
      for (let i = 0; i < 3; i++) expect((await post('user/register', { ...body(), agree: false }, ip)).http).toBe(400);
      const before = await count('members');
      expect(await post('user/register', body(), ip)).toMatchObject(tooFrequent);
      expect(await count('members')).toBe(before);
    });

    it('limits the password-reset calls: codes sent and codes tried', async () => {
      const m = await member();
      const ip = nextIp();
      for (let i = 0; i < 3; i++) expect((await post('user/sendResetCode', { account: m.account }, ip)).http).toBe(200);
      const sent = h().sms.sent.length;
      const codes = await count('password_reset_codes');
      expect(await post('user/sendResetCode', { account: m.account }, ip)).toMatchObject(tooFrequent);
      expect(h().sms.sent.length).toBe(sent);
      expect(await count('password_reset_codes')).toBe(codes);

      const other = nextIp();
      const reset = { account: m.account, code: '000000', password: 'fresh12345', confirmPassword: 'fresh12345' };
      for (let i = 0; i < 3; i++) expect((await post('user/resetPassword', reset, other)).http).toBe(400);
      expect(await post('user/resetPassword', reset, other)).toMatchObject(tooFrequent);
    });

    it('keeps separate allowances per route', async () => {
      const m = await member();
      const ip = nextIp();
      for (let i = 0; i < 4; i++) await post('user/login', { agree: false }, ip);
      expect(await post('user/sendResetCode', { account: m.account }, ip)).toMatchObject({ http: 200 });
    });

    it('does not limit routes without a limit', async () => {
      const ip = nextIp();
      for (let i = 0; i < 10; i++) expect((await post('common/config', { type: 'all' }, ip)).http).toBe(200);
    });
  },
  {
    rateLimits: {
      signIn: { max: 3, timeWindowMs: 60_000 },
      register: { max: 3, timeWindowMs: 60_000 },
      resetCode: { max: 3, timeWindowMs: 60_000 },
    },
  },
);
