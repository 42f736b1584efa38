import { afterEach, describe, expect, it, vi } from 'vitest';
import { createBackHandler } from './back-handler.ts';
import { BACK_BUTTON_EVENT, installNativeBackButton } from './native-shell.ts';

function pressBack(): void {
  document.dispatchEvent(new Event(BACK_BUTTON_EVENT, { cancelable: true }));
}

describe('native back button (SPEC §2)', () => {
  afterEach(() => {
    vi.useRealTimers();
    delete window.KabutoShell;
  });

  it('goes back while there is history, without arming exit', () => {
    let clock = 0;
    const deps = { canGoBack: () => true, goBack: vi.fn(), exitApp: vi.fn(), notify: vi.fn(), now: () => clock };
    const onBack = createBackHandler(deps);
    expect(onBack()).toBe('back');
    clock += 200;
    expect(onBack()).toBe('back');
    expect(deps.goBack).toHaveBeenCalledTimes(2);
    expect(deps.notify).not.toHaveBeenCalled();
    expect(deps.exitApp).not.toHaveBeenCalled();
  });

  it('arms exit on the first press and quits on a second press within 1000 ms', () => {
    let clock = 10_000;
    const deps = { canGoBack: () => false, goBack: vi.fn(), exitApp: vi.fn(), notify: vi.fn(), now: () => clock };
    const onBack = createBackHandler(deps);
    expect(onBack()).toBe('armed');
    expect(deps.notify).toHaveBeenCalledOnce();
    clock += 1_000;
    expect(onBack()).toBe('exit');
    expect(deps.exitApp).toHaveBeenCalledOnce();
  });

  it('re-arms instead of quitting when the second press comes too late', () => {
    let clock = 0;
    const deps = { canGoBack: () => false, goBack: vi.fn(), exitApp: vi.fn(), notify: vi.fn(), now: () => clock };
    const onBack = createBackHandler(deps);
    onBack();
    clock += 1_001;
    expect(onBack()).toBe('armed');
    expect(deps.exitApp).not.toHaveBeenCalled();
    expect(deps.notify).toHaveBeenCalledTimes(2);
    clock += 999;
    expect(onBack()).toBe('exit');
  });

  it('reacts to the shell back event on document and exits through window.KabutoShell', () => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-01-05T00:00:00Z'));
    const exit = vi.fn();
    window.KabutoShell = { exit };
    const notify = vi.fn();
    const goBack = vi.fn();
    let history = 1;
    const uninstall = installNativeBackButton({
      canGoBack: () => history > 0,
      goBack: () => {
        history -= 1;
        goBack();
      },
      notify,
    });

    pressBack();
    expect(goBack).toHaveBeenCalledOnce();
    pressBack();
    expect(notify).toHaveBeenCalledOnce();
    expect(exit).not.toHaveBeenCalled();
    vi.advanceTimersByTime(500);
    pressBack();
    expect(exit).toHaveBeenCalledOnce();

    uninstall();
    pressBack();
    expect(notify).toHaveBeenCalledOnce();
  });

  it('does nothing harmful outside a shell', () => {
    const uninstall = installNativeBackButton({
      canGoBack: () => false,
      goBack: vi.fn(),
      notify: vi.fn(),
      now: () => 0,
    });
    expect(() => {
      pressBack();
      pressBack();
    }).not.toThrow();
    uninstall();
  });
});
