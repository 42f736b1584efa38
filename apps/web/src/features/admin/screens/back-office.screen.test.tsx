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
  fetchQueueCounts: vi.fn(async () => ({ realName: 0, deposits: 0, withdrawals: 0, seats: 2, blocks: 3 })),
}));
vi.mock('../components/ipo-admin.tsx', () => ({
  IpoAdmin: ({ maySave }: { maySave: boolean }) => <div data-testid="ipo-section" data-may-save={String(maySave)} />,
}));
vi.mock('../components/block-admin.tsx', () => ({
  BlockAdmin: ({ maySave }: { maySave: boolean }) => (
    <div data-testid="block-section" data-may-save={String(maySave)} />
  ),
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
  SeatQueue: ({ mayDecide }: { mayDecide: boolean }) => (
    <div data-testid="seat-section" data-may-decide={String(mayDecide)} />
  ),
  BlockQueue: ({ mayDecide }: { mayDecide: boolean }) => (
    <div data-testid="block-queue-section" data-may-decide={String(mayDecide)} />
  ),
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

describe('back office navigation → seat accounts (issue 25)', () => {
  beforeAll(async () => {
    await initI18n({ search: '?lang=en', hash: '' });
    await loadCatalogueParts(['admin']);
    await changeLang('en');
    signIn({ token: 'staff-token', account: '9000000001', isAdmin: true });
  });
  afterEach(cleanup);
  afterAll(clearSession);

  it('shows the queue to every staff role, beside the withdrawals, with its waiting count', async () => {
    for (const role of ['admin', 'reviewer', 'auditor', 'support'] as const) {
      renderAs(role);
      const nav = [...document.querySelectorAll<HTMLElement>('.admin-nav__item')].map((b) => b.dataset['testid']);
      expect(nav.indexOf('admin-nav-seats'), role).toBe(nav.indexOf('admin-nav-withdrawals') + 1);
      expect(screen.getByTestId('admin-nav-seats').textContent).toContain('Seat accounts');
      expect((await screen.findByTestId('admin-count-seats')).textContent).toBe('2');
      cleanup();
    }
  });

  it('lets admin and reviewers decide, and auditors and support only read', () => {
    const mayDecide = (['admin', 'reviewer', 'auditor', 'support'] as const).map((role) => {
      renderAs(role);
      fireEvent.click(screen.getByTestId('admin-nav-seats'));
      const decides = screen.getByTestId('seat-section').dataset['mayDecide'];
      cleanup();
      return decides;
    });
    expect(mayDecide).toEqual(['true', 'true', 'false', 'false']);
  });
});

describe('back office navigation → block trades (issue 25)', () => {
  beforeAll(async () => {
    await initI18n({ search: '?lang=en', hash: '' });
    await loadCatalogueParts(['admin']);
    await changeLang('en');
    signIn({ token: 'staff-token', account: '9000000001', isAdmin: true });
  });
  afterEach(cleanup);
  afterAll(clearSession);

  it('shows the applications queue to every role after the seat accounts, with its waiting count', async () => {
    for (const role of ['admin', 'reviewer', 'auditor', 'support'] as const) {
      renderAs(role);
      const nav = [...document.querySelectorAll<HTMLElement>('.admin-nav__item')].map((b) => b.dataset['testid']);
      expect(nav.indexOf('admin-nav-blockApplications'), role).toBe(nav.indexOf('admin-nav-seats') + 1);
      expect(screen.getByTestId('admin-nav-blockApplications').textContent).toContain('Block-trade applications');
      expect((await screen.findByTestId('admin-count-blockApplications')).textContent).toBe('3');
      expect(screen.getByTestId('admin-nav-block').textContent).toBe('Block trades');
      cleanup();
    }
  });

  it('lets admin and reviewers decide applications, and only admin list or withdraw products', () => {
    const rights = (['admin', 'reviewer', 'auditor', 'support'] as const).map((role) => {
      renderAs(role);
      fireEvent.click(screen.getByTestId('admin-nav-blockApplications'));
      const decides = screen.getByTestId('block-queue-section').dataset['mayDecide'];
      fireEvent.click(screen.getByTestId('admin-nav-block'));
      const saves = screen.getByTestId('block-section').dataset['maySave'];
      cleanup();
      return [decides, saves];
    });
    expect(rights).toEqual([
      ['true', 'true'],
      ['true', 'false'],
      ['false', 'false'],
      ['false', 'false'],
    ]);
  });
});
