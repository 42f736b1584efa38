// `npm test`: lint, typecheck, unit and API tests (vitest), browser tests (Playwright) — then one summary line.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';

interface Step {
  name: string;
  cmd: string[];
}
const steps: Step[] = [
  { name: 'lint', cmd: ['npm', 'run', 'lint'] },
  { name: 'typecheck', cmd: ['npm', 'run', 'typecheck'] },
  {
    name: 'unit and API tests',
    cmd: ['npx', 'vitest', 'run', '--reporter=default', '--reporter=json', '--outputFile.json=.tmp/vitest.json'],
  },
  { name: 'browser tests', cmd: ['npm', 'run', 'test:e2e'] },
];

mkdirSync('.tmp', { recursive: true });
for (const f of ['.tmp/vitest.json', '.tmp/playwright.json']) rmSync(f, { force: true });

const failedSteps: string[] = [];
for (const step of steps) {
  process.stdout.write(`\n── ${step.name}: ${step.cmd.join(' ')}\n`);
  const res = spawnSync(step.cmd[0] as string, step.cmd.slice(1), { stdio: 'inherit' });
  if (res.status !== 0) failedSteps.push(step.name);
}

let passed = 0;
let failed = 0;
let skipped = 0;
if (existsSync('.tmp/vitest.json')) {
  const v = JSON.parse(readFileSync('.tmp/vitest.json', 'utf8')) as {
    numPassedTests: number;
    numFailedTests: number;
    numPendingTests: number;
    numTodoTests: number;
  };
  passed += v.numPassedTests;
  failed += v.numFailedTests;
  skipped += v.numPendingTests + v.numTodoTests;
}
if (existsSync('.tmp/playwright.json')) {
  const p = JSON.parse(readFileSync('.tmp/playwright.json', 'utf8')) as {
    stats: { expected: number; unexpected: number; flaky: number; skipped: number };
  };
  passed += p.stats.expected + p.stats.flaky;
  failed += p.stats.unexpected;
  skipped += p.stats.skipped;
}
if (failedSteps.length > 0) process.stdout.write(`\nFailed steps: ${failedSteps.join(', ')}\n`);
// A line CI reads: "N passed, N failed".
process.stdout.write(`\ntests: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}\n`);
process.exit(failedSteps.length > 0 || failed > 0 ? 1 : 0);
