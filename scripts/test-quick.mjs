// `npm run test:quick`: while working, the contract, server (embedded database) and web tests that
// the files changed since `main` (committed or not) can reach; vitest follows the import graph.
// Pass another base as the first argument (`npm run test:quick -- HEAD~3`).
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { root } from './lib/build.mjs';

const git = (...args) => spawnSync('git', args, { cwd: root, encoding: 'utf8' });
const base =
  process.argv[2] ?? (git('rev-parse', '--verify', '--quiet', 'main').status === 0 ? 'main' : 'HEAD');

const workspaces = [
  { name: 'contract', dir: 'packages/contract' },
  { name: 'server', dir: 'apps/server' },
  { name: 'web', dir: 'apps/web' },
];

// The quick run uses the embedded database whatever the shell says.
const env = { ...process.env };
delete env.TEST_DB;

let failed = 0;
for (const { name, dir } of workspaces) {
  console.log(`\n=== ${name}: tests reached by changes since ${base}`);
  const result = spawnSync(
    join(root, 'node_modules/.bin/vitest'),
    ['run', '--changed', base, '--passWithNoTests'],
    { cwd: join(root, dir), stdio: 'inherit', env },
  );
  if (result.status !== 0) failed++;
}
console.log(failed ? `\n${failed} of ${workspaces.length} workspaces failed` : '\nall passed');
process.exit(failed ? 1 : 0);
