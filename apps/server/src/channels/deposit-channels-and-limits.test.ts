import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import { errorKeys } from '@kabuto/contracts/errors';
import { staffRoles, type StaffRole } from '@kabuto/contracts/fields';
import type { AuditEntry } from '@kabuto/contracts/admin/audit-log';
import { describeEachDatabase } from '../test/harness.ts';
import { requireActiveChannel, resolveWindowRule, withdrawalLimits } from './channel.service.ts';

interface AdminChannel {
  id: string;
  name: string;
  min: string;
  max: string;
  windowRule: 'profile' | 'always';
  active: boolean;
}
interface MemberChannels {
  referenceCode: string;
  channels: {
    id: string;
    name: string;
    currency: string;
    min: string;
    max: string;
    window: { rule: string; open: boolean; opensAt: string | null };
  }[];
}

const channel = (over: Record<string, unknown> = {}) => ({
  name: 'Furikomi (test)',
  bankName: 'Test Trust Bank',
  branchName: 'Main',
  accountType: 'ordinary',
  accountNumber: '7654321',
  accountHolder: 'Kabuto Client Money',
  min: '2000',
  max: '3000000.50',
  windowRule: 'profile',
  active: true,
  ...over,
});

// SPEC §5 and §9: deposits and withdrawals have minimum and maximum amounts and a window; staff set them.
describeEachDatabase('deposit channels and withdrawal limits', (h) => {
  const admin = () => h().signIn(h().seed.staffAccount, h().seed.staffPassword);
  const withRole = async (role: StaffRole | null) => {
    const m = await h().member();
    await h().db.query(`UPDATE members SET staff_role = $2 WHERE account = $1`, [m.account, role]);
    // Issue 27: a staff member's calls wait until two-step sign-in is on.
    if (role) await h().staffCodes.enrol(m.headers);
    return m.headers;
  };
  const audit = async (action: string) =>
    (await h().call<{ items: AuditEntry[] }>('admin/auditLog', { action, pageSize: 100 }, await admin())).data.items;

  it('shows a member the active channels with limits as decimal strings, the window and their transfer reference', async () => {
    const saved = await h().call<AdminChannel>('admin/channels/save', channel(), await admin());
    expect(saved).toMatchObject({
      http: 200,
      status: 1,
      msg: 'success.saved',
      data: { min: '2000', max: '3000000.5', windowRule: 'profile', active: true },
    });
    const m = await h().member();
    const res = await h().call<MemberChannels>('user/deposit/channels', {}, m.headers);
    expect(res).toMatchObject({ http: 200, status: 1 });
    expect(res.data.referenceCode).toBe(`K${m.account}`);
    const mine = res.data.channels.find((c) => c.id === saved.data.id);
    // The demo profile keeps the window open around the clock.
    expect(mine).toMatchObject({
      name: 'Furikomi (test)',
      currency: 'JPY',
      min: '2000',
      max: '3000000.5',
      window: { rule: 'always', open: true, opensAt: null },
    });
    expect(mine).not.toHaveProperty('active');
  });

  it('updates a channel by id, hides an inactive one from members and refuses it to deposits', async () => {
    const created = await h().call<AdminChannel>(
      'admin/channels/save',
      channel({ name: 'To be closed' }),
      await admin(),
    );
    const id = created.data.id;
    const updated = await h().call<AdminChannel>(
      'admin/channels/save',
      channel({ id, name: 'Closed channel', min: '5000', max: '5000', active: false }),
      await admin(),
    );
    expect(updated.data).toMatchObject({ id, name: 'Closed channel', min: '5000', max: '5000', active: false });
    const m = await h().member();
    expect(
      (await h().call<MemberChannels>('user/deposit/channels', {}, m.headers)).data.channels.map((c) => c.id),
    ).not.toContain(id);
    expect(
      (await h().call<AdminChannel[]>('admin/channels/list', {}, await admin())).data.find((c) => c.id === id),
    ).toMatchObject({ active: false });
    await expect(requireActiveChannel(h().db, id)).rejects.toMatchObject({ key: errorKeys.funds.channelNotFound });
    await h().call('admin/channels/save', channel({ id, active: true }), await admin());
    expect(await requireActiveChannel(h().db, id)).toEqual({
      id,
      name: 'Furikomi (test)',
      currency: 'JPY',
      min: '2000',
      max: '3000000.5',
      windowRule: 'profile',
    });
    await expect(requireActiveChannel(h().db, randomUUID())).rejects.toMatchObject({
      key: errorKeys.funds.channelNotFound,
    });
    await expect(requireActiveChannel(h().db, 'nope')).rejects.toMatchObject({ key: errorKeys.funds.channelNotFound });
    const entries = (await audit('channel.save')).filter((e) => e.target === id);
    expect(entries).toHaveLength(3);
    expect(entries[0]).toMatchObject({ actorAccount: h().seed.staffAccount, actorRole: 'admin' });
  });

  it('refuses a minimum above the maximum, an unknown channel id and bad amounts, changing nothing', async () => {
    const before = await h().call<AdminChannel[]>('admin/channels/list', {}, await admin());
    expect(
      await h().call('admin/channels/save', channel({ min: '5000', max: '4999.99' }), await admin()),
    ).toMatchObject({ http: 400, status: 0, msg: errorKeys.request.invalid });
    expect(await h().call('admin/channels/save', channel({ id: randomUUID() }), await admin())).toMatchObject({
      http: 404,
      status: 0,
      msg: errorKeys.funds.channelNotFound,
    });
    for (const min of ['0', '-5', '1e3', '10.001', 'abc']) {
      expect(await h().call('admin/channels/save', channel({ min }), await admin()), min).toMatchObject({
        http: 400,
        status: 0,
      });
    }
    expect((await h().call<AdminChannel[]>('admin/channels/list', {}, await admin())).data).toEqual(before.data);
  });

  it('lets every staff role list channels and limits, and only an admin change them', async () => {
    for (const role of staffRoles) {
      const headers = await withRole(role);
      expect(await h().call('admin/channels/list', {}, headers), role).toMatchObject({ http: 200, status: 1 });
      expect(await h().call('admin/withdrawalLimits/get', {}, headers), role).toMatchObject({ http: 200, status: 1 });
      const save = await h().call('admin/channels/save', channel({ name: `by ${role}` }), headers);
      const limits = await h().call(
        'admin/withdrawalLimits/save',
        { min: '1000', max: '5000000', windowRule: 'profile' },
        headers,
      );
      if (role === 'admin') {
        expect(save, role).toMatchObject({ http: 200, status: 1 });
        expect(limits, role).toMatchObject({ http: 200, status: 1 });
      } else {
        expect(save, role).toMatchObject({ http: 403, msg: errorKeys.auth.forbidden });
        expect(limits, role).toMatchObject({ http: 403, msg: errorKeys.auth.forbidden });
      }
    }
    const member = await withRole(null);
    for (const path of [
      'admin/channels/list',
      'admin/channels/save',
      'admin/withdrawalLimits/get',
      'admin/withdrawalLimits/save',
    ]) {
      expect(await h().call(path, channel(), { ...member, 'is-admin': '1' }), path).toMatchObject({
        http: 403,
        msg: errorKeys.auth.forbidden,
      });
    }
  });

  it('answers the default withdrawal limits when none are set, stores new ones in settings and audits the change', async () => {
    await h().db.query(`DELETE FROM settings WHERE name LIKE 'withdraw.%'`);
    expect(await h().call('admin/withdrawalLimits/get', {}, await admin())).toMatchObject({
      http: 200,
      data: { min: '1000', max: '5000000', windowRule: 'profile' },
    });
    expect(await withdrawalLimits(h().db)).toEqual({ min: '1000', max: '5000000', windowRule: 'profile' });
    const saved = await h().call(
      'admin/withdrawalLimits/save',
      { min: '3000.50', max: '200000', windowRule: 'always' },
      await admin(),
    );
    expect(saved).toMatchObject({ http: 200, status: 1, data: { min: '3000.5', max: '200000', windowRule: 'always' } });
    expect(await h().call('admin/withdrawalLimits/get', {}, await admin())).toMatchObject({
      data: { min: '3000.5', max: '200000', windowRule: 'always' },
    });
    expect(await withdrawalLimits(h().db)).toEqual({ min: '3000.5', max: '200000', windowRule: 'always' });
    const rows = await h().db.query<{ name: string; value: string }>(
      `SELECT name, value FROM settings WHERE name LIKE 'withdraw.%' ORDER BY name`,
    );
    expect(rows).toEqual([
      { name: 'withdraw.max', value: '200000' },
      { name: 'withdraw.min', value: '3000.5' },
      { name: 'withdraw.windowRule', value: 'always' },
    ]);
    expect((await audit('withdrawalLimits.save'))[0]).toMatchObject({
      actorRole: 'admin',
      target: 'withdraw',
      requestId: saved.headers['x-request-id'],
    });
    // The limits are not public config.
    const config = await h().call<{ name: string }[]>('common/config', { type: 'all' });
    expect(config.data.map((s) => s.name).filter((n) => n.startsWith('withdraw'))).toEqual([]);
  });

  it('refuses limits with the minimum above the maximum, keeping the old ones', async () => {
    const before = (await h().call('admin/withdrawalLimits/get', {}, await admin())).data;
    expect(
      await h().call(
        'admin/withdrawalLimits/save',
        { min: '10001', max: '10000', windowRule: 'profile' },
        await admin(),
      ),
    ).toMatchObject({
      http: 400,
      status: 0,
      msg: errorKeys.request.invalid,
    });
    expect(
      await h().call(
        'admin/withdrawalLimits/save',
        { min: '100', max: '1000', windowRule: 'sometimes' },
        await admin(),
      ),
    ).toMatchObject({ http: 400, status: 0 });
    expect((await h().call('admin/withdrawalLimits/get', {}, await admin())).data).toEqual(before);
  });

  it('falls back to the defaults when stored limits are unreadable', async () => {
    await h().db.query(`UPDATE settings SET value = 'lots' WHERE name = 'withdraw.min'`);
    await h().db.query(`UPDATE settings SET value = 'never' WHERE name = 'withdraw.windowRule'`);
    expect((await withdrawalLimits(h().db)).min).toBe('1000');
    expect((await withdrawalLimits(h().db)).windowRule).toBe('profile');
  });

  it('resolves a channel’s window rule against the market profile', () => {
    expect(resolveWindowRule('profile', 'tse')).toBe('tse');
    expect(resolveWindowRule('profile', 'demo')).toBe('always');
    expect(resolveWindowRule('always', 'tse')).toBe('always');
    expect(resolveWindowRule('always', 'demo')).toBe('always');
  });
});
