// `npm run bench`: every bench script in turn; exits non-zero if any figure misses its target.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const scripts = ['bundle', 'lighthouse', 'startup', 'profile-throughput', 'login-burst'];
const failed = [];
for (const name of scripts) {
  console.log(`\n=== bench:${name}`);
  const result = spawnSync(process.execPath, [fileURLToPath(new URL(`./${name}.mjs`, import.meta.url))], {
    stdio: 'inherit',
  });
  if (result.status !== 0) failed.push(name);
}
console.log(failed.length ? `\nMissed or failed: ${failed.join(', ')}` : '\nAll figures within target.');
process.exitCode = failed.length ? 1 : 0;
