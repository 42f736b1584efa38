// Issue 27 "A phone that never waits": interaction to next paint when a member taps a row of the market list while
// quotes stream. Playwright drives Debian's Chromium at a phone viewport with the CPU slowed by the same calibrated
// factor Lighthouse used in this run; the browser's own Event Timing API (what INP is defined on) gives each
// interaction's duration: input delay + processing + the wait for the next frame to be presented.
import { chromium } from '@playwright/test';
import type { Page } from '@playwright/test';
import { chromiumArgs } from '../scripts/chromium.ts';
import type { BenchSession } from './bench-server.ts';

export interface InpRun {
  /** The longest interaction of the tap (pointerdown, pointerup, click share one interaction id), in ms. */
  inpMs: number;
  /** Quote messages the page received over the stream before the tap, and from the tap until the stock opened. */
  quotesBeforeTap: number;
  quotesDuringTap: number;
}

/** Event Timing entries of every interaction from now on, kept on `window` for the bench to read. */
const observeInteractions = () => {
  const seen: { id: number; duration: number; name: string }[] = [];
  (window as unknown as { __interactions: typeof seen }).__interactions = seen;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as PerformanceEventTiming[])
      if (entry.interactionId) seen.push({ id: entry.interactionId, duration: entry.duration, name: entry.name });
  }).observe({ type: 'event', durationThreshold: 16, buffered: true } as PerformanceObserverInit);
};

async function longestInteraction(page: Page): Promise<number> {
  // Event Timing entries are queued after the frame is presented: give the observer a few frames.
  await page.evaluate(
    () =>
      new Promise<void>((resolve) =>
        requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve, 200))),
      ),
  );
  const entries = await page.evaluate(
    () => (window as unknown as { __interactions: { id: number; duration: number }[] }).__interactions,
  );
  // Under the 16 ms threshold the browser reports nothing: the interaction took at most one frame.
  return entries.reduce((longest, e) => Math.max(longest, e.duration), 16);
}

async function phonePage(executablePath: string, cpuSlowdown: number, session?: BenchSession) {
  const browser = await chromium.launch({ executablePath, args: chromiumArgs });
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    locale: 'ja-JP',
    timezoneId: 'Asia/Tokyo',
  });
  if (session)
    await context.addInitScript((values) => {
      for (const [key, value] of Object.entries(values)) window.localStorage.setItem(key, value);
    }, session);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown });
  return { browser, page };
}

/**
 * One run: open the market list signed in, wait until quotes stream into the rows, then tap the third row (the member
 * opens that stock) and take the longest interaction the tap caused.
 */
export async function marketRowTap(
  executablePath: string,
  origin: string,
  cpuSlowdown: number,
  session: BenchSession,
): Promise<InpRun> {
  const { browser, page } = await phonePage(executablePath, cpuSlowdown, session);
  try {
    let quotes = 0;
    page.on('websocket', (socket) => {
      socket.on('framereceived', ({ payload }) => {
        if (typeof payload === 'string' && payload.includes('"type":"quote"')) quotes += 1;
      });
    });
    await page.goto(`${origin}/#/market/market`, { waitUntil: 'networkidle' });
    const row = page.getByTestId('quote-row').nth(2);
    await row.waitFor({ state: 'visible', timeout: 60_000 });
    // Quotes are streaming into the list before the tap (the feed steps every second or so).
    const deadline = Date.now() + 30_000;
    while (quotes < 3 && Date.now() < deadline) await page.waitForTimeout(250);
    await page.evaluate(observeInteractions);
    const before = quotes;
    await row.tap();
    await page.waitForURL(/marketDetail/, { timeout: 30_000 });
    const inpMs = await longestInteraction(page);
    return { inpMs: Math.round(inpMs), quotesBeforeTap: before, quotesDuringTap: quotes - before };
  } finally {
    await browser.close();
  }
}

/**
 * The same-run baseline: the same phone, the same slowdown, a tap on a button whose handler only changes its own text.
 * What remains is the browser's own cost of an interaction on this host at that moment.
 */
export async function baselineTap(executablePath: string, cpuSlowdown: number): Promise<InpRun> {
  const { browser, page } = await phonePage(executablePath, cpuSlowdown);
  try {
    await page.setContent(
      '<button style="font-size:20px;min-height:48px" onclick="this.textContent=\'tapped\'">tap</button>',
    );
    await page.evaluate(observeInteractions);
    await page.locator('button').tap();
    await page.waitForFunction(() => document.querySelector('button')?.textContent === 'tapped');
    return { inpMs: Math.round(await longestInteraction(page)), quotesBeforeTap: 0, quotesDuringTap: 0 };
  } finally {
    await browser.close();
  }
}
