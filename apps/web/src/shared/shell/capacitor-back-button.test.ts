import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installNativeBackButton, isCapacitorShell } from './native-shell.ts';
import type { NativeBackBridge } from './native-shell.ts';

// The Capacitor Android bridge, simulated: @capacitor/app's listener registry and its exit, as the native side drives them.
const bridge = vi.hoisted(() => {
  const listeners = new Set<() => void>();
  return {
    listeners,
    exitApp: vi.fn(() => Promise.resolve()),
    addListener: vi.fn((eventName: string, listener: () => void) => {
      if (eventName === 'backButton') listeners.add(listener);
      return Promise.resolve({ remove: () => Promise.resolve(void listeners.delete(listener)) });
    }),
    /**
     * The hardware back button, as AppPlugin.java handles it while a listener is registered: every backButton
     * listener is called, then `backbutton` is dispatched on `document` for Cordova-style pages.
     */
    press: () => {
      listeners.forEach((listener) => listener());
      document.dispatchEvent(new Event('backbutton', { cancelable: true }));
    },
  };
});

vi.mock('@capacitor/app', () => ({ App: { addListener: bridge.addListener, exitApp: bridge.exitApp } }));

/** Lets the dynamic import of the bridge and its listener registration settle. */
const bridgeReady = () => vi.waitFor(() => expect(bridge.listeners.size).toBe(1));

describe('Android back button through @capacitor/app (SPEC §2)', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-27T09:00:00Z'));
    window.Capacitor = { isNativePlatform: () => true };
  });

  afterEach(() => {
    vi.useRealTimers();
    delete window.Capacitor;
    bridge.listeners.clear();
    bridge.addListener.mockClear();
    bridge.exitApp.mockClear();
  });

  it('tells the shell from a browser by the bridge it injects', () => {
    expect(isCapacitorShell({ Capacitor: { isNativePlatform: () => true } })).toBe(true);
    expect(isCapacitorShell({ Capacitor: { isNativePlatform: () => false } })).toBe(false);
    expect(isCapacitorShell({})).toBe(false);
  });

  it('goes back while there is history, then arms exit and quits on a second press within 1000 ms', async () => {
    let history = 2;
    const goBack = vi.fn(() => (history -= 1));
    const notify = vi.fn();
    const uninstall = installNativeBackButton({ canGoBack: () => history > 0, goBack, notify });
    await bridgeReady();
    expect(bridge.addListener).toHaveBeenCalledWith('backButton', expect.any(Function));

    bridge.press();
    bridge.press();
    expect(goBack).toHaveBeenCalledTimes(2);
    expect(notify).not.toHaveBeenCalled();

    bridge.press();
    expect(notify).toHaveBeenCalledOnce();
    expect(bridge.exitApp).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1_000);
    bridge.press();
    expect(bridge.exitApp).toHaveBeenCalledOnce();
    uninstall();
  });

  it('re-arms when the second press comes after 1000 ms', async () => {
    const notify = vi.fn();
    const uninstall = installNativeBackButton({ canGoBack: () => false, goBack: vi.fn(), notify });
    await bridgeReady();
    bridge.press();
    vi.advanceTimersByTime(1_001);
    bridge.press();
    expect(notify).toHaveBeenCalledTimes(2);
    expect(bridge.exitApp).not.toHaveBeenCalled();
    uninstall();
  });

  it('hands the button back to Capacitor when unwired', async () => {
    const uninstall = installNativeBackButton({ canGoBack: () => true, goBack: vi.fn(), notify: vi.fn() });
    await bridgeReady();
    uninstall();
    await vi.waitFor(() => expect(bridge.listeners.size).toBe(0));
  });

  it('registers nothing when unwired before the bridge loaded, and stops a registration that finished late', async () => {
    const stop = vi.fn();
    let registered!: (stopListening: () => void) => void;
    const onBackButton = vi.fn(() => new Promise<() => void>((resolve) => (registered = resolve)));
    let loaded!: (b: NativeBackBridge) => void;
    const probe = { inCapacitor: () => true, loadBridge: () => new Promise<NativeBackBridge>((r) => (loaded = r)) };

    installNativeBackButton({ canGoBack: () => true, goBack: vi.fn(), notify: vi.fn() }, probe)();
    loaded({ onBackButton, exitApp: vi.fn() });
    await Promise.resolve();
    await Promise.resolve();
    expect(onBackButton).not.toHaveBeenCalled();

    const uninstall = installNativeBackButton({ canGoBack: () => true, goBack: vi.fn(), notify: vi.fn() }, probe);
    loaded({ onBackButton, exitApp: vi.fn() });
    await vi.waitFor(() => expect(onBackButton).toHaveBeenCalledOnce());
    uninstall();
    registered(stop);
    await vi.waitFor(() => expect(stop).toHaveBeenCalledOnce());
  });

  it('never loads the bridge in a browser', async () => {
    delete window.Capacitor;
    const loadBridge = vi.fn();
    const uninstall = installNativeBackButton(
      { canGoBack: () => false, goBack: vi.fn(), notify: vi.fn() },
      { inCapacitor: () => isCapacitorShell(), loadBridge },
    );
    await Promise.resolve();
    expect(loadBridge).not.toHaveBeenCalled();
    expect(bridge.addListener).not.toHaveBeenCalled();
    uninstall();
  });
});
