// `tsx bench/cpu-profile-summary.ts <file.cpuprofile> [orders]`: where a process's CPU went, from a V8 CPU profile (as
// `BENCH_CPU_PROFILE` writes for the trading bench). Self time is grouped by where the function lives (our modules,
// each dependency, Node's own code, the engine's idle and garbage collection); with the number of orders placed during
// the profile, each group is also shown as CPU microseconds per order.
import { readFileSync } from 'node:fs';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
}

/** The group a function belongs to: a package, one of our folders, Node itself, or the engine's own states. */
function groupOf(frame: ProfileNode['callFrame']): string {
  const { url, functionName } = frame;
  if (url === '') {
    if (functionName === '(idle)') return '(idle: waiting for I/O)';
    if (functionName === '(garbage collector)') return '(garbage collector)';
    if (functionName === '(program)') return '(program: V8 and native code)';
    return `(native) ${functionName}`;
  }
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (pkg) return `npm ${pkg[1]}`;
  if (url.startsWith('node:')) return `node ${url.slice(5).split('/')[0]}`;
  const ours = /\/(apps\/[^/]+\/src\/[^/]+|packages\/[^/]+\/src)/.exec(url);
  if (ours) return ours[1] as string;
  return url;
}

export function summarise(profile: Profile): { group: string; ms: number }[] {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map<number, number>();
  profile.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));
  const groups = new Map<string, number>();
  for (const [id, us] of self) {
    const node = byId.get(id);
    if (!node) continue;
    const g = groupOf(node.callFrame);
    groups.set(g, (groups.get(g) ?? 0) + us / 1000);
  }
  return [...groups].map(([group, ms]) => ({ group, ms })).sort((a, b) => b.ms - a.ms);
}

if (process.argv[1]?.endsWith('cpu-profile-summary.ts')) {
  const file = process.argv[2];
  if (!file) throw new Error('usage: tsx bench/cpu-profile-summary.ts <file.cpuprofile> [orders]');
  const orders = Number(process.argv[3] ?? 0);
  const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;
  const rows = summarise(profile);
  const total = rows.reduce((s, r) => s + r.ms, 0);
  const busy = rows.filter((r) => !r.group.startsWith('(idle')).reduce((s, r) => s + r.ms, 0);
  process.stdout.write(
    `profile ${(total / 1000).toFixed(1)} s, busy ${(busy / 1000).toFixed(1)} s (${((100 * busy) / total).toFixed(0)} %)${orders ? `, ${orders} orders: ${((busy * 1000) / orders).toFixed(0)} µs of CPU an order` : ''}\n`,
  );
  process.stdout.write(
    `| where | share of samples | ${orders ? 'µs an order |' : ''}\n|---|---|${orders ? '---|' : ''}\n`,
  );
  for (const r of rows.slice(0, 25))
    process.stdout.write(
      `| ${r.group} | ${((100 * r.ms) / total).toFixed(1)} % |${orders ? ` ${((r.ms * 1000) / orders).toFixed(0)} |` : ''}\n`,
    );
}
