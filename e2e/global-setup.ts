import { spawn } from 'node:child_process';
import { createWriteStream, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

/**
 * Starts the built server on a free port with a fresh embedded database (demo data seeded) and
 * hands its address and log file to the specs through the environment. The log is how specs read
 * links that the server would otherwise mail.
 */
const root = resolve(import.meta.dirname, '..');

function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? resolvePort(address.port) : reject(new Error('no port')),
      );
    });
  });
}

async function waitForHealth(url: string, exited: () => string | null, limitMs: number): Promise<void> {
  const deadline = Date.now() + limitMs;
  while (Date.now() < deadline) {
    const exit = exited();
    if (exit) throw new Error(`The server exited before it was ready (${exit}).`);
    try {
      const response = await fetch(url);
      if (response.status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`The server did not answer ${url} within ${limitMs / 1000} s.`);
}

export default async function globalSetup(): Promise<() => Promise<void>> {
  const main = join(root, 'apps/server/dist/main.js');
  if (!existsSync(main) || !existsSync(join(root, 'apps/web/dist/index.html'))) {
    throw new Error('Build the app first (npm run build); the end-to-end suite runs against the built tree.');
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'vp-e2e-'));
  const logFile = join(dataDir, 'server.log');
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const log = createWriteStream(logFile);

  const child = spawn(process.execPath, [main], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      SEED_DEMO: '1',
      SMTP_URL: '',
      PUBLIC_URL: baseUrl,
      LOG_LEVEL: 'info',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.pipe(log, { end: false });
  child.stderr.pipe(log, { end: false });
  let exit: string | null = null;
  child.on('exit', (code, signal) => {
    exit = `code ${code}, signal ${signal}`;
  });

  try {
    await waitForHealth(`${baseUrl}/api/health`, () => exit, 60_000);
  } catch (error) {
    child.kill('SIGKILL');
    const tail = existsSync(logFile) ? readFileSync(logFile, 'utf8').slice(-4000) : '';
    throw new Error(`${(error as Error).message}\n--- server log ---\n${tail}`, { cause: error });
  }

  process.env.E2E_BASE_URL = baseUrl;
  process.env.E2E_SERVER_LOG = logFile;

  return async () => {
    if (!exit) {
      const stopped = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
      await stopped;
      clearTimeout(timer);
    }
    log.end();
    if (!process.env.E2E_KEEP_DATA) rmSync(dataDir, { recursive: true, force: true });
  };
}
