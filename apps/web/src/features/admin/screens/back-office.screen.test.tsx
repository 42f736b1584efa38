import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import type { StaffRole } from '@kabuto/contracts/fields';
import { changeLang, initI18n, loadCatalogueParts } from '../../../i18n/i18n.ts';
import { createQueryClient } from '../../../shared/api/query-client.ts';
import { clearSession, signIn } from '../../../shared/session/session.store.ts';
import { BackOfficeScreen } from './back-office.screen.tsx';

// The role comes from the server's user/info; every section is a stub here, so only the navigation is under test.
const who = vi.hoisted(() => ({ role: 'admin' as StaffRole }));
vi.mock('../../../shared/session/use-user-info.ts', () => ({
  useUserInfo: () => ({ isPending: false, isError: false, data: { account: '9000000001', role: who.role } }),
}));
vi.mock('../api/back-office.api.ts', () => ({
  adminKeys: { counts: ['admin/queues/counts'] },
  fetchQueueCounts: vi.fn(async () => ({ realName: 0, deposits: 0, withdrawals: 0 })),
}));
vi.mock('../components/ipo-admin.tsx', () => ({
  IpoAdmin: ({ maySave }: { maySave: boolean }) => <div data-testid="ipo-section" data-may-save={String(maySave)} />,
}));
vi.mock('../components/audit-log-viewer.tsx', () => ({ AuditLogViewer: () => null }));
vi.mock('../components/funding-settings.tsx', () => ({ FundingSettings: () => null }));
vi.mock('../components/market-admin.tsx', () => ({ MarketAdmin: () => null }));
vi.mock('../components/news-admin.tsx', () => ({ NewsAdmin: () => null }));
vi.mock('../components/member-admin.tsx', () => ({ MemberAdmin: () => null }));
vi.mock('../components/trade-admin.tsx', () => ({ TradeAdmin: () => null }));
vi.mock('../components/reconciliation-report.tsx', () => ({ ReconciliationReport: () => null }));
vi.mock('../components/review-queues.tsx', () => ({
  DepositQueue: () => null,
  RealNameQueue: () => null,
  WithdrawalQueue: () => null,
}));

function renderAs(role: StaffRole) {
  who.role = role;
  render(
    <QueryClientProvider client={createQueryClient()}>
      <BackOfficeScreen />
    </QueryClientProvider>,
  );
}

describe('back office navigation → IPO offerings (issue 25)', () => {
  beforeAll(async () => {
    await initI18n({ search: '?lang=en', hash: '' });
    await loadCatalogueParts(['admin']);
    await changeLang('en');
    signIn({ token: 'staff-token', account: '9000000001', isAdmin: true });
  });
  afterEach(cleanup);
  // The session is the store's own: leave it empty for what runs next.
  afterAll(clearSession);

  it('shows the section to admin, support and auditors, and not to reviewers', () => {
    const shown = (['admin', 'support', 'auditor', 'reviewer'] as const).map((role) => {
      renderAs(role);
      const item = screen.queryByTestId('admin-nav-ipo');
      cleanup();
      return item?.textContent ?? null;
    });
    expect(shown).toEqual(['IPO offerings', 'IPO offerings', 'IPO offerings', null]);
  });

  it('opens it with create and cancel for admin only', () => {
    renderAs('admin');
    fireEvent.click(screen.getByTestId('admin-nav-ipo'));
    expect(screen.getByTestId('ipo-section').dataset['maySave']).toBe('true');
    cleanup();
    renderAs('auditor');
    fireEvent.click(screen.getByTestId('admin-nav-ipo'));
    expect(screen.getByTestId('ipo-section').dataset['maySave']).toBe('false');
  });
});
