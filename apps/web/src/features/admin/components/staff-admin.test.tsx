import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { changeLang, initI18n, loadCatalogueParts } from '../../../i18n/i18n.ts';
import { createQueryClient } from '../../../shared/api/query-client.ts';
import { showSuccess } from '../../../shared/api/notice.ts';
import { changeStaffAccount, createStaffAccount, fetchStaffAccounts } from '../api/staff-admin.api.ts';
import { StaffAdmin } from './staff-admin.tsx';

const me = {
  account: '9000000001',
  role: 'admin' as const,
  status: 'active' as const,
  createdAt: '2026-11-01T00:00:00.000Z',
  disabledAt: null,
};
const reviewer = { ...me, account: '0901234567', role: 'reviewer' as const, createdAt: '2026-11-20T01:00:00.000Z' };
const away = {
  ...me,
  account: '0907654321',
  role: 'admin' as const,
  status: 'disabled' as const,
  disabledAt: '2026-11-22T03:00:00.000Z',
};

// The kit's toast needs the app's React 19 root (main.tsx); here it is only a call.
vi.mock('../../../shared/api/notice.ts', () => ({ showSuccess: vi.fn() }));

vi.mock('../../../shared/session/use-user-info.ts', () => ({
  userInfoRef: { path: 'user/info' },
  useUserInfo: () => ({ data: { account: '9000000001', role: 'admin' } }),
}));

vi.mock('../api/staff-admin.api.ts', () => ({
  staffAdminKeys: { list: ['admin/staff/list'] },
  fetchStaffAccounts: vi.fn(async () => [me, reviewer, away]),
  createStaffAccount: vi.fn(async () => ({ ...reviewer, account: '0905550000', role: 'support' })),
  changeStaffAccount: vi.fn(async () => reviewer),
}));

const renderSection = (mayManage: boolean) =>
  render(
    <QueryClientProvider client={createQueryClient()}>
      <StaffAdmin mayManage={mayManage} />
    </QueryClientProvider>,
  );

const rowOf = async (account: string) =>
  (await screen.findAllByTestId('admin-staff-row')).find((r) => r.dataset['account'] === account) as HTMLElement;

describe('back office → staff accounts (issue 25)', () => {
  beforeAll(async () => {
    // jsdom does not lay out: the panel scrolls itself into view in a browser.
    Element.prototype.scrollIntoView = vi.fn();
    await initI18n({ search: '?lang=en', hash: '' });
    await loadCatalogueParts(['admin']);
    await changeLang('en');
  });
  afterEach(() => {
    cleanup();
    vi.clearAllMocks();
  });

  it('lists every staff account with its role and status, and gives an auditor no control', async () => {
    renderSection(false);
    const rows = await screen.findAllByTestId('admin-staff-row');
    expect(rows.map((r) => [r.dataset['account'], r.dataset['role'], r.dataset['status']])).toEqual([
      ['9000000001', 'admin', 'active'],
      ['0901234567', 'reviewer', 'active'],
      ['0907654321', 'admin', 'disabled'],
    ]);
    expect(rows[0]?.textContent).toContain('You');
    expect(rows[2]?.textContent).toContain('Disabled');
    expect(rows[2]?.textContent).toContain('Since 2026-11-22 12:00 JST');
    expect(screen.getByTestId('admin-staff-note').textContent).toContain('Only administrators change them');
    expect(within(screen.getByTestId('admin-staff-table')).queryAllByRole('button')).toHaveLength(0);
    expect(screen.queryByTestId('admin-staff-create')).toBeNull();
  });

  it('offers disable to an active account, enable to a disabled one, and no password reset of one’s own', async () => {
    renderSection(true);
    const actions = async (account: string) =>
      within(await rowOf(account))
        .getAllByRole('button')
        .map((b) => b.dataset['testid']);
    expect(await actions('0901234567')).toEqual(['admin-staff-role', 'admin-staff-disable', 'admin-staff-reset']);
    expect(await actions('0907654321')).toEqual(['admin-staff-role', 'admin-staff-enable', 'admin-staff-reset']);
    expect(await actions('9000000001')).toEqual(['admin-staff-role', 'admin-staff-disable']);
  });

  it('disables an account with the reason', async () => {
    renderSection(true);
    fireEvent.click(within(await rowOf('0901234567')).getByTestId('admin-staff-disable'));
    const panel = screen.getByTestId('admin-staff-panel');
    expect(panel.dataset).toMatchObject({ action: 'disable', account: '0901234567' });
    const confirm = within(panel).getByTestId('admin-staff-confirm');
    expect(confirm).toHaveProperty('disabled', true); // no reason yet
    fireEvent.change(within(panel).getByTestId('admin-staff-reason'), { target: { value: ' Left the company ' } });
    fireEvent.click(confirm);
    await waitFor(() => expect(changeStaffAccount).toHaveBeenCalledTimes(1));
    expect(vi.mocked(changeStaffAccount).mock.calls[0]?.[0]).toEqual({
      action: 'disable',
      account: '0901234567',
      reason: 'Left the company',
    });
    await waitFor(() => expect(showSuccess).toHaveBeenCalledWith('success.saved'));
    await waitFor(() => expect(screen.queryByTestId('admin-staff-panel')).toBeNull());
  });

  it('says before sending that the last active admin cannot be disabled or demoted, and sends nothing', async () => {
    renderSection(true);
    fireEvent.click(within(await rowOf('9000000001')).getByTestId('admin-staff-disable'));
    fireEvent.change(screen.getByTestId('admin-staff-reason'), { target: { value: 'Leaving' } });
    expect(screen.getByTestId('admin-staff-refusal').textContent).toContain('last active administrator');
    expect(screen.getByTestId('admin-staff-confirm')).toHaveProperty('disabled', true);

    fireEvent.click(within(await rowOf('9000000001')).getByTestId('admin-staff-role'));
    fireEvent.change(screen.getByTestId('admin-staff-reason'), { target: { value: 'Stepping down' } });
    expect(screen.getByTestId('admin-staff-refusal').textContent).toContain('already has that role');
    fireEvent.change(screen.getByTestId('admin-staff-panel-role'), { target: { value: 'auditor' } });
    expect(screen.getByTestId('admin-staff-refusal').textContent).toContain('last active administrator');
    expect(screen.getByTestId('admin-staff-confirm')).toHaveProperty('disabled', true);
    expect(changeStaffAccount).not.toHaveBeenCalled();
  });

  it('changes a role and resets a password, the password typed twice', async () => {
    renderSection(true);
    fireEvent.click(within(await rowOf('0901234567')).getByTestId('admin-staff-role'));
    fireEvent.change(screen.getByTestId('admin-staff-panel-role'), { target: { value: 'support' } });
    fireEvent.change(screen.getByTestId('admin-staff-reason'), { target: { value: 'Moved desks' } });
    fireEvent.click(screen.getByTestId('admin-staff-confirm'));
    await waitFor(() => expect(changeStaffAccount).toHaveBeenCalledTimes(1));
    expect(vi.mocked(changeStaffAccount).mock.calls[0]?.[0]).toEqual({
      action: 'role',
      account: '0901234567',
      role: 'support',
      reason: 'Moved desks',
    });

    fireEvent.click(within(await rowOf('0901234567')).getByTestId('admin-staff-reset'));
    fireEvent.change(screen.getByTestId('admin-staff-reason'), { target: { value: 'Forgot it' } });
    fireEvent.change(screen.getByTestId('admin-staff-panel-password'), { target: { value: 'Fresh2026' } });
    fireEvent.change(screen.getByTestId('admin-staff-panel-confirm'), { target: { value: 'Fresh2027' } });
    expect(screen.getByTestId('admin-staff-panel').textContent).toContain('The two entries do not match.');
    expect(screen.getByTestId('admin-staff-confirm')).toHaveProperty('disabled', true);
    fireEvent.change(screen.getByTestId('admin-staff-panel-confirm'), { target: { value: 'Fresh2026' } });
    fireEvent.click(screen.getByTestId('admin-staff-confirm'));
    await waitFor(() => expect(changeStaffAccount).toHaveBeenCalledTimes(2));
    expect(vi.mocked(changeStaffAccount).mock.calls[1]?.[0]).toEqual({
      action: 'reset',
      account: '0901234567',
      password: 'Fresh2026',
      reason: 'Forgot it',
    });
  });

  it('creates an account only once every field passes the server’s formats', async () => {
    renderSection(true);
    const form = await screen.findByTestId('admin-staff-create');
    const submit = within(form).getByTestId('admin-staff-create-submit');
    const type = (field: string, value: string) =>
      fireEvent.change(within(form).getByTestId(`admin-staff-create-${field}`), { target: { value } });
    type('account', '090555');
    type('password', 'Start2026');
    type('confirm', 'Start2026');
    expect(within(form).getByTestId('admin-staff-create-issue').textContent).toContain('ten-digit');
    expect(submit).toHaveProperty('disabled', true);
    type('account', '0905550000');
    expect(within(form).getByTestId('admin-staff-create-issue').textContent).toBe('Choose a role');
    type('role', 'support');
    type('reason', 'New hire on the support desk');
    expect(submit).toHaveProperty('disabled', false);
    fireEvent.click(submit);
    await waitFor(() => expect(createStaffAccount).toHaveBeenCalledTimes(1));
    expect(vi.mocked(createStaffAccount).mock.calls[0]?.[0]).toEqual({
      account: '0905550000',
      password: 'Start2026',
      role: 'support',
      reason: 'New hire on the support desk',
    });
    await waitFor(() => expect(within(form).getByTestId('admin-staff-create-account')).toHaveProperty('value', ''));
    expect(fetchStaffAccounts).toHaveBeenCalled();
  });
});
