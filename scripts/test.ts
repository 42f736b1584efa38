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

interface PlaywrightSuite {
  suites?: PlaywrightSuite[];
  specs?: {
    title: string;
    file: string;
    line: number;
    tests?: { status: string; results?: { error?: { message?: string } }[] }[];
  }[];
}

const failedSteps: string[] = [];
for (const step of steps) {
  process.stdout.write(`\n── ${step.name}: ${step.cmd.join(' ')}\n`);
  const res = spawnSync(step.cmd[0] as string, step.cmd.slice(1), { stdio: 'inherit' });
  if (res.status !== 0) failedSteps.push(step.name);
}

let passed = 0;
let failed = 0;
let skipped = 0;
// The names of what failed, repeated at the very end: CI keeps only the tail of a long log.
const failures: string[] = [];
const firstLine = (messages: string[] | undefined) => (messages?.[0] ?? '').split('\n')[0]?.slice(0, 300) ?? '';
if (existsSync('.tmp/vitest.json')) {
  const v = JSON.parse(readFileSync('.tmp/vitest.json', 'utf8')) as {
    numPassedTests: number;
    numFailedTests: number;
    numPendingTests: number;
    numTodoTests: number;
    testResults?: {
      name: string;
      message?: string;
      assertionResults?: { status: string; fullName: string; failureMessages?: string[] }[];
    }[];
  };
  passed += v.numPassedTests;
  failed += v.numFailedTests;
  skipped += v.numPendingTests + v.numTodoTests;
  for (const file of v.testResults ?? []) {
    const where = file.name.replace(`${process.cwd()}/`, '');
    const failedTests = (file.assertionResults ?? []).filter((t) => t.status === 'failed');
    for (const t of failedTests) failures.push(`${where} › ${t.fullName}: ${firstLine(t.failureMessages)}`);
    if (failedTests.length === 0 && file.message) failures.push(`${where}: ${firstLine([file.message])}`);
  }
}
if (existsSync('.tmp/playwright.json')) {
  const p = JSON.parse(readFileSync('.tmp/playwright.json', 'utf8')) as {
    stats: { expected: number; unexpected: number; flaky: number; skipped: number };
    suites?: PlaywrightSuite[];
  };
  passed += p.stats.expected + p.stats.flaky;
  failed += p.stats.unexpected;
  skipped += p.stats.skipped;
  const walk = (suite: PlaywrightSuite) => {
    for (const spec of suite.specs ?? [])
      for (const t of spec.tests ?? [])
        if (t.status === 'unexpected') {
          const last = t.results?.[t.results.length - 1];
          failures.push(
            `${spec.file}:${spec.line} › ${spec.title}: ${firstLine(last?.error?.message ? [last.error.message] : [])}`,
          );
        }
    for (const child of suite.suites ?? []) walk(child);
  };
  for (const suite of p.suites ?? []) walk(suite);
}
if (failures.length > 0) process.stdout.write(`\nFailed tests:\n${failures.map((f) => `  ✘ ${f}`).join('\n')}\n`);
if (failedSteps.length > 0) process.stdout.write(`\nFailed steps: ${failedSteps.join(', ')}\n`);
// A line CI reads: "N passed, N failed".
process.stdout.write(`\ntests: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}\n`);
process.exit(failedSteps.length > 0 || failed > 0 ? 1 : 0);
