import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';

/**
 * The built server as a child process on a free port, with a database of its own (demo data
 * seeded): the suite's shared server (global-setup.ts), and the specs that stop and start one.
 * With TEST_DATABASE_URL set (as CI sets it) the database is a new one on that PostgreSQL server,
 * the production path, dropped again afterwards; otherwise it is the embedded one in the data
 * directory, as `npm start` runs.
 */
const root = resolve(import.meta.dirname, '../..');
export const SERVER_MAIN = join(root, 'apps/server/dist/main.js');

export function freePort(): Promise<number> {
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

export interface OwnServer {
  baseUrl: string;
  dataDir: string;
  logFile: string;
  /** Stops the process (SIGTERM, then SIGKILL after 5 s). */
  stop(): Promise<void>;
  /** Starts it again on the same port and data. */
  start(): Promise<void>;
  /** Stops it and removes its data. */
  dispose(): Promise<void>;
}

/**
 * `host: 'localhost'` serves the portal at http://localhost:port (its PUBLIC_URL too): passkeys
 * need a host name, never an IP address, as their relying party.
 */
export async function startOwnServer(
  env: NodeJS.ProcessEnv = {},
  options: { host?: 'localhost' } = {},
): Promise<OwnServer> {
  if (!existsSync(SERVER_MAIN) || !existsSync(join(root, 'apps/web/dist/index.html'))) {
    throw new Error('Build the app first (npm run build); the end-to-end suite runs against the built tree.');
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'vp-e2e-'));
  const database = await createDatabase();
  const logFile = join(dataDir, 'server.log');
  const port = await freePort();
  const baseUrl = `http://${options.host ?? '127.0.0.1'}:${port}`;
  const log = createWriteStream(logFile, { flags: 'a' });
  let child: ChildProcess | null = null;
  let exit: string | null = null;

  const start = async () => {
    exit = null;
    const proc = spawn(process.execPath, [SERVER_MAIN], {
      cwd: root,
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        DATABASE_URL: database?.url ?? '',
        SEED_DEMO: '1',
        SMTP_URL: '',
        PUBLIC_URL: baseUrl,
        LOG_LEVEL: 'info',
        // Passwords are hashed at a test cost (hashParams in the server's passwords.ts), so the
        // suite's many logins do not queue behind scrypt.
        NODE_ENV: 'test',
        TEST_SCRYPT_LOG2N: '12',
        // The specs' API client (Playwright's request context, on Node's http agent) reuses an idle
        // connection without reading the server's Keep-Alive hint, so one reused just as the
        // server closes it after its 5 s was reset; browsers retry such a request themselves.
        KEEP_ALIVE_SECONDS: '120',
        IDLE_TIMEOUT_SECONDS: '150',
        // The specs sign MLS staff in with a password alone; the two-step specs set their own.
        MFA_REQUIRED_ROLES: 'none',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child = proc;
    proc.stdout?.pipe(log, { end: false });
    proc.stderr?.pipe(log, { end: false });
    proc.on('exit', (code, signal) => {
      exit = `code ${code}, signal ${signal}`;
    });
    try {
      await waitForHealth(`${baseUrl}/api/health`, () => exit, 60_000);
    } catch (error) {
      proc.kill('SIGKILL');
      const tail = existsSync(logFile) ? readFileSync(logFile, 'utf8').slice(-4000) : '';
      throw new Error(`${(error as Error).message}\n--- server log ---\n${tail}`, { cause: error });
    }
  };

  const stop = async () => {
    const proc = child;
    if (!proc || exit) return;
    const stopped = new Promise((r) => proc.once('exit', r));
    proc.kill('SIGTERM');
    const timer = setTimeout(() => proc.kill('SIGKILL'), 5_000);
    await stopped;
    clearTimeout(timer);
  };

  await start();
  return {
    baseUrl,
    dataDir,
    logFile,
    stop,
    start,
    async dispose() {
      await stop();
      await database?.drop();
      log.end();
      if (!process.env.E2E_KEEP_DATA) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A new PostgreSQL database on TEST_DATABASE_URL's server, when one is configured. */
async function createDatabase(): Promise<{ url: string; drop(): Promise<void> } | null> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) return null;
  const name = `vp_e2e_${randomBytes(6).toString('hex')}`;
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE DATABASE ${name}`);
  // A throwaway database need not wait for each commit to reach the disk; every other behaviour of
  // PostgreSQL is unchanged.
  await admin(`ALTER DATABASE ${name} SET synchronous_commit = off`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}
