import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { initI18n } from '../../../i18n/i18n.ts';
import { createQueryClient } from '../../../shared/api/query-client.ts';
import { showToast } from '../../../shared/api/notice-toast.ts';
import { replace } from '../../../shared/navigation/navigation.ts';
import type * as Navigation from '../../../shared/navigation/navigation.ts';
import { RegisterScreen } from './register.screen.tsx';

vi.mock('../api/auth.api.ts', () => ({
  requestRegister: vi.fn(async (body: { account: string }) => ({ account: body.account })),
}));
// The kit's toast draws through its own React root; what matters here is what it is asked to show, and when.
vi.mock('../../../shared/api/notice-toast.ts', () => ({ showToast: vi.fn() }));
const noticesWhenLeaving: string[][] = [];
vi.mock('../../../shared/navigation/navigation.ts', async (original) => ({
  ...(await original<typeof Navigation>()),
  replace: vi.fn(() => noticesWhenLeaving.push(vi.mocked(showToast).mock.calls.map(([text]) => text))),
}));

function type(testId: string, value: string) {
  fireEvent.change(screen.getByTestId(testId), { target: { value } });
}

describe('registration (issue 16 §3.9, SPEC §8 success messages)', () => {
  beforeAll(async () => {
    await initI18n({ search: '?lang=en', hash: '' });
  });
  afterEach(() => {
    cleanup();
    vi.clearAllMocks();
  });

  it('shows the translated success notice before it takes the member to sign in', async () => {
    render(
      <QueryClientProvider client={createQueryClient()}>
        <RegisterScreen />
      </QueryClientProvider>,
    );
    type('register-account', '0701234567');
    type('register-password', 'kabuto2026');
    type('register-confirm', 'kabuto2026');
    type('register-invite', 'DEMO2026');
    fireEvent.click(screen.getByTestId('register-agree'));
    fireEvent.click(screen.getByTestId('register-submit'));

    await waitFor(() => expect(replace).toHaveBeenCalledWith('/login/login?account=0701234567'));
    expect(noticesWhenLeaving).toEqual([['Registration complete. Please sign in.']]);
    expect(showToast).toHaveBeenCalledWith('Registration complete. Please sign in.', true);
  });
});
