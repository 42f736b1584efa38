import { describe, expect, it } from 'vitest';
import { memoryBus, redisBus, type Bus } from './bus.ts';
import { describeScaled } from '../test/scaled.ts';

const received = (bus: Bus, channel: string) => {
  const got: string[] = [];
  return { got, ready: bus.subscribe(channel, (m) => got.push(m)) };
};
const until = async (check: () => boolean, ms = 3000) => {
  const end = Date.now() + ms;
  while (!check() && Date.now() < end) await new Promise((r) => setTimeout(r, 10));
};

function busScenarios(make: () => Bus) {
  it('delivers a message to every subscriber of its channel, in order, and none to others', async () => {
    const a = make();
    const b = make();
    const channel = `test:${Math.random()}`;
    const one = received(b, channel);
    const two = received(b, channel);
    const other = received(b, `${channel}:other`);
    await Promise.all([one.ready, two.ready, other.ready]);
    for (const m of ['1', '2', '3']) await a.publish(channel, m);
    await until(() => one.got.length === 3 && two.got.length === 3);
    expect(one.got).toEqual(['1', '2', '3']);
    expect(two.got).toEqual(['1', '2', '3']);
    expect(other.got).toEqual([]);
    await a.close();
    if (b !== a) await b.close();
  });

  it('stops delivering after unsubscribe', async () => {
    const bus = make();
    const got: string[] = [];
    const channel = `test:${Math.random()}`;
    const off = await bus.subscribe(channel, (m) => got.push(m));
    await bus.publish(channel, 'before');
    await until(() => got.length === 1);
    await off();
    await bus.publish(channel, 'after');
    await new Promise((r) => setTimeout(r, 100));
    expect(got).toEqual(['before']);
    await bus.close();
  });
}

describe('in-process bus (embedded mode)', () => {
  const shared = memoryBus();
  busScenarios(() => shared);
});

describeScaled('Redis bus: two processes, one channel', (services) => {
  busScenarios(() => redisBus(services().redisUrl));
});

describeScaled('Redis bus: two deployments on one Redis', (services) => {
  it('hears only its own namespace (one deployment = one database)', async () => {
    const staging = redisBus(services().redisUrl, `staging-${String(process.pid)}`);
    const alsoStaging = redisBus(services().redisUrl, `staging-${String(process.pid)}`);
    const production = redisBus(services().redisUrl, `production-${String(process.pid)}`);
    const heard: string[] = [];
    await staging.subscribe('kabuto:market', (m) => heard.push(`staging:${m}`));
    await production.subscribe('kabuto:market', (m) => heard.push(`production:${m}`));
    await alsoStaging.publish('kabuto:market', 'tick');
    await new Promise((r) => setTimeout(r, 200));
    expect(heard).toEqual(['staging:tick']);
    await Promise.all([staging.close(), alsoStaging.close(), production.close()]);
  });
});
