import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClientProvider, useMutation } from '@tanstack/react-query';
import { changeLang, initI18n, loadCatalogueParts } from '../../../i18n/i18n.ts';
import { createQueryClient } from '../../../shared/api/query-client.ts';
import { fetchAuditLog } from '../api/audit-log.api.ts';
import { AuditLogViewer } from './audit-log-viewer.tsx';

const entry = (id: string, action: string) => ({
  id,
  actorAccount: '9000000001',
  actorRole: 'admin' as const,
  action,
  target: '7203',
  reason: '',
  requestId: `req-${id}`,
  createdAt: '2026-11-24T04:35:00.000Z',
});

vi.mock('../api/audit-log.api.ts', () => ({
  fetchAuditLog: vi.fn(async () => ({
    items: [entry('3', 'market.halt'), entry('2', 'staff.signIn'), entry('1', 'someday.newAction')],
    total: 3,
  })),
  auditLogKey: (page: number, pageSize: number, action: string) => ['admin/auditLog', page, pageSize, action],
}));

/** Any staff action elsewhere in the app: a mutation that succeeds (halt a stock, decide a deposit, …). */
function StaffAction() {
  const act = useMutation({ mutationFn: async () => 'done' });
  return (
    <button type="button" onClick={() => act.mutate()}>
      act
    </button>
  );
}

function renderWithClient() {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <StaffAction />
      <AuditLogViewer />
    </QueryClientProvider>,
  );
}

const actionCells = () => screen.getAllByTestId('admin-audit-action').map((cell) => cell.textContent);

describe('audit log viewer (issue 16 §3.9)', () => {
  beforeAll(async () => {
    await initI18n({ search: '?lang=en', hash: '' });
    await loadCatalogueParts(['admin']);
  });
  afterEach(() => {
    cleanup();
    vi.clearAllMocks();
  });

  it('shows each action in words in the staff member language, an unknown one as its key', async () => {
    await changeLang('en');
    renderWithClient();
    await screen.findAllByTestId('admin-audit-row');
    expect(actionCells()).toEqual(['Trading halted', 'Staff sign-in', 'someday.newAction']);
    cleanup();

    await changeLang('jp');
    renderWithClient();
    await screen.findAllByTestId('admin-audit-row');
    expect(actionCells()).toEqual(['売買停止', 'スタッフのログイン', 'someday.newAction']);
    cleanup();

    await changeLang('tw');
    renderWithClient();
    await screen.findAllByTestId('admin-audit-row');
    expect(actionCells()).toEqual(['暫停交易', '員工登入', 'someday.newAction']);
  });

  it('filters by an action chosen in words', async () => {
    await changeLang('en');
    renderWithClient();
    await screen.findAllByTestId('admin-audit-row');
    const filter = screen.getByTestId('admin-audit-filter');
    expect(screen.getByRole('option', { name: 'Trading halted' })).toBeTruthy();
    fireEvent.change(filter, { target: { value: 'market.halt' } });
    await waitFor(() =>
      expect(fetchAuditLog).toHaveBeenLastCalledWith(
        expect.objectContaining({ action: 'market.halt' }),
        expect.anything(),
      ),
    );
  });

  it('fetches the log again after a staff action succeeds, without a reload', async () => {
    await changeLang('en');
    renderWithClient();
    await screen.findAllByTestId('admin-audit-row');
    expect(fetchAuditLog).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByRole('button', { name: 'act' }));
    await waitFor(() => expect(fetchAuditLog).toHaveBeenCalledTimes(2));
  });
});
