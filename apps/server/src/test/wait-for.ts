/**
 * Waits for something another part of the system does on its own time (a relay, a replayed feed, a takeover): reads
 * `probe` every `everyMs` until `done` accepts what it read, and answers that. At the deadline it throws, naming what
 * it waited for and the last thing it read, so a wait that never ends fails the test instead of letting it carry on.
 */
export async function waitFor<T>(
  what: string,
  ms: number,
  probe: () => T | Promise<T>,
  done: (seen: T) => boolean,
  everyMs = 50,
): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const seen = await probe();
    if (done(seen)) return seen;
    if (Date.now() >= end)
      throw new Error(`timed out after ${String(ms)} ms waiting for ${what}; last seen: ${JSON.stringify(seen)}`);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}
