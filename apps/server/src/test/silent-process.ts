import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp, type KabutoApp } from '../app.ts';
import type { Bus, Leader } from '../platform/public.ts';
import type { Answer, Harness } from './harness.ts';

/** Nothing it is given leaves the process. */
const deadBus: Bus = {
  kind: 'memory',
  publish: async () => undefined,
  subscribe: async () => async () => undefined,
  close: async () => undefined,
};

const neverLeads: Leader = {
  isLeader: () => false,
  epoch: () => null,
  onChange: () => () => undefined,
  start: async () => undefined,
  stop: async () => undefined,
};

/**
 * Another API process on the harness's database that never leads and whose messages never leave it: what it commits
 * is all the rest of the deployment can learn, as if it died right after each commit. Loads its snapshot like a
 * process that has just started.
 */
export async function silentProcess(h: Harness): Promise<{
  platform: KabutoApp['platform'];
  call<T = unknown>(path: string, body: unknown, headers: Record<string, string>): Promise<Answer<T>>;
  close(): Promise<void>;
}> {
  const uploadDir = await mkdtemp(join(tmpdir(), 'kabuto-silent-'));
  const { app, platform } = await buildApp({
    db: h.db,
    clock: h.clock,
    uploadDir,
    bus: deadBus,
    leader: neverLeads,
    market: { feedIntervalMs: null, backfill: 'onDemand' },
  });
  await app.ready();
  return {
    platform,
    async call<T>(path: string, body: unknown, headers: Record<string, string>): Promise<Answer<T>> {
      const res = await app.inject({
        method: 'POST',
        url: `/api/vue/${path}`,
        headers: { 'content-type': 'application/json', ...headers },
        payload: JSON.stringify(body),
      });
      const json = res.json() as { status: 0 | 1; msg: string; data: T };
      return { http: res.statusCode, status: json.status, msg: json.msg, data: json.data, headers: res.headers };
    },
    async close() {
      await app.close();
      await rm(uploadDir, { recursive: true, force: true });
    },
  };
}
