import { existsSync } from 'node:fs';

export const chromiumInstallLine = 'apt-get update && apt-get install -y chromium';

// Debian's Chromium; never a browser downloaded by a test tool.
export function findChromium(env: NodeJS.ProcessEnv = process.env): string | null {
  const candidates = [env.CHROME_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].filter((p): p is string =>
    Boolean(p),
  );
  return candidates.find((p) => existsSync(p)) ?? null;
}

export const chromiumArgs = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
