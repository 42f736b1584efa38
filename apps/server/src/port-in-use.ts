import { createServer } from 'node:net';

// Issue 16 §4: a busy port is a one-line message and exit 1, not a stack trace.

/** The line `npm start` prints when its port is taken, or null when the error is anything else. */
export function portInUseMessage(error: unknown): string | null {
  if (!(error instanceof Error) || (error as NodeJS.ErrnoException).code !== 'EADDRINUSE') return null;
  const { port, address } = error as { port?: unknown; address?: unknown };
  const where = typeof port === 'number' ? `Port ${String(port)}` : 'The port';
  const on = typeof address === 'string' ? ` on ${address}` : '';
  const next = typeof port === 'number' && port > 0 && port < 65535 ? String(port + 1) : '…';
  return `${where}${on} is in use (EADDRINUSE): stop the other process or choose another port, e.g. PORT=${next} npm start`;
}

/** Resolves when host:port can be listened on; rejects with the listen error (EADDRINUSE …) otherwise. */
export function checkPortFree(port: number, host: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen({ port, host, exclusive: true }, () => probe.close(() => resolve()));
  });
}
