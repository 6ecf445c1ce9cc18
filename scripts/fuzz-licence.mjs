// `npm run fuzz:licence [-- RUNS [SEED]]`: the licence's model-based test with many more random
// sequences than CI runs (default 10,000) and a fresh seed, printed first so a failure can be
// replayed with the same seed. fast-check prints the failing sequence, shrunk. With
// TEST_DB=postgres and TEST_DATABASE_URL set, it runs on PostgreSQL instead of the embedded database.
import { spawn } from 'node:child_process';
import { randomInt } from 'node:crypto';
import { join } from 'node:path';
import { root } from './lib/build.mjs';

const runs = Number(process.argv[2] ?? process.env.LICENCE_FUZZ_RUNS ?? 10_000);
const seed = Number(process.argv[3] ?? process.env.LICENCE_FUZZ_SEED ?? randomInt(2 ** 31 - 1));
if (!Number.isInteger(runs) || runs < 1 || !Number.isInteger(seed)) {
  console.error('usage: npm run fuzz:licence -- [RUNS] [SEED]');
  process.exit(2);
}
console.log(`licence fuzz: ${runs} sequences, seed ${seed}`);
const started = Date.now();
const child = spawn(
  join(root, 'node_modules/.bin/vitest'),
  ['run', 'src/modules/licences/licence-model.test.ts'],
  {
    cwd: join(root, 'apps/server'),
    stdio: 'inherit',
    env: {
      ...process.env,
      LICENCE_FUZZ_RUNS: String(runs),
      LICENCE_FUZZ_SEED: String(seed),
      // A sequence takes a fraction of a second; the run is given a day.
      LICENCE_FUZZ_TIMEOUT_MS: String(24 * 60 * 60 * 1000),
    },
  },
);
child.on('exit', (code) => {
  const minutes = ((Date.now() - started) / 60_000).toFixed(1);
  console.log(
    `licence fuzz: ${runs} sequences, seed ${seed}: ${code === 0 ? 'none failed' : 'FAILED'} in ${minutes} min`,
  );
  process.exit(code ?? 1);
});
