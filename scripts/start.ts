// `npm start`: build the web app when its sources are newer than the build, then run the server.
import { execSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const built = join(root, 'apps/web/dist/index.html');
const sources = [
  'apps/web/src',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'apps/web/build',
  'apps/web/public',
  'packages/contracts/src',
  'packages/domain/src',
];

function newest(path: string): number {
  if (!existsSync(path)) return 0;
  const st = statSync(path);
  if (!st.isDirectory()) return st.mtimeMs;
  return Math.max(st.mtimeMs, ...readdirSync(path).map((name) => newest(join(path, name))));
}

const builtAt = existsSync(built) ? statSync(built).mtimeMs : 0;
if (Math.max(...sources.map((s) => newest(join(root, s)))) > builtAt) {
  process.stdout.write('Building the web app…\n');
  execSync('npm run build', { cwd: root, stdio: 'inherit' });
}
await import('../apps/server/src/main.ts');
